export { createDb, deferredPglite, deferredPostgres, openPgliteCluster, type CreateDbOptions, type DbHandle, type DbKind, type DbLogger } from './create-db.ts';
export { prepare, preparedName, runPrepared, MAX_PREPARED } from './prepared.ts';
export { PGliteDialect, type PgliteSession } from './pglite-dialect.ts';
export { migrateToLatest, migrateDown, migrateDownAll } from './migrate.ts';
export { scheduleJob, claimDueJobs, completeJob, type ScheduledJob, type ClaimOptions } from './jobs.ts';
export { seedDemoData, needsSeed } from './seeds/demo.ts';
export type * from './schema.ts';
