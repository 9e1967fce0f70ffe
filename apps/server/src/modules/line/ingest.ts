/**
 * The feed ingester: a provider's catalogue, snapshot and events into the catalogue tables,
 * and from there to the live topics (through the writer).
 *
 * Start: catalogue → subscribe (events queue) → snapshot, reconciled with what the database
 * already has → the queued events after the snapshot's `seq` → the provider's clock starts.
 * Then events are applied in batches, one transaction per batch, a few milliseconds after
 * they arrive (a feed tick's events share one transaction and one delta per game).
 *
 * One node ingests a provider at a time (see lease.ts); the others only answer requests.
 * Started under the lease, every transaction first checks the lease's fence: when another
 * node has taken the lease over meanwhile, the batch is refused whole and ingestion stops.
 */
import { performance } from 'node:perf_hooks';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '@betsite/db';
import { BET_STATUS, GAME_STATUS, isGameOver, type Clock, type GameResult } from '@betsite/domain';
import type { FeedEvent, FeedGame, FeedMarketOdds, FeedProvider, FeedSnapshot } from '@betsite/feed';
import type { LineChanges } from './changes.ts';
import { LeaseLostError, type LeaseFence } from './lease.ts';
import { resultView } from './rows.ts';
import { applyLive, applyResult, finalLive, outcomeKeys, setSuspended, upsertCatalogue, upsertGame, type CatalogueIds } from './store.ts';
import { openBatch, writeOdds } from './feed-batch.ts';
import type { LineWriter } from './writer.ts';

export interface IngesterOptions {
  feed: FeedProvider;
  db: Kysely<Database>;
  writer: LineWriter;
  clock: Clock;
  logger: FastifyBaseLogger;
  /** Write a batch this long after its first event (or once the batch before has committed, if later), so a tick's events share a transaction (default 5 ms). */
  flushMs?: number;
  /** Events per transaction at most (default 500). */
  batchSize?: number;
  /** Start-up work on the line (the sports and list rows made current) the first write waits for. */
  after?: Promise<unknown>;
}

interface KnownGame {
  id: number;
  sportId: number;
  status: number;
  startsAt: number;
}

export interface IngesterStats {
  running: boolean;
  applied: number;
  skipped: number;
  queued: number;
  lastSeq: number;
}

export class FeedIngester {
  private readonly provider: string;
  private readonly flushMs: number;
  private readonly batchSize: number;
  private readonly games = new Map<string, KnownGame>();
  private ids: CatalogueIds = { countries: new Map(), champs: new Map(), teams: new Map() };
  private queue: FeedEvent[] = [];
  private unsubscribe: (() => void) | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** When the first of the queued events arrived (performance.now()). */
  private firstQueuedAt = 0;
  /** A batch is being written (the next one is scheduled when it is done). */
  private writing = false;
  private flushing: Promise<void> = Promise.resolve();
  private lastSeq = -1;
  private running = false;
  /** The lease generation this run writes under (null: started by hand, as tests do). */
  private fence: LeaseFence | null = null;
  private applied = 0;
  private skipped = 0;

  constructor(private readonly options: IngesterOptions) {
    this.provider = options.feed.name;
    this.flushMs = options.flushMs ?? 5;
    this.batchSize = options.batchSize ?? 500;
  }

  stats(): IngesterStats {
    return { running: this.running, applied: this.applied, skipped: this.skipped, queued: this.queue.length, lastSeq: this.lastSeq };
  }

  async start(fence?: LeaseFence): Promise<void> {
    if (this.running) return;
    this.running = true;
    this.fence = fence ?? null;
    const { feed, db, writer, logger } = this.options;
    try {
      await this.options.after;
      const catalogue = await feed.catalogue();
      this.ids = await db.transaction().execute(async (trx) => {
        await this.fence?.verify(trx);
        return upsertCatalogue(trx, this.provider, catalogue);
      });
      await this.loadKnownGames();
      this.unsubscribe = feed.subscribe((event) => this.onEvent(event));
      const snapshot = await feed.snapshot();
      await writer.run(async (trx, changes) => {
        await this.fence?.verify(trx);
        await this.reconcile(trx, changes, snapshot);
      });
      this.lastSeq = snapshot.seq;
      this.queue = this.queue.filter((e) => e.seq > snapshot.seq);
      this.schedule();
      feed.start();
      logger.info({ provider: this.provider, games: snapshot.games.length, results: snapshot.results.length }, 'feed ingestion started');
    } catch (error) {
      await this.stop();
      throw error;
    }
  }

  async stop(): Promise<void> {
    if (!this.running) return;
    this.halt();
    await this.flushing;
    this.queue = [];
  }

  /** Stops taking events and writing them (what `stop` does before it waits for the batch in hand). */
  private halt() {
    this.running = false;
    this.options.feed.stop();
    this.unsubscribe?.();
    this.unsubscribe = null;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /** Resolves when every event received so far is written and published. */
  async settled(): Promise<void> {
    while ((this.running && this.queue.length > 0) || this.timer) {
      if (this.timer) {
        clearTimeout(this.timer);
        this.timer = null;
        this.flush();
      }
      await this.flushing;
    }
    await this.flushing;
    await this.options.writer.idle();
  }

  private onEvent(event: FeedEvent) {
    if (this.queue.length === 0) this.firstQueuedAt = performance.now();
    this.queue.push(event);
    this.schedule();
  }

  /**
   * A batch is written `flushMs` after its first event arrived, or as soon as the batch
   * before it has committed when that is later: under a steady stream the writer commits
   * about every `flushMs` rather than once per event or two, so a price change waits a few
   * milliseconds at most and the database does a fraction of the work.
   */
  private schedule() {
    if (this.timer || this.writing || !this.running || this.queue.length === 0) return;
    const wait = Math.max(0, this.firstQueuedAt + this.flushMs - performance.now());
    this.timer = setTimeout(() => {
      this.timer = null;
      this.flush();
    }, wait);
  }

  private flush() {
    this.writing = true;
    this.flushing = this.flushing.then(async () => {
      try {
        await this.writeBatch();
      } finally {
        this.writing = false;
        this.schedule();
      }
    });
  }

  /** The queued events (up to `batchSize`) in one transaction. */
  private async writeBatch(): Promise<void> {
    if (!this.running || this.queue.length === 0) return;
    const batch = this.queue.splice(0, this.batchSize).filter((e) => e.seq > this.lastSeq);
    if (batch.length === 0) return;
    try {
      // Prices and scoreboards need not wait for the disk (after a crash the provider's
      // snapshot brings them back); a result, which bets will be settled on, does.
      const durable = batch.some((e) => e.type === 'result');
      // Once committed the next batch may begin: this one's deltas leave meanwhile, in order (writer.ts).
      await this.options.writer.commit((trx, changes) => this.apply(trx, changes, batch, durable));
      this.lastSeq = batch[batch.length - 1]?.seq ?? this.lastSeq;
    } catch (err) {
      if (err instanceof LeaseLostError) {
        // Another node ingests now: nothing of this batch was written, and nothing more will be.
        this.options.logger.warn({ provider: this.provider, events: batch.length + this.queue.length }, 'feed lease taken over: batch refused, ingestion stops');
        this.skipped += batch.length + this.queue.length;
        this.halt();
        this.queue = [];
        this.fence?.lost();
        return;
      }
      // The batch is lost to this node's state; the games it touched catch up at their next events.
      this.options.logger.error({ err, provider: this.provider, events: batch.length }, 'feed batch failed');
      this.skipped += batch.length;
    }
  }

  private async loadKnownGames() {
    const rows = await this.options.db
      .selectFrom('games')
      .select(['id', 'provider_id', 'sport_id', 'status', 'starts_at'])
      .where('provider', '=', this.provider)
      .where('status', 'in', [GAME_STATUS.notStarted, GAME_STATUS.live, GAME_STATUS.break])
      .execute();
    this.games.clear();
    for (const row of rows) this.games.set(row.provider_id, { id: row.id, sportId: row.sport_id, status: row.status, startsAt: row.starts_at.getTime() });
  }

  private refsOf(game: FeedGame) {
    const champId = this.ids.champs.get(game.champId);
    const homeTeamId = this.ids.teams.get(game.homeTeamId);
    const awayTeamId = this.ids.teams.get(game.awayTeamId);
    if (champId === undefined || homeTeamId === undefined || awayTeamId === undefined) return null;
    return { champId, homeTeamId, awayTeamId };
  }

  /**
   * A batch in one transaction. Price changes are gathered and written together (the last
   * word per market), before anything that must come after them: a game's result (it closes
   * every market) or a re-sent game (it brings its own prices). The prices before the first
   * such event (in most batches, all of them) go with the opening statement.
   */
  private async apply(trx: Transaction<Database>, changes: LineChanges, events: readonly FeedEvent[], durable: boolean) {
    const known = [...new Set(events.map((e) => this.games.get(e.type === 'game' ? e.game.id : e.gameId)?.id))].filter((id): id is number => id !== undefined);
    const barrier = events.findIndex((e) => e.type === 'game' || e.type === 'result');
    const head = barrier < 0 ? events.length : barrier;
    const prices = new Map<number, Map<string, FeedMarketOdds>>();
    const gather = (gameId: number, event: Extract<FeedEvent, { type: 'odds' }>) => {
      const markets = prices.get(gameId) ?? new Map<string, FeedMarketOdds>();
      for (const market of event.markets) markets.set(market.key, market);
      prices.set(gameId, markets);
      changes.odds(gameId, event.markets, event.at);
      this.applied++;
    };
    const gathered = () => [...prices].map(([gameId, markets]) => ({ gameId, markets: [...markets.values()] }));
    for (const event of events.slice(0, head)) {
      const game = event.type === 'odds' ? this.games.get(event.gameId) : undefined;
      if (event.type === 'odds' && game) gather(game.id, event);
    }
    // The fence, the games locked, the head's prices and the list cards they change, in one
    // statement (the list rows are patched before the commit, list-rows.ts).
    const stored = await openBatch(trx, { fence: this.fence, gameIds: known, durable, odds: gathered(), cardsOf: [...changes.listPrices.keys()] });
    for (const id of known) changes.locked.add(id);
    for (const [id, card] of stored) changes.storedCards.set(id, card);
    prices.clear();
    const writePrices = async () => {
      if (prices.size === 0) return;
      await writeOdds(trx, gathered());
      prices.clear();
    };
    for (const [i, event] of events.entries()) {
      const game = event.type === 'game' ? null : this.games.get(event.gameId);
      if (event.type === 'odds' && game) {
        if (i >= head) gather(game.id, event);
        continue;
      }
      if (event.type === 'game' || event.type === 'result') await writePrices();
      if (await this.applyOne(trx, changes, event)) this.applied++;
      else this.skipped++;
    }
    await writePrices();
  }

  /** Applies one event; false when it concerns a game this node does not know (or no longer follows). */
  private async applyOne(trx: Transaction<Database>, changes: LineChanges, event: FeedEvent): Promise<boolean> {
    if (event.type === 'game') {
      const refs = this.refsOf(event.game);
      if (!refs) {
        this.options.logger.warn({ provider: this.provider, game: event.game.id }, 'feed game with an unknown champ or team');
        return false;
      }
      const { id, created } = await upsertGame(trx, this.provider, event.game, event.markets, refs);
      changes.touch(id);
      const known = this.games.get(event.game.id);
      if (created || !known) {
        this.games.set(event.game.id, { id, sportId: event.game.sportId, status: GAME_STATUS.notStarted, startsAt: event.game.startsAt });
        if (created) changes.status(id, event.game.sportId, null, GAME_STATUS.notStarted, event.at);
      } else changes.odds(id, event.markets, event.at);
      return true;
    }
    const known = this.games.get(event.gameId);
    if (!known) return false;
    switch (event.type) {
      case 'odds':
        await writeOdds(trx, [{ gameId: known.id, markets: event.markets }]);
        changes.odds(known.id, event.markets, event.at);
        return true;
      case 'live':
        await applyLive(trx, known.id, event.state, event.at);
        if (known.status !== event.state.status) {
          changes.status(known.id, known.sportId, known.status, event.state.status, event.at);
          known.status = event.state.status;
        }
        changes.live(known.id, event.state, event.at);
        return true;
      case 'suspension':
        await setSuspended(trx, known.id, event.suspended);
        changes.suspended(known.id, event.suspended, event.at);
        return true;
      case 'result':
        await this.finish(trx, changes, event.gameId, known, event.result, event.settlements, event.at);
        return true;
    }
  }

  private async finish(
    trx: Transaction<Database>,
    changes: LineChanges,
    providerId: string,
    known: KnownGame,
    result: GameResult,
    settlements: readonly { key: string; status: number }[],
    at: number,
  ) {
    await applyResult(trx, known.id, result, settlements, at);
    const status = result.phase === 'cancelled' ? GAME_STATUS.cancelled : GAME_STATUS.finished;
    changes.status(known.id, known.sportId, known.status, status, at);
    changes.result(known.id, resultView(result, at), settlements, await finalLive(trx, known.id), at);
    this.games.delete(providerId);
  }

  /**
   * Brings the database to the snapshot: new games in, scoreboards and suspensions of known
   * ones, results of games that ended while nobody was listening. A game the provider no
   * longer tells anything about, though its start has passed, is void (every bet returned):
   * without a result from the provider nobody can settle it.
   */
  private async reconcile(trx: Transaction<Database>, changes: LineChanges, snapshot: FeedSnapshot) {
    const seen = new Set<string>();
    for (const { game, markets, live, suspended } of snapshot.games) {
      seen.add(game.id);
      const refs = this.refsOf(game);
      if (!refs) continue;
      const { id, created } = await upsertGame(trx, this.provider, game, markets, refs, { live, liveAt: snapshot.at, suspended });
      changes.touch(id);
      const status = live?.status ?? GAME_STATUS.notStarted;
      const before = created ? null : (this.games.get(game.id)?.status ?? null);
      if (!created) {
        if (live) await applyLive(trx, id, live, snapshot.at);
        await setSuspended(trx, id, suspended);
      }
      if (before !== status) changes.status(id, game.sportId, before, status, snapshot.at);
      this.games.set(game.id, { id, sportId: game.sportId, status, startsAt: game.startsAt });
    }
    for (const result of snapshot.results) {
      seen.add(result.gameId);
      const known = this.games.get(result.gameId);
      if (known) await this.finish(trx, changes, result.gameId, known, result.result, result.settlements, result.at);
    }
    const now = this.options.clock.now();
    for (const [providerId, known] of [...this.games]) {
      if (seen.has(providerId) || isGameOver(known.status) || known.startsAt > now) continue;
      this.options.logger.warn({ provider: this.provider, game: providerId }, 'the feed no longer knows a started game: void');
      const voided: GameResult = { phase: 'cancelled', score: { home: 0, away: 0 }, periods: [], completedPeriods: 0 };
      const returned = (await outcomeKeys(trx, known.id)).map((key) => ({ key, status: BET_STATUS.forcedReturn }));
      await this.finish(trx, changes, providerId, known, voided, returned, now);
    }
  }
}
