/**
 * The chaos test of issue 11: a real server process on a real database takes coupons (singles,
 * expresses, systems; pre-match and live, the live ones waiting their acceptance delay), cash-outs
 * and insurances from concurrent players while an operator moves live odds and finishes games
 * (the sweep settles them in batches), and it is killed with SIGKILL five times and restarted.
 * Clients behave as real ones do: a placement that got no answer is sent again with the same
 * coupon id until it is answered.
 *
 * At the end, once the sweep has finished what it owed (nothing pending past its time, nothing
 * settleable unpaid), the coupon reconciliation (`GET /ops-api/v1/coupons/reconciliation`)
 * must be healthy: every coupon's postings are exactly what its state requires, no stray
 * posting, the house-bets shards hold what the coupons say, the ledger adds up. Every coupon a
 * client was told is placed exists, once, and no other; and every player's balance is their
 * deposit less what their coupons charged plus what they paid, coupon by coupon.
 *
 * Bounded: CHAOS_KILLS kills (default 5), a few seconds of traffic between them, seeded by
 * CHAOS_SEED (printed). Runs on PostgreSQL when TEST_DATABASE_URL is set, and on the embedded
 * database (PGlite in a data dir) always.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import {
  AccountsResponseSchema,
  CashOutOfferSchema,
  CouponHistorySchema,
  CouponReconciliationSchema,
  CouponSchema,
  FastRegistrationResponseSchema,
  GameResponseSchema,
  PaymentCreatedSchema,
  type Coupon,
  type CouponReconciliation,
} from '@betsite/contracts';
import { createSandboxProvider } from '../apps/server/src/modules/payments/sandbox.ts';
import { seededRandom } from '../apps/server/src/testing.ts';
import { chaosTargets, kill, startNode } from './support.ts';

const KILLS = Number(process.env.CHAOS_KILLS ?? 5);
const SEED = Number(process.env.CHAOS_SEED ?? Date.now() % 1_000_000);
const PLAYERS = 6;
const WORKERS = 6;
const DEPOSIT = 200_00n;
/** Games open at a time (pre-match, and live ones). */
const OPEN_GAMES = 10;
const LIVE_GAMES = 3;
const SECRET = 'chaos-coupons-signing-secret-0123456789abcdef';
const OPS_TOKEN = 'chaos-ops-token-0123456789';
const COUPONS = '/web-api/coupon/v1/coupons';
const sandbox = createSandboxProvider(SECRET);

interface Player {
  token: string;
  accountId: string;
}
interface Pick {
  gameId: number;
  outcomeKey: string;
  coef: number;
  live: boolean;
}
interface Game {
  id: number;
  live: boolean;
  picks: Pick[];
}
type Placement = { player: Player; body: Record<string, unknown> & { id: string } };

const minorOf = (amount: string | null | undefined) => (amount == null ? 0n : BigInt(Math.round(Number(amount) * 100)));

/** What a coupon moved on its player's balance, by its state (coupon/reconcile.ts says the same per posting). */
function balanceEffect(c: Coupon): bigint {
  let effect = -minorOf(c.amount) - minorOf(c.insurance?.premium);
  if (c.status === 'refused' || c.status === 'sold') effect += minorOf(c.payout);
  if (c.status === 'settled') {
    const payout = minorOf(c.payout);
    effect += payout === 0n && c.insurance ? minorOf(c.insurance.amount) : payout;
  }
  return effect;
}

describe.each(chaosTargets())('coupons under kill -9 on $name', ({ prepare }) => {
  const cleanUp: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const step of cleanUp.reverse()) await step().catch(() => undefined);
  });

  it(`stays reconciled through ${KILLS} kills (seed ${SEED})`, async () => {
    const random = seededRandom(SEED);
    const pickOf = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
    const { env, db } = await prepare();
    if (db) cleanUp.push(() => db.close());
    const dataDir = mkdtempSync(join(tmpdir(), 'betsite-chaos-coupons-'));
    cleanUp.push(async () => rmSync(dataDir, { recursive: true, force: true }));

    let node = await startNode(dataDir, { opsToken: OPS_TOKEN, signingSecret: SECRET, env: { JOBS_POLL_MS: '300', ...env } });
    cleanUp.push(() => kill(node));
    const stats = { requests: 0, unanswered: 0, serverErrors: [] as string[], kills: 0, placed: 0, retried: 0, refused: 0, cashOuts: 0, insured: 0, finished: 0, oddsMoved: 0, restartMs: [] as number[] };

    /** One HTTP call; null when the server did not answer (killed). Any 5xx is recorded as a failure. */
    async function request(method: string, path: string, init: { headers?: Record<string, string>; body?: unknown } = {}): Promise<{ status: number; body: unknown } | null> {
      stats.requests++;
      try {
        const res = await fetch(`${node.server.origin}${path}`, {
          method,
          headers: { ...(init.body === undefined ? {} : { 'content-type': 'application/json' }), ...init.headers },
          ...(init.body === undefined ? {} : { body: typeof init.body === 'string' ? init.body : JSON.stringify(init.body) }),
          signal: AbortSignal.timeout(15_000),
        });
        const text = await res.text();
        if (res.status >= 500) stats.serverErrors.push(`${method} ${path} → ${res.status} ${text.slice(0, 200)}`);
        return { status: res.status, body: text ? (JSON.parse(text) as unknown) : null };
      } catch {
        stats.unanswered++;
        return null;
      }
    }
    const ops = { authorization: `Bearer ${OPS_TOKEN}` };
    /** A call that must be answered: retried across a restart. */
    async function must(method: string, path: string, init: { headers?: Record<string, string>; body?: unknown } = {}): Promise<{ status: number; body: unknown }> {
      for (let i = 0; i < 50; i++) {
        const res = await request(method, path, init);
        if (res) return res;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      throw new Error(`${method} ${path} never answered`);
    }

    // The acceptance delay of live coupons: short, so live coupons are decided within a round
    // (the site's setting, where the server reads it; the default 3 s otherwise).
    const delay = await must('PATCH', '/ops-api/v1/site-config', { headers: { ...ops, 'content-type': 'application/merge-patch+json' }, body: { betting: { liveAcceptDelayMs: 700 } } });
    expect(delay.status, JSON.stringify(delay.body)).toBe(200);

    // Players: one click each, funded by one confirmed sandbox deposit.
    const players: Player[] = [];
    for (let i = 0; i < PLAYERS; i++) {
      const registered = await must('POST', '/web-api/registration/v1/fast', { body: { currency: 'EUR', country: 'DE', language: 'en', bonusChoice: 0 } });
      expect(registered.status).toBe(201);
      const { token } = FastRegistrationResponseSchema.parse(registered.body);
      const accounts = await must('GET', '/web-api/office/v1/accounts', { headers: { 'x-auth': token } });
      const accountId = AccountsResponseSchema.parse(accounts.body).balance.id;
      const created = await must('POST', '/web-api/payments/v1/deposits', { headers: { 'x-auth': token, 'idempotency-key': randomUUID() }, body: { accountId, amount: String(DEPOSIT / 100n), method: 'card' } });
      const { paymentId } = PaymentCreatedSchema.parse(created.body);
      const { rawBody, signature } = sandbox.callback({ id: paymentId, amount: DEPOSIT, currency: 'EUR' }, 'succeeded');
      expect((await must('POST', '/web-api/payments/v1/callbacks/sandbox', { headers: { 'content-type': 'application/json', 'x-sandbox-signature': signature }, body: rawBody })).status).toBe(200);
      players.push({ token, accountId });
    }

    // The operator's games: pre-match and live, replaced as they finish.
    const games: Game[] = [];
    let made = 0;
    async function newGame(live: boolean): Promise<void> {
      made++;
      const res = await request('POST', '/ops-api/v1/games', { headers: ops, body: { sportId: 1, champName: 'Chaos League', home: `Chaos Home ${made}`, away: `Chaos Away ${made}`, live } });
      if (res?.status !== 201) return; // cut off: another is made next time
      const { game } = GameResponseSchema.parse(res.body);
      // The match result: every pick is settled by the final score alone.
      const picks = game.markets.flatMap((m) => m.outcomes.filter((o) => o.key.startsWith('1x2:match/') && !o.blocked).map((o) => ({ gameId: game.id, outcomeKey: o.key, coef: o.coef, live })));
      if (picks.length > 0) games.push({ id: game.id, live, picks });
    }
    /** Tops the open games up; a few tries only (the server may be dead: the next call tries again). */
    async function keepGames(): Promise<void> {
      for (let i = 0; i < 2 * OPEN_GAMES && games.length < OPEN_GAMES; i++) await newGame(games.filter((g) => g.live).length < LIVE_GAMES);
    }
    await keepGames();

    const placed = new Map<string, Player>();
    const unanswered: Placement[] = [];

    async function place(p: Placement, retry = false): Promise<void> {
      const res = await request('POST', COUPONS, { headers: { 'x-auth': p.player.token }, body: p.body });
      if (!res) {
        unanswered.push(p);
        return;
      }
      if (retry) stats.retried++;
      if (res.status === 201 || res.status === 200) {
        const coupon = CouponSchema.parse(res.body);
        expect(coupon.id).toBe(p.body.id);
        placed.set(coupon.id, p.player);
        stats.placed++;
      } else {
        // Refused (a finished game, moved odds, no money): nothing placed, as the next check proves.
        expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
        stats.refused++;
      }
    }

    function newPlacement(): Placement | null {
      const open = games.slice();
      if (open.length === 0) return null;
      const roll = random();
      const amount = String(1 + Math.floor(random() * 5));
      const distinct = [...open].sort(() => random() - 0.5);
      const one = (g: Game) => pickOf(g.picks);
      let body: Record<string, unknown>;
      if (roll < 0.5 || distinct.length < 3) {
        const g = pickOf(open);
        body = { typeId: 0, amount, bets: [one(g)] };
      } else if (roll < 0.8) {
        body = { typeId: 1, amount, bets: distinct.slice(0, 2 + Math.floor(random() * 2)).map(one) };
      } else {
        body = { typeId: 2, systemValue: 2, amount: String(3 * Number(amount)), bets: distinct.slice(0, 3).map(one) };
      }
      const bets = body.bets as Pick[];
      const live = bets.some((b) => b.live);
      return {
        player: pickOf(players),
        body: { id: randomUUID(), ...body, bets: bets.map(({ gameId, outcomeKey, coef }) => ({ gameId, outcomeKey, coef })), changeCoefAction: live ? pickOf([0, 1, 1, 2]) : 1 },
      };
    }

    async function cashOutOrInsure(): Promise<void> {
      const ids = [...placed.keys()];
      if (ids.length === 0) return;
      const id = pickOf(ids);
      const player = placed.get(id)!;
      const headers = { 'x-auth': player.token };
      if (random() < 0.6) {
        const offer = await request('GET', `${COUPONS}/${id}/cash-out`, { headers });
        if (offer?.status !== 200) return;
        const parsed = CashOutOfferSchema.parse(offer.body);
        if (!parsed.available || parsed.amount === null) return;
        const res = await request('POST', `${COUPONS}/${id}/cash-out`, { headers, body: { amount: parsed.amount } });
        if (res?.status === 200) stats.cashOuts++;
      } else {
        const res = await request('POST', `${COUPONS}/${id}/insurance`, { headers, body: { share: pickOf([25, 50, 100]) } });
        if (res?.status === 200) stats.insured++;
      }
    }

    async function operate(): Promise<void> {
      if (games.length === 0) return;
      const g = pickOf(games);
      if (g.live && random() < 0.5) {
        // Live odds move: coupons of changeCoefAction 0 waiting their delay are refused, their stake returned.
        const key = pickOf(g.picks).outcomeKey;
        const res = await request('PATCH', `/ops-api/v1/games/${g.id}/odds`, { headers: ops, body: { outcomes: [{ key, coef: Number((1.2 + random() * 3).toFixed(2)) }] } });
        if (res?.status === 200) stats.oddsMoved++;
        return;
      }
      const res = await request('POST', `/ops-api/v1/games/${g.id}/finish`, { headers: ops, body: { score: { home: Math.floor(random() * 4), away: Math.floor(random() * 4) } } });
      // 409: another worker (or a cut-off call) finished it first.
      if ((res?.status === 200 || res?.status === 409) && games.includes(g)) {
        games.splice(games.indexOf(g), 1);
        stats.finished++;
        await keepGames();
      }
    }

    /** Traffic from WORKERS clients until `running.on` turns false. */
    async function traffic(running: { on: boolean }): Promise<void> {
      await Promise.all(
        Array.from({ length: WORKERS }, async () => {
          while (running.on) {
            const roll = random();
            if (roll < 0.6) {
              const p = newPlacement();
              if (p) await place(p);
            } else if (roll < 0.75) {
              await cashOutOrInsure();
            } else if (roll < 0.8) {
              await operate();
            } else {
              for (const p of unanswered.splice(0)) await place(p, true);
            }
          }
        }),
      );
    }

    for (let round = 0; round < KILLS; round++) {
      const running = { on: true };
      const run = traffic(running);
      await new Promise((resolve) => setTimeout(resolve, 1500 + random() * 2500));
      await kill(node);
      running.on = false;
      stats.kills++;
      await run;
      const started = performance.now();
      node = await startNode(dataDir, { opsToken: OPS_TOKEN, signingSecret: SECRET, env: { JOBS_POLL_MS: '300', ...env } });
      stats.restartMs.push(Math.round(performance.now() - started));
    }

    // Calm down: every cut-off placement sent again until answered, then every game finished.
    for (let i = 0; i < 10 && unanswered.length > 0; i++) for (const p of unanswered.splice(0)) await place(p, true);
    expect(unanswered).toEqual([]);
    for (const g of games.splice(0)) {
      const res = await must('POST', `/ops-api/v1/games/${g.id}/finish`, { headers: ops, body: { score: { home: 1, away: 0 } } });
      expect([200, 409]).toContain(res.status);
    }

    // The sweep (every 5 s, its first run after a start looks at every coupon) finishes what it owes.
    let report: CouponReconciliation | null = null;
    const waitUntil = Date.now() + 30_000;
    for (;;) {
      const res = await must('GET', '/ops-api/v1/coupons/reconciliation', { headers: ops });
      expect(res.status).toBe(200);
      report = CouponReconciliationSchema.parse(res.body);
      const { pending, review, settleable } = report.overdue;
      if (pending + review + settleable === 0 && (report.byStatus.pending ?? 0) === 0 && (report.byStatus.accepted ?? 0) === 0) break;
      if (Date.now() > waitUntil) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }

    console.log(
      `coupon chaos (seed ${SEED}): ${stats.kills} kills survived, ${stats.requests} requests (${stats.unanswered} cut off by a kill), ` +
        `${stats.placed} placements answered (${stats.retried} retries of a cut-off one), ${stats.refused} refused, ${stats.cashOuts} cash-outs, ${stats.insured} insured, ` +
        `${stats.finished} games finished, ${stats.oddsMoved} live odds moves, restarts in ${stats.restartMs.join('/')} ms; reconciled ${report.coupons} coupons ${JSON.stringify(report.byStatus)}`,
    );
    expect(stats.serverErrors).toEqual([]);
    expect(stats.kills).toBe(KILLS);
    expect(report.findings).toEqual([]);
    expect(report).toMatchObject({ mismatches: 0, strayPostings: 0, overdue: { pending: 0, review: 0, settleable: 0 }, ledger: { unbalancedTransactions: 0, accountsOffBalance: 0 }, healthy: true });
    expect(report.houses.every((h) => h.agrees)).toBe(true);
    // Every game finished: every coupon is settled, refused or sold.
    expect(Object.keys(report.byStatus).sort().every((s) => ['refused', 'settled', 'sold'].includes(s))).toBe(true);

    // Every coupon a client was told is placed exists, once, and no other; each player's balance
    // is the deposit and what their coupons moved.
    const seen = new Map<string, number>();
    const refusals = new Map<string, number>();
    for (const player of players) {
      const headers = { 'x-auth': player.token };
      let effect = 0n;
      for (let before: string | null = null; ; ) {
        const res = await must('GET', `${COUPONS}?status=all&limit=100${before ? `&before=${encodeURIComponent(before)}` : ''}`, { headers });
        const page = CouponHistorySchema.parse(res.body);
        for (const c of page.coupons) {
          seen.set(c.id, (seen.get(c.id) ?? 0) + 1);
          expect(placed.get(c.id)).toBe(player);
          effect += balanceEffect(c);
          if (c.refusal) refusals.set(c.refusal.code, (refusals.get(c.refusal.code) ?? 0) + 1);
        }
        if (!page.nextCursor) break;
        before = page.nextCursor;
      }
      const accounts = await must('GET', '/web-api/office/v1/accounts', { headers });
      expect(BigInt(AccountsResponseSchema.parse(accounts.body).balance.moneyMinor)).toBe(DEPOSIT + effect);
    }
    console.log(`coupon chaos (seed ${SEED}): refused after the live delay by ${JSON.stringify(Object.fromEntries(refusals))}`);
    expect([...seen.keys()].sort()).toEqual([...placed.keys()].sort());
    expect([...seen.values()].every((n) => n === 1)).toBe(true);
    expect(report.coupons).toBe(placed.size);
    expect(placed.size).toBeGreaterThan(KILLS);

    // The same straight from the database where we can read it beside the server.
    if (db) {
      const counted = await sql<{ coupons: number; stakes: number; negative: number }>`
        select (select count(*)::int from coupons) as coupons,
               (select count(*)::int from ledger_transactions where idempotency_key like 'coupon:%:stake') as stakes,
               (select count(*)::int from ledger_accounts where balance < 0 and not allow_negative) as negative`.execute(db.db);
      expect(counted.rows[0]).toEqual({ coupons: placed.size, stakes: placed.size, negative: 0 });
    }
  });
});
