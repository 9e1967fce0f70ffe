/**
 * One way to change the catalogue: `writer.run(work)` runs `work` in one transaction after
 * every earlier change of this node has been published, then publishes what it changed.
 * Serial on purpose: deltas of a game leave in the order their changes committed, so a
 * browser never applies an older price over a newer one. Before committing, the list rows
 * of the games the work touched are brought up to date (list-rows.ts).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '@betsite/db';
import type { Clock } from '@betsite/domain';
import type { LiveApi } from '../live/index.ts';
import { LineChanges } from './changes.ts';
import { updateListRows, type ListRowsUpdate } from './list-rows.ts';

export type LineWork<T> = (trx: Transaction<Database>, changes: LineChanges) => Promise<T>;

export interface LineWriterDeps {
  db: Kysely<Database>;
  live: LiveApi;
  clock: Clock;
  logger: FastifyBaseLogger;
}

export class LineWriter {
  private tail: Promise<unknown> = Promise.resolve();
  /** List rows kept since start, in games: how many were computed again, patched, or left as they were. */
  readonly listRows: ListRowsUpdate = { recomputed: 0, patched: 0, linesChosen: 0, unchanged: 0 };

  constructor(private readonly deps: LineWriterDeps) {}

  /**
   * Commits durably unless the work says otherwise: the feed ingester's price batches commit
   * without waiting for the disk (feed-batch.ts `openBatch`), as the provider's snapshot
   * restores them after a crash.
   */
  run<T>(work: LineWork<T>): Promise<T> {
    const next = this.tail.then(async () => {
      const changes = new LineChanges();
      const { result, rows } = await this.deps.db.transaction().execute(async (trx) => {
        const result = await work(trx, changes);
        // The lists' rows of what changed, in the same transaction (list-rows.ts).
        const rows = await updateListRows(trx, changes);
        return { result, rows };
      });
      for (const key of ['recomputed', 'patched', 'linesChosen', 'unchanged'] as const) this.listRows[key] += rows[key];
      if (!changes.empty) await changes.publish(this.deps.live, this.deps.db, this.deps.clock.now(), this.deps.logger);
      return result;
    });
    this.tail = next.catch(() => undefined);
    return next;
  }

  /** Resolves when every change asked for so far is written and published. */
  async idle(): Promise<void> {
    await this.tail;
  }
}
