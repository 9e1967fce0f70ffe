/**
 * One way to change the catalogue: `writer.run(work)` runs `work` in one transaction after
 * every earlier change of this node has committed, then publishes what it changed. Before
 * committing, the list rows of the games the work touched are brought up to date
 * (list-rows.ts).
 *
 * Serial on purpose: deltas of a game leave in the order their changes committed, so a
 * browser never applies an older price over a newer one. Publishing is pipelined one deep
 * (decision 0048): the next transaction begins once this one has committed and the one
 * before it has been published, so its round trips to the database overlap this one's
 * socket writes, while the deltas themselves still leave one transaction after the other.
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

/** A committed change: what its work answered, and when its deltas are out. */
export interface Committed<T> {
  result: T;
  /** Resolves (never rejects) once this change's deltas, and every earlier one's, are published. */
  published: Promise<void>;
}

export class LineWriter {
  /** What the next transaction waits for: the last one committed and the one before it published. */
  private tail: Promise<unknown> = Promise.resolve();
  /** The last publishing in hand: each waits for the one before, so deltas leave in commit order. */
  private publishing: Promise<void> = Promise.resolve();
  /** List rows kept since start, in games: how many were computed again, patched, or left as they were. */
  readonly listRows: ListRowsUpdate = { recomputed: 0, patched: 0, linesChosen: 0, unchanged: 0 };

  constructor(private readonly deps: LineWriterDeps) {}

  /**
   * Runs `work` in a transaction and answers once it is published: what an operator's
   * change wants (its deltas are out when the request answers). Commits durably unless the
   * work says otherwise: the feed ingester's price batches commit without waiting for the
   * disk (feed-batch.ts `openBatch`), as the provider's snapshot restores them after a crash.
   */
  async run<T>(work: LineWork<T>): Promise<T> {
    const { result, published } = await this.commit(work);
    await published;
    return result;
  }

  /** Runs `work` in a transaction and answers once it has committed; its deltas follow (`published`). The feed ingester's way. */
  commit<T>(work: LineWork<T>): Promise<Committed<T>> {
    const next = this.tail.then(async () => {
      const changes = new LineChanges();
      const { result, rows } = await this.deps.db.transaction().execute(async (trx) => {
        const result = await work(trx, changes);
        // The lists' rows of what changed, in the same transaction (list-rows.ts).
        const rows = await updateListRows(trx, changes);
        return { result, rows };
      });
      for (const key of ['recomputed', 'patched', 'linesChosen', 'unchanged'] as const) this.listRows[key] += rows[key];
      const before = this.publishing;
      const published = changes.empty ? before : before.then(() => this.publish(changes));
      this.publishing = published;
      return { committed: { result, published }, before };
    });
    // One deep: the next transaction may run while this one publishes, not while the one before still does.
    this.tail = next.then(
      ({ before }) => before,
      () => undefined,
    );
    return next.then(({ committed }) => committed);
  }

  private async publish(changes: LineChanges): Promise<void> {
    const { live, db, clock, logger } = this.deps;
    try {
      await changes.publish(live, db, clock.now(), logger);
    } catch (err) {
      // The database has the change; subscribers that miss a delta catch up at their next snapshot.
      logger.warn({ err }, 'line deltas not published');
    }
  }

  /** Resolves when every change asked for so far is written and published. */
  async idle(): Promise<void> {
    await this.tail;
    await this.publishing;
  }
}
