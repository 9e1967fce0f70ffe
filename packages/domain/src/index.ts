export * from './routes/route-table.ts';
export * from './guards/types.ts';
