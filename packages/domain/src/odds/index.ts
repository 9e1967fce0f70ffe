export * from './coef.ts';
export * from './formats.ts';
export * from './margin.ts';
