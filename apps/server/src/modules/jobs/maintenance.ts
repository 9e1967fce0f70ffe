/**
 * Housekeeping as recurring jobs: rows nobody needs any more are deleted once they are
 * older than the retention period, in small batches so no delete holds locks for long.
 * Each task is its own job kind, so one failing does not hold back the others.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '@betsite/db';
import type { JobRunner } from './runner.ts';

/** How long spent or expired rows are kept (for support questions and debugging). */
export const RETENTION_DAYS = 7;
const DAY_MS = 24 * 3600_000;
const BATCH = 1000;

export const MAINTENANCE_JOBS = {
  captcha: 'maintenance.purge-captcha-challenges',
  codes: 'maintenance.purge-verification-codes',
  outbox: 'maintenance.purge-outbox',
  jobs: 'maintenance.purge-done-jobs',
} as const;

/** Deletes the rows `ids` selects, a batch at a time, until none is left; the number deleted. */
async function purge(db: Kysely<Database>, table: keyof Database & ('captcha_challenges' | 'verification_codes' | 'outbox' | 'scheduled_jobs'), where: ReturnType<typeof sql>): Promise<number> {
  let total = 0;
  for (;;) {
    const result = await sql`delete from ${sql.table(table)} where id in (select id from ${sql.table(table)} where ${where} limit ${BATCH})`.execute(db);
    const deleted = Number(result.numAffectedRows ?? 0n);
    total += deleted;
    if (deleted < BATCH) return total;
  }
}

export function registerMaintenance(jobs: JobRunner, db: Kysely<Database>, { retentionDays = RETENTION_DAYS, everyMs = 3600_000 } = {}): void {
  const cutoff = (now: Date) => new Date(now.getTime() - retentionDays * DAY_MS);
  const task = (kind: string, table: Parameters<typeof purge>[1], where: (before: Date) => ReturnType<typeof sql>) =>
    jobs.every(kind, everyMs, async (_payload, { now, logger }) => {
      const deleted = await purge(db, table, where(cutoff(now)));
      if (deleted > 0) logger.info({ table, deleted, retentionDays }, 'old rows purged');
    });

  // A challenge and its token are both long expired (used or not).
  task(MAINTENANCE_JOBS.captcha, 'captcha_challenges', (before) => sql`expires_at < ${before} and (token_expires_at is null or token_expires_at < ${before})`);
  task(MAINTENANCE_JOBS.codes, 'verification_codes', (before) => sql`expires_at < ${before}`);
  task(MAINTENANCE_JOBS.outbox, 'outbox', (before) => sql`created_at < ${before}`);
  task(MAINTENANCE_JOBS.jobs, 'scheduled_jobs', (before) => sql`done_at < ${before}`);
}
