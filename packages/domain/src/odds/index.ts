export * from './coef.ts';
export * from './formats.ts';
export * from './ladder.ts';
export * from './margin.ts';
