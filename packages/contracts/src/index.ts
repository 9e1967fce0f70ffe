export * from './errors.ts';
export * from './site-config.ts';
export * from './blocks.ts';
export * from './redirects.ts';
export * from './ops.ts';
