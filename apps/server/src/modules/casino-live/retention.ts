/**
 * Rounds nobody bet on are kept a week (for the schedule's history and for checks), then
 * deleted in batches by an hourly job: about 8,000 rounds a day are drawn whether or not
 * anyone plays. Rounds with bets stay with their bets.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '@betsite/db';

export const SHARED_RETENTION_DAYS = 7;
export const SHARED_PURGE_JOB = 'casino-live.purge-empty-rounds';
const BATCH = 1000;

export async function purgeEmptyRounds(db: Kysely<Database>, now: Date, retentionDays = SHARED_RETENTION_DAYS): Promise<number> {
  const before = new Date(now.getTime() - retentionDays * 24 * 3600_000);
  let total = 0;
  for (;;) {
    const result = await sql`
      delete from casino_shared_rounds where id in (
        select r.id from casino_shared_rounds r
        where r.state in ('settled', 'void') and r.settled_at < ${before}
          and not exists (select 1 from casino_shared_bets b where b.round_id = r.id)
        limit ${BATCH})`.execute(db);
    const deleted = Number(result.numAffectedRows ?? 0n);
    total += deleted;
    if (deleted < BATCH) return total;
  }
}
