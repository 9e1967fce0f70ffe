/**
 * Which node ingests a provider: the holder of its lease in `feed_cursors` (owner and
 * `lease_until`). A node takes the lease when it is free or expired and renews it well
 * before it runs out; a node that dies stops renewing, and another takes over when the
 * lease expires. Leases run on the wall clock (they are about processes, not game time).
 *
 * Fencing: a node can stall (a long pause, a slow disk) past its lease while another takes
 * over, and wake up with a batch in hand. So each time the lease passes to another node its
 * `generation` goes up by one (a renewal keeps it), the work started under a lease gets a
 * `LeaseFence` for the generation it was started at, and every transaction that writes the
 * provider's events first locks the lease row and checks the generation (`holds`): a newer
 * one refuses the batch (`LeaseLostError`, nothing written) and the work stops. Taking the
 * lease over waits for that row lock, so a takeover and a batch of the old holder never
 * interleave.
 */
import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { Database } from '@betsite/db';
import type { FastifyBaseLogger } from 'fastify';

/** Thrown inside a batch's transaction when the lease has passed to another node: roll back, stop. */
export class LeaseLostError extends Error {
  constructor(readonly provider: string) {
    super(`the ${provider} feed lease passed to another node`);
    this.name = 'LeaseLostError';
  }
}

/** What the work holds while it runs under the lease: its generation, checked in each write. */
export interface LeaseFence {
  readonly generation: bigint;
  /** Inside a writing transaction, first: locks the lease row; throws `LeaseLostError` when the generation moved on. */
  verify(trx: Transaction<Database>): Promise<void>;
  /**
   * `verify` as part of a larger statement (a feed batch's first, feed-batch.ts): this expression
   * locks the lease row and gives its generation (null when another node owns it), which
   * `confirm` then checks.
   */
  readonly lockedGeneration: RawBuilder<unknown>;
  /** Throws `LeaseLostError` unless `generation` (what `lockedGeneration` gave) is this fence's. */
  confirm(generation: unknown): void;
  /** The work tells that it stopped because of `LeaseLostError`. */
  lost(): void;
}

export class FeedLease {
  readonly owner = randomUUID();
  /** The generation of the last successful `acquire`, null before. */
  generation: bigint | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    readonly provider: string,
    readonly ttlMs = 15_000,
  ) {}

  /** Takes or renews the lease; true while this node holds it. Taking it from another node starts a new generation. */
  async acquire(seq = 0): Promise<boolean> {
    const now = Date.now();
    const result = await sql<{ owner: string; generation: bigint }>`
      insert into feed_cursors (provider, seq, owner, lease_until, updated_at, generation)
      values (${this.provider}, ${BigInt(seq)}, ${this.owner}, ${new Date(now + this.ttlMs)}, ${new Date(now)}, 1)
      on conflict (provider) do update
        set owner = excluded.owner, lease_until = excluded.lease_until, seq = excluded.seq, updated_at = excluded.updated_at,
          generation = case when feed_cursors.owner is distinct from excluded.owner then feed_cursors.generation + 1 else feed_cursors.generation end
        where feed_cursors.owner = excluded.owner or feed_cursors.lease_until is null or feed_cursors.lease_until < ${new Date(now)}
      returning owner, generation`.execute(this.db);
    const row = result.rows[0];
    if (row?.owner !== this.owner) return false;
    this.generation = BigInt(row.generation);
    return true;
  }

  /**
   * Inside a writing transaction: locks the provider's lease row (a takeover waits for the
   * transaction) and tells whether this node still holds `generation` of it.
   */
  async holds(trx: Transaction<Database>, generation: bigint): Promise<boolean> {
    const { rows } = await sql<{ generation: unknown }>`select ${this.lockedGeneration()} as generation`.execute(trx);
    return isGeneration(rows[0]?.generation, generation);
  }

  /** The lease row's generation while this node owns it, null otherwise; the row stays locked until the transaction ends. */
  lockedGeneration(): RawBuilder<unknown> {
    return sql`(select generation from feed_cursors where provider = ${this.provider} and owner = ${this.owner} for update)`;
  }

  /** The fence of work started under the lease now; `lost` is called when the work is fenced off. */
  fence(lost: () => void): LeaseFence {
    const { generation } = this;
    if (generation === null) throw new Error('the feed lease is not held');
    return {
      generation,
      verify: async (trx) => {
        if (!(await this.holds(trx, generation))) throw new LeaseLostError(this.provider);
      },
      lockedGeneration: this.lockedGeneration(),
      confirm: (found) => {
        if (!isGeneration(found, generation)) throw new LeaseLostError(this.provider);
      },
      lost,
    };
  }

  async release(): Promise<void> {
    await this.db.updateTable('feed_cursors').set({ lease_until: null }).where('provider', '=', this.provider).where('owner', '=', this.owner).execute();
  }
}

/** Whether a generation read from the lease row (a string, number or bigint by driver; null without the row) is `generation`. */
function isGeneration(found: unknown, generation: bigint): boolean {
  return (typeof found === 'string' || typeof found === 'number' || typeof found === 'bigint') && BigInt(found) === generation;
}

export interface Leadable {
  /** Starts the work; every transaction it writes in must pass `fence.verify` first. */
  start(fence?: LeaseFence): Promise<void>;
  stop(): Promise<void>;
  stats(): { lastSeq: number };
}

/** Runs `work` while this node holds the lease: checks every third of its lifetime. */
export class Leadership {
  private timer: ReturnType<typeof setInterval> | null = null;
  private leading = false;
  /** The lease generation the running work was started at. */
  private term: bigint | null = null;
  private turn: Promise<void> = Promise.resolve();

  constructor(
    private readonly lease: FeedLease,
    private readonly work: Leadable,
    private readonly logger: FastifyBaseLogger,
  ) {}

  get isLeader(): boolean {
    return this.leading;
  }

  start(): Promise<void> {
    if (!this.timer) {
      this.timer = setInterval(() => void this.check(), Math.max(100, Math.floor(this.lease.ttlMs / 3)));
      this.timer.unref();
    }
    return this.check();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.turn;
    if (this.leading) {
      this.leading = false;
      await this.work.stop();
      await this.lease.release().catch((err: unknown) => this.logger.warn({ err }, 'feed lease not released'));
    }
  }

  /**
   * One look at the lease. The renewal itself goes out at once (never queued behind a slow
   * start, or the lease would lapse while the work starts); what follows from it — start or
   * stop the work — happens in turn.
   */
  check(): Promise<void> {
    const attempt = this.lease.acquire(Math.max(0, this.work.stats().lastSeq)).catch((err: unknown) => {
      this.logger.warn({ err, provider: this.lease.provider }, 'feed lease check failed');
      return false;
    });
    this.turn = this.turn.then(async () => {
      const held = await attempt;
      if (held && this.leading && this.lease.generation !== this.term) {
        // Another node held the lease since the work started (this one stalled through it):
        // what the work knows may be stale, so it starts over under the new generation.
        this.logger.warn({ provider: this.lease.provider }, 'feed lease came back from another node: ingestion starts over');
        this.leading = false;
        await this.work.stop();
      }
      if (held && !this.leading) {
        this.leading = true;
        this.logger.info({ provider: this.lease.provider }, 'this node ingests the feed');
        const term = this.lease.generation;
        this.term = term;
        try {
          await this.work.start(this.lease.fence(() => this.fencedOff(term)));
        } catch (err) {
          if (err instanceof LeaseLostError) this.logger.warn({ provider: this.lease.provider }, 'feed lease taken over while ingestion started');
          else this.logger.error({ err, provider: this.lease.provider }, 'feed ingestion could not start');
          this.leading = false;
          await this.lease.release().catch(() => undefined);
        }
      } else if (!held && this.leading) {
        this.leading = false;
        this.logger.warn({ provider: this.lease.provider }, 'feed lease lost: this node stops ingesting');
        await this.work.stop();
      }
    });
    return this.turn;
  }

  /** The work of generation `term` found a newer one and stopped itself; a later check starts it again if the lease comes back. */
  private fencedOff(term: bigint | null): void {
    if (!this.leading || this.term !== term) return;
    this.leading = false;
    this.logger.warn({ provider: this.lease.provider }, 'feed lease taken over by another node: this node stopped ingesting');
  }
}
