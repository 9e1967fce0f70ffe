export * from './errors.ts';
export * from './site-config.ts';
export * from './blocks.ts';
export * from './redirects.ts';
export * from './ops.ts';
export * from './bff.ts';
export * from './ops-rules.ts';
export * from './auth.ts';
