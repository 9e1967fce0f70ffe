/**
 * Durable scheduled work (ARCHITECTURE "Scheduled work"): a job is a row with a due time.
 * Workers on any number of nodes claim due rows with `FOR UPDATE SKIP LOCKED`, so a job is
 * handed to one claimer at a time; a claim expires after a lease so a crashed worker's jobs
 * run again. Handlers must therefore be idempotent.
 */
import type { Kysely, Selectable } from 'kysely';
import type { Database, JsonObject, ScheduledJobsTable } from './schema.ts';

export type ScheduledJob = Selectable<ScheduledJobsTable>;

export async function scheduleJob(
  db: Kysely<Database>,
  job: { kind: string; dueAt: Date; payload?: JsonObject },
): Promise<ScheduledJob> {
  return db
    .insertInto('scheduled_jobs')
    .values({ kind: job.kind, due_at: job.dueAt, payload: JSON.stringify(job.payload ?? {}) })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export interface ClaimOptions {
  /** A claim older than this is considered abandoned (default 60 s). */
  leaseMs?: number;
}

/**
 * Claims up to `limit` jobs of `kind` due at `now` that are not done and not claimed
 * within the lease, answered oldest due first. `now` comes from the application clock,
 * never from SQL `now()`.
 */
export async function claimDueJobs(
  db: Kysely<Database>,
  kind: string,
  now: Date,
  limit: number,
  { leaseMs = 60_000 }: ClaimOptions = {},
): Promise<ScheduledJob[]> {
  const leaseExpiredBefore = new Date(now.getTime() - leaseMs);
  const claimed = await db
    .updateTable('scheduled_jobs')
    .set((eb) => ({ claimed_at: now, attempts: eb('attempts', '+', 1) }))
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('scheduled_jobs')
        .select('id')
        .where('kind', '=', kind)
        .where('done_at', 'is', null)
        .where('due_at', '<=', now)
        .where((w) => w.or([w('claimed_at', 'is', null), w('claimed_at', '<', leaseExpiredBefore)]))
        .orderBy('due_at')
        .limit(limit)
        .forUpdate()
        .skipLocked(),
    )
    .returningAll()
    .execute();
  // RETURNING does not keep the subquery's order.
  return claimed.sort((a, b) => a.due_at.getTime() - b.due_at.getTime());
}

/** Marks a claimed job done; false when it was already done. */
export async function completeJob(db: Kysely<Database>, id: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('scheduled_jobs')
    .set({ done_at: now })
    .where('id', '=', id)
    .where('done_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}
