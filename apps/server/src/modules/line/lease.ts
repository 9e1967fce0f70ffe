/**
 * Which node ingests a provider: the holder of its lease in `feed_cursors` (owner and
 * `lease_until`). A node takes the lease when it is free or expired and renews it well
 * before it runs out; a node that dies stops renewing, and another takes over when the
 * lease expires. Leases run on the wall clock (they are about processes, not game time).
 */
import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '@betsite/db';
import type { FastifyBaseLogger } from 'fastify';

export class FeedLease {
  readonly owner = randomUUID();

  constructor(
    private readonly db: Kysely<Database>,
    readonly provider: string,
    readonly ttlMs = 15_000,
  ) {}

  /** Takes or renews the lease; true while this node holds it. */
  async acquire(seq = 0): Promise<boolean> {
    const now = Date.now();
    const result = await sql<{ owner: string }>`
      insert into feed_cursors (provider, seq, owner, lease_until, updated_at)
      values (${this.provider}, ${BigInt(seq)}, ${this.owner}, ${new Date(now + this.ttlMs)}, ${new Date(now)})
      on conflict (provider) do update
        set owner = excluded.owner, lease_until = excluded.lease_until, seq = excluded.seq, updated_at = excluded.updated_at
        where feed_cursors.owner = excluded.owner or feed_cursors.lease_until is null or feed_cursors.lease_until < ${new Date(now)}
      returning owner`.execute(this.db);
    return result.rows[0]?.owner === this.owner;
  }

  async release(): Promise<void> {
    await this.db.updateTable('feed_cursors').set({ lease_until: null }).where('provider', '=', this.provider).where('owner', '=', this.owner).execute();
  }
}

export interface Leadable {
  start(): Promise<void>;
  stop(): Promise<void>;
  stats(): { lastSeq: number };
}

/** Runs `work` while this node holds the lease: checks every third of its lifetime. */
export class Leadership {
  private timer: ReturnType<typeof setInterval> | null = null;
  private leading = false;
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
      if (held && !this.leading) {
        this.leading = true;
        this.logger.info({ provider: this.lease.provider }, 'this node ingests the feed');
        try {
          await this.work.start();
        } catch (err) {
          this.logger.error({ err, provider: this.lease.provider }, 'feed ingestion could not start');
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
}
