/**
 * The game server (decision 0023) on both databases with the fake clock: sessions from valid,
 * used and bad launch tokens; every engine played for real (the ledger moves by exactly stake
 * and win) and in demo (the ledger does not move); invalid play 400, no or bad session 401;
 * the wallet's refusals passed on; a rotation reveals the seed that replays the round with the
 * domain's replayRound; recovery finishes rounds after a simulated crash; 200 concurrent
 * rounds on one balance never overdraw; the player's round history; the games' app files.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiErrorSchema,
  CASINO_WALLET_API,
  CreatedRgsSessionSchema,
  LaunchTokenSchema,
  LIMITS_API,
  RGS_API,
  RGS_SESSION_HEADER,
  RgsPlayAnswerSchema,
  RgsSessionViewSchema,
  RotateAnswerSchema,
  RoundsAnswerSchema,
  RoundViewSchema,
  type RoundView,
} from '@betsite/contracts';
import { describeEachDb } from '@betsite/db/testing';
import { ENGINES, replayRound, serverSeedHash, verifyEngineRound, type Engine, type RoundInput } from '@betsite/domain';
import { createClock } from '../../lib/clock.ts';
import { buildTestApp, fundedPlayer, type TestPlayer } from '../../testing.ts';
import { DEV_CASINO_WALLET_SECRET } from '../casino-wallet/index.ts';
import { rgsAppFiles } from './app-files.ts';
import { IDLE_ROUND_MS, RECOVERY_GRACE_MS, RGS_JOBS, RGS_PROVIDER } from './index.ts';
import { createWalletClient, injectTransport, WalletUnavailable, type WalletClient } from './wallet-client.ts';

/** The opening request of each engine at a stake of 1.00. */
const OPENING: Record<Engine, Record<string, unknown>> = {
  'fruit-fiesta': { action: 'spin', stake: '100' },
  'pharaohs-gold': { action: 'spin', stake: '100' },
  'neon-nights': { action: 'spin', stake: '100' },
  'european-roulette': { action: 'spin', bets: [{ kind: 'red', numbers: [], stake: '60' }, { kind: 'straight', numbers: [17], stake: '40' }] },
  keno: { action: 'draw', stake: '100', picks: [3, 14, 15, 72] },
  dice: { action: 'roll', stake: '100', target: 5000, over: true },
  crash: { action: 'bet', stake: '100', cashOutAt: 150 },
  scratch: { action: 'buy', stake: '100' },
  blackjack: { action: 'deal', stake: '100' },
  'jacks-or-better': { action: 'deal', stake: '100' },
  mines: { action: 'start', stake: '100', mines: 3 },
};

/** Faults to inject in the wallet client: each call kind may throw (no answer) after or before reaching the wallet. */
interface Faults {
  credit?: 'before' | 'after';
  debit?: 'before' | 'after';
  rollback?: 'before';
}

describeEachDb('game server (rgs)', (t) => {
  const clock = createClock({ fake: true });
  const faults: Faults = {};
  const appDir = mkdtempSync(join(tmpdir(), 'rgs-app-'));
  writeFileSync(join(appDir, 'index.html'), '<!doctype html><title>games</title>');
  let app: FastifyInstance;
  beforeAll(async () => {
    let real: WalletClient | null = null;
    // The module's own client over the signed contract, with faults on demand.
    const wallet: WalletClient = {
      provider: RGS_PROVIDER,
      redeem: (token) => real!.redeem(token),
      balance: (p, c) => real!.balance(p, c),
      async debit(call) {
        if (faults.debit === 'before') throw new WalletUnavailable('injected');
        const answer = await real!.debit(call);
        if (faults.debit === 'after') throw new WalletUnavailable('injected after the wallet answered');
        return answer;
      },
      async credit(call) {
        if (faults.credit === 'before') throw new WalletUnavailable('injected');
        const answer = await real!.credit(call);
        if (faults.credit === 'after') throw new WalletUnavailable('injected after the wallet answered');
        return answer;
      },
      async rollback(call) {
        if (faults.rollback === 'before') throw new WalletUnavailable('injected');
        return real!.rollback(call);
      },
    };
    app = await buildTestApp(t.handle, { clock, rgs: { wallet, appDir } });
    real = createWalletClient({ provider: RGS_PROVIDER, secret: DEV_CASINO_WALLET_SECRET, transport: injectTransport(app) });
    await app.jobs.runDue();
  });
  afterAll(() => app.close());

  const errorOf = (res: LightMyRequestResponse) => [res.statusCode, ApiErrorSchema.parse(res.json()).code];
  const player = (balance: bigint) => fundedPlayer(app, app.ledger, balance);
  const balanceOf = (p: TestPlayer) => app.ledger.balance(p.accountId);

  async function launch(game: string, mode: 'real' | 'demo', p?: TestPlayer): Promise<string> {
    const res = await app.inject({ method: 'POST', url: CASINO_WALLET_API.launch, headers: p?.headers ?? {}, payload: { gameId: game, mode, language: 'en' } });
    expect(res.statusCode, res.body).toBe(201);
    return LaunchTokenSchema.parse(res.json()).token;
  }
  async function open(game: string, mode: 'real' | 'demo', p?: TestPlayer): Promise<string> {
    const res = await app.inject({ method: 'POST', url: RGS_API.sessions, payload: { token: await launch(game, mode, p) } });
    expect(res.statusCode, res.body).toBe(201);
    return CreatedRgsSessionSchema.parse(res.json()).sessionId;
  }
  const h = (session: string) => ({ [RGS_SESSION_HEADER]: session });
  const play = (session: string, body: unknown) => app.inject({ method: 'POST', url: RGS_API.play, headers: h(session), payload: body as never });
  const ok = (res: LightMyRequestResponse) => {
    expect(res.statusCode, res.body).toBe(200);
    return RgsPlayAnswerSchema.parse(res.json());
  };
  const sessionView = async (session: string) => {
    const res = await app.inject({ method: 'GET', url: RGS_API.session, headers: h(session) });
    expect(res.statusCode, res.body).toBe(200);
    return RgsSessionViewSchema.parse(res.json());
  };

  /** Plays one whole round of `engine`: the opening, then simple moves until it settles. */
  async function playRound(session: string, engine: Engine): Promise<{ round: RoundView; balance: string }> {
    let answer = ok(await play(session, OPENING[engine]));
    for (let i = 0; answer.round.status === 'open' && i < 30; i++) {
      const view = answer.round.outcome as { revealed?: number[] };
      const move =
        engine === 'blackjack' ? { action: 'stand' }
        : engine === 'jacks-or-better' ? { action: 'draw', hold: [true, false, true, false, false] }
        : (view.revealed?.length ?? 0) > 0 ? { action: 'cashout' }
        : { action: 'reveal', cell: 12 };
      answer = ok(await play(session, move));
    }
    expect(answer.round.status).toBe('settled');
    return answer;
  }

  describe('sessions', () => {
    it('opens a session from a valid token, once; a used or bad token is 404, a bad body 400', async () => {
      const p = await player(10_00n);
      const token = await launch('fruit-fiesta', 'real', p);
      const first = await app.inject({ method: 'POST', url: RGS_API.sessions, payload: { token } });
      expect(first.statusCode, first.body).toBe(201);
      const created = CreatedRgsSessionSchema.parse(first.json());
      expect(created.url).toBe(`/rgs/app/#session=${created.sessionId}`);
      expect(errorOf(await app.inject({ method: 'POST', url: RGS_API.sessions, payload: { token } }))).toEqual([404, 'launch_token_invalid']);
      expect(errorOf(await app.inject({ method: 'POST', url: RGS_API.sessions, payload: { token: 'x.1.y' } }))).toEqual([404, 'launch_token_invalid']);
      expect(errorOf(await app.inject({ method: 'POST', url: RGS_API.sessions, payload: { token: '' } }))).toEqual([400, 'invalid_request']);
      expect(errorOf(await app.inject({ method: 'POST', url: RGS_API.sessions, payload: { token, extra: 1 } }))).toEqual([400, 'invalid_request']);

      const view = await sessionView(created.sessionId);
      expect(view).toMatchObject({ gameId: 'fruit-fiesta', engine: 'fruit-fiesta', mode: 'real', currency: 'EUR', language: 'en', balance: '1000', open: null });
      expect(view.fairness.nonce).toBe(0);
      expect(view.fairness.serverSeedHash).toMatch(/^[0-9a-f]{64}$/);
      expect(view.rules).toMatchObject({ rtp: '0.9562' });
    });

    it('refuses calls without a session or with a bad or expired one (401)', async () => {
      for (const headers of [{}, h('nope'), h('x'.repeat(200))]) {
        expect(errorOf(await app.inject({ method: 'GET', url: RGS_API.session, headers })), JSON.stringify(headers)).toEqual([401, 'rgs_session_invalid']);
        expect(errorOf(await app.inject({ method: 'POST', url: RGS_API.play, headers, payload: OPENING.dice as never }))).toEqual([401, 'rgs_session_invalid']);
        expect(errorOf(await app.inject({ method: 'POST', url: RGS_API.rotate, headers }))).toEqual([401, 'rgs_session_invalid']);
        expect(errorOf(await app.inject({ method: 'PUT', url: RGS_API.clientSeed, headers, payload: { clientSeed: 'abc' } }))).toEqual([401, 'rgs_session_invalid']);
        expect(errorOf(await app.inject({ method: 'GET', url: RGS_API.rounds, headers }))).toEqual([401, 'rgs_session_invalid']);
      }
      const s = await open('dice', 'demo');
      clock.advance!(5 * 3600);
      expect(errorOf(await app.inject({ method: 'GET', url: RGS_API.session, headers: h(s) }))).toEqual([401, 'rgs_session_invalid']);
    });
  });

  describe('play', () => {
    for (const engine of ENGINES) {
      it(`${engine}: real money moves the ledger by exactly stake and win`, async () => {
        const p = await player(100_00n);
        const s = await open(engine, 'real', p);
        let expected = 100_00n;
        for (let i = 0; i < 3; i++) {
          const { round, balance } = await playRound(s, engine);
          expected += BigInt(round.win) - BigInt(round.stake);
          expect(BigInt(round.stake)).toBeGreaterThanOrEqual(100n);
          expect(balance).toBe(expected.toString());
          expect(await balanceOf(p)).toBe(expected);
          // The wallet's round says the same.
          const w = await app.db.selectFrom('casino_rounds').select(['status', 'stake_total', 'win_total']).where('provider', '=', RGS_PROVIDER).where('round_id', '=', round.id).executeTakeFirstOrThrow();
          expect(w).toEqual({ status: 'settled', stake_total: BigInt(round.stake), win_total: BigInt(round.win) });
        }
        expect((await sessionView(s)).balance).toBe(expected.toString());
      });

      it(`${engine}: demo plays with fun money and touches no ledger`, async () => {
        const s = await open(engine, 'demo');
        const before = await app.db.selectFrom('ledger_transactions').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
        let expected = 100_000n;
        for (let i = 0; i < 3; i++) {
          const { round, balance } = await playRound(s, engine);
          expect(round.mode).toBe('demo');
          expected += BigInt(round.win) - BigInt(round.stake);
          expect(balance).toBe(expected.toString());
        }
        expect((await sessionView(s)).balance).toBe(expected.toString());
        const after = await app.db.selectFrom('ledger_transactions').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
        expect(after.n).toBe(before.n);
        const ids = RoundsAnswerSchema.parse((await app.inject({ method: 'GET', url: RGS_API.rounds, headers: h(s) })).json()).rounds.map((r) => r.id);
        expect(ids).toHaveLength(3);
        expect(await app.db.selectFrom('casino_rounds').select('id').where('round_id', 'in', ids).execute()).toEqual([]);
      });
    }

    it('refuses invalid play requests (400) and stakes out of range (422), moving nothing', async () => {
      const p = await player(50_00n);
      const slot = await open('neon-nights', 'real', p);
      const { minStake, maxStake } = await sessionView(slot);
      const bad: [string, unknown][] = [
        [slot, { action: 'spin' }],
        [slot, { action: 'spin', stake: '1.5' }],
        [slot, { action: 'spin', stake: '0' }],
        [slot, { action: 'spin', stake: '100', extra: true }],
        [slot, { action: 'deal', stake: '100' }],
        [await open('european-roulette', 'real', p), { action: 'spin', bets: [{ kind: 'split', numbers: [3, 4], stake: '100' }] }],
        [await open('keno', 'real', p), { action: 'draw', stake: '100', picks: [5, 5] }],
        [await open('dice', 'real', p), { action: 'roll', stake: '100', target: 9900, over: false }],
        [await open('blackjack', 'real', p), { action: 'hit' }],
        [await open('mines', 'real', p), { action: 'start', stake: '100', mines: 25 }],
      ];
      for (const [s, body] of bad) {
        const res = await play(s, body);
        expect(res.statusCode, `${JSON.stringify(body)} ${res.body}`).toBe(res.statusCode === 409 ? 409 : 400);
        expect(['invalid_request', 'invalid_play', 'no_open_round']).toContain(ApiErrorSchema.parse(res.json()).code);
      }
      expect(errorOf(await play(slot, { action: 'spin', stake: (BigInt(minStake) - 1n).toString() }))).toEqual(BigInt(minStake) > 1n ? [422, 'stake_out_of_range'] : [400, 'invalid_request']);
      expect(errorOf(await play(slot, { action: 'spin', stake: (BigInt(maxStake) + 1n).toString() }))).toEqual([422, 'stake_out_of_range']);
      expect(await balanceOf(p)).toBe(50_00n);
      // A move of a finished game, a new deal while one is open.
      const bj = await open('blackjack', 'real', p);
      let deal = ok(await play(bj, OPENING.blackjack));
      while (deal.round.status !== 'open') deal = ok(await play(bj, OPENING.blackjack));
      expect(errorOf(await play(bj, OPENING.blackjack))).toEqual([409, 'round_in_progress']);
      expect((await sessionView(bj)).open?.id).toBe(deal.round.id);
      // The dealer's hole card is not shown while the player acts.
      expect((deal.round.outcome as { dealer: number[] }).dealer).toHaveLength(1);
      ok(await play(bj, { action: 'stand' }));
    });

    it('passes the wallet refusals on: insufficient funds and self-exclusion, nothing moved', async () => {
      const p = await player(50n);
      const s = await open('scratch', 'real', p);
      expect(errorOf(await play(s, OPENING.scratch))).toEqual([422, 'insufficient_funds']);
      expect(await balanceOf(p)).toBe(50n);
      const rounds = await app.db.selectFrom('rgs_rounds').select(['status', 'stake']).where('user_id', '=', p.userId).execute();
      expect(rounds).toEqual([{ status: 'rolled_back', stake: 0n }]);
      // Refused rounds are not history.
      expect(RoundsAnswerSchema.parse((await app.inject({ method: 'GET', url: RGS_API.rounds, headers: h(s) })).json()).rounds).toEqual([]);

      const q = await player(20_00n);
      const dice = await open('dice', 'real', q);
      ok(await play(dice, OPENING.dice));
      const after = await balanceOf(q);
      const block = await app.inject({ method: 'POST', url: LIMITS_API.selfBlock, headers: q.headers, payload: { days: 7 } });
      expect(block.statusCode, block.body).toBe(200);
      expect(errorOf(await play(dice, OPENING.dice))).toEqual([422, 'self_excluded']);
      expect(await balanceOf(q)).toBe(after);
    });

    it("debits a double's extra stake, or refuses it and leaves the hand as it was", async () => {
      // A hand dealt settled (a natural) moves the balance, so each try is a fresh player with 0.50 left after the deal.
      const openHand = async () => {
        for (;;) {
          const p = await player(1_50n);
          const s = await open('blackjack', 'real', p);
          const deal = ok(await play(s, OPENING.blackjack));
          if (deal.round.status === 'open') return { p, s, deal };
        }
      };
      const { p, s, deal } = await openHand();
      const before = await balanceOf(p);
      expect(before).toBe(50n);
      // 0.50 left: the double's 1.00 is refused by the wallet, the round goes on unchanged.
      expect(errorOf(await play(s, { action: 'double' }))).toEqual([422, 'insufficient_funds']);
      expect(await balanceOf(p)).toBe(before);
      const still = (await sessionView(s)).open!;
      expect(still).toMatchObject({ id: deal.round.id, stake: '100', input: deal.round.input });
      const stood = ok(await play(s, { action: 'stand' }));
      expect(await balanceOf(p)).toBe(before + BigInt(stood.round.win));

      const q = await player(10_00n);
      const s2 = await open('blackjack', 'real', q);
      let deal2 = ok(await play(s2, OPENING.blackjack));
      while (deal2.round.status !== 'open') deal2 = ok(await play(s2, OPENING.blackjack));
      const start = await balanceOf(q);
      const doubled = ok(await play(s2, { action: 'double' }));
      expect(doubled.round).toMatchObject({ status: 'settled', stake: '200' });
      expect(await balanceOf(q)).toBe(start - 100n + BigInt(doubled.round.win));
      const w = await app.db.selectFrom('casino_rounds').select(['stake_total', 'win_total']).where('round_id', '=', deal2.round.id).executeTakeFirstOrThrow();
      expect(w).toEqual({ stake_total: 200n, win_total: BigInt(doubled.round.win) });
    });

    it('never overdraws under 200 concurrent rounds on one balance', async () => {
      const p = await player(100_00n);
      const s = await open('dice', 'real', p);
      // 98% to lose: nearly every round keeps its stake, so about 100 of the 200 find no money.
      const results = await Promise.all(Array.from({ length: 200 }, () => play(s, { action: 'roll', stake: '100', target: 200, over: false })));
      let expected = 100_00n;
      let refused = 0;
      for (const res of results) {
        if (res.statusCode === 200) {
          const { round } = RgsPlayAnswerSchema.parse(res.json());
          expect(round.status).toBe('settled');
          expected += BigInt(round.win) - BigInt(round.stake);
        } else {
          expect(errorOf(res)).toEqual([422, 'insufficient_funds']);
          refused++;
        }
      }
      expect(refused).toBeGreaterThan(0);
      expect(await balanceOf(p)).toBe(expected);
      expect(expected).toBeGreaterThanOrEqual(0n);
      const { rows: unbalanced } = await sql<{ id: string }>`select transaction_id as id from ledger_entries group by transaction_id having sum(amount) <> 0`.execute(app.db);
      expect(unbalanced).toEqual([]);
      // Every nonce of the seed used once.
      const nonces = await app.db.selectFrom('rgs_rounds').select('nonce').where('user_id', '=', p.userId).execute();
      expect(new Set(nonces.map((n) => n.nonce)).size).toBe(200);
    }, 120_000); // 400 wallet calls through one PGlite connection: slow on a loaded machine
  });

  describe('fairness', () => {
    it('a rotation reveals the seed that replays every round of it, multi-step included', async () => {
      const p = await player(100_00n);
      const s = await open('blackjack', 'real', p);
      const seed = await app.inject({ method: 'PUT', url: RGS_API.clientSeed, headers: h(s), payload: { clientSeed: 'my-lucky-seed' } });
      expect(seed.statusCode, seed.body).toBe(200);
      const before = await sessionView(s);
      expect(before.fairness).toMatchObject({ clientSeed: 'my-lucky-seed', nonce: 0 });
      expect(errorOf(await app.inject({ method: 'PUT', url: RGS_API.clientSeed, headers: h(s), payload: { clientSeed: 'has space' } }))).toEqual([400, 'invalid_request']);

      const played: RoundView[] = [];
      for (let i = 0; i < 4; i++) played.push((await playRound(s, 'blackjack')).round);
      // An open round holds the seed.
      let deal = ok(await play(s, OPENING.blackjack));
      while (deal.round.status !== 'open') {
        played.push(deal.round);
        deal = ok(await play(s, OPENING.blackjack));
      }
      expect(errorOf(await app.inject({ method: 'POST', url: RGS_API.rotate, headers: h(s) }))).toEqual([409, 'round_in_progress']);
      played.push(ok(await play(s, { action: 'stand' })).round);

      const rotated = await app.inject({ method: 'POST', url: RGS_API.rotate, headers: h(s) });
      expect(rotated.statusCode, rotated.body).toBe(200);
      const { revealed, next } = RotateAnswerSchema.parse(rotated.json());
      expect(revealed).toMatchObject({ serverSeedHash: before.fairness.serverSeedHash, clientSeed: 'my-lucky-seed', lastNonce: played.length - 1 });
      expect(serverSeedHash(revealed.serverSeed)).toBe(revealed.serverSeedHash);
      expect(next).toMatchObject({ clientSeed: 'my-lucky-seed', nonce: 0 });
      expect(next.serverSeedHash).not.toBe(revealed.serverSeedHash);

      for (const round of played) {
        const res = await app.inject({ method: 'GET', url: RGS_API.siteRound.replace(':id', round.id), headers: p.headers });
        expect(res.statusCode, res.body).toBe(200);
        const view = RoundViewSchema.parse(res.json());
        expect(view.fairness.serverSeed).toBe(revealed.serverSeed);
        const check = verifyEngineRound('blackjack', view.input as RoundInput, { serverSeed: revealed.serverSeed, serverSeedHash: view.fairness.serverSeedHash, clientSeed: view.fairness.clientSeed, nonce: view.fairness.nonce });
        expect(check.hashMatches).toBe(true);
        expect(check.result.win.toString()).toBe(view.win);
        expect(check.result.stake.toString()).toBe(view.stake);
        expect(check.result.view).toEqual(view.outcome);
      }
      // A new round on the new seed is not revealed.
      const fresh = (await playRound(s, 'blackjack')).round;
      expect(fresh.fairness).toMatchObject({ serverSeed: null, serverSeedHash: next.serverSeedHash, nonce: 0 });
    });

    it('demo seeds are the session\'s, and replay the same way', async () => {
      const s = await open('keno', 'demo');
      const { round } = await playRound(s, 'keno');
      const { revealed } = RotateAnswerSchema.parse((await app.inject({ method: 'POST', url: RGS_API.rotate, headers: h(s) })).json());
      const replayed = replayRound('keno', round.input as RoundInput, { serverSeed: revealed.serverSeed, clientSeed: round.fairness.clientSeed, nonce: round.fairness.nonce });
      expect(replayed.view).toEqual(round.outcome);
    });
  });

  describe('recovery (GLI-19)', () => {
    it('pays the credit of a round whose credit failed, once', async () => {
      const p = await player(100_00n);
      const s = await open('crash', 'real', p);
      faults.credit = 'after'; // the wallet paid, the answer was lost
      const answer = ok(await play(s, { action: 'bet', stake: '100', cashOutAt: 101 }));
      faults.credit = undefined;
      expect(answer.round.status).toBe('open');
      const win = BigInt(answer.round.win);
      expect(await balanceOf(p)).toBe(100_00n - 100n + win);
      clock.advance!(RECOVERY_GRACE_MS / 1000 + 1);
      expect(app.jobs.kinds).toContain(RGS_JOBS.recover);
      await app.rgs!.rounds.recover();
      expect(await balanceOf(p)).toBe(100_00n - 100n + win);
      const row = await app.db.selectFrom('rgs_rounds').select(['status', 'settled_at']).where('id', '=', answer.round.id).executeTakeFirstOrThrow();
      expect(row.status).toBe('settled');

      faults.credit = 'before'; // the credit never reached the wallet (a crash between debit and credit)
      const second = ok(await play(s, { action: 'bet', stake: '100', cashOutAt: 101 }));
      faults.credit = undefined;
      const balance = await balanceOf(p);
      clock.advance!(RECOVERY_GRACE_MS / 1000 + 1);
      await app.jobs.runDue();
      expect(await balanceOf(p)).toBe(balance + BigInt(second.round.win));
      expect((await app.db.selectFrom('rgs_rounds').select('status').where('id', '=', second.round.id).executeTakeFirstOrThrow()).status).toBe('settled');
    });

    it('refunds a round whose debit was left in flight, once', async () => {
      const p = await player(100_00n);
      const s = await open('scratch', 'real', p);
      faults.debit = 'after';
      faults.rollback = 'before';
      expect(errorOf(await play(s, OPENING.scratch))).toEqual([503, 'wallet_unavailable']);
      faults.debit = undefined;
      faults.rollback = undefined;
      expect(await balanceOf(p)).toBe(100_00n - 100n);
      clock.advance!(RECOVERY_GRACE_MS / 1000 + 1);
      await app.rgs!.rounds.recover();
      expect(await balanceOf(p)).toBe(100_00n);
      const rows = await app.db.selectFrom('rgs_rounds').select('status').where('user_id', '=', p.userId).execute();
      expect(rows).toEqual([{ status: 'rolled_back' }]);
      await app.rgs!.rounds.recover();
      expect(await balanceOf(p)).toBe(100_00n);
    });

    it('completes idle multi-step rounds by the rules before the wallet times them out', async () => {
      const p = await player(100_00n);
      const bj = await open('blackjack', 'real', p);
      const vp = await open('jacks-or-better', 'real', p);
      const mines = await open('mines', 'real', p);
      const demo = await open('mines', 'demo');
      let deal = ok(await play(bj, OPENING.blackjack));
      while (deal.round.status !== 'open') deal = ok(await play(bj, OPENING.blackjack));
      const poker = ok(await play(vp, OPENING['jacks-or-better']));
      const field = ok(await play(mines, { action: 'start', stake: '100', mines: 1 }));
      let revealed = ok(await play(mines, { action: 'reveal', cell: 0 }));
      for (let cell = 1; revealed.round.status !== 'open'; cell++) {
        ok(await play(mines, { action: 'start', stake: '100', mines: 1 }));
        revealed = ok(await play(mines, { action: 'reveal', cell }));
      }
      const voided = ok(await play(demo, { action: 'start', stake: '100', mines: 3 }));
      expect(field.round.status).toBe('open');
      const balance = await balanceOf(p);

      // Not idle yet: left alone.
      clock.advance!(60);
      await app.rgs!.rounds.recover();
      expect((await sessionView(bj)).open?.id).toBe(deal.round.id);

      clock.advance!(IDLE_ROUND_MS / 1000);
      await app.jobs.runDue();
      const status = async (id: string) => app.db.selectFrom('rgs_rounds').select(['status', 'win', 'input', 'stake']).where('id', '=', id).executeTakeFirstOrThrow();
      const b = await status(deal.round.id);
      expect(b.status).toBe('settled');
      expect((b.input as { actions: { action: string }[] }).actions.at(-1)).toEqual({ action: 'stand' });
      const v = await status(poker.round.id);
      expect(v.status).toBe('settled');
      expect((v.input as { actions: { action: string }[] }).actions.at(-1)?.action).toBe('draw');
      const m = await status(revealed.round.id);
      expect(m).toMatchObject({ status: 'settled' });
      expect(m.win).toBeGreaterThan(0n);
      expect(await balanceOf(p)).toBe(balance + b.win + v.win + m.win);
      // Mines with nothing revealed is void: the fun money comes back.
      expect(await status(voided.round.id)).toMatchObject({ status: 'rolled_back', win: 0n });
      expect((await sessionView(demo)).balance).toBe('100000');
      // The wallet agrees: nothing left open for its own time-out.
      const left = await app.db.selectFrom('casino_rounds').select('round_id').where('provider', '=', RGS_PROVIDER).where('status', '=', 'open').where('user_id', '=', p.userId).execute();
      expect(left).toEqual([]);
    });
  });

  describe('history and the app', () => {
    it("lists the player's real rounds newest first, pages with before, hides others' (404) and needs a session (401)", async () => {
      const p = await player(100_00n);
      const s = await open('european-roulette', 'real', p);
      const ids: string[] = [];
      for (let i = 0; i < 5; i++) {
        ids.push((await playRound(s, 'european-roulette')).round.id);
        clock.advance!(1);
      }
      await playRound(await open('european-roulette', 'demo', p), 'european-roulette');
      const list = async (query: string) => RoundsAnswerSchema.parse((await app.inject({ method: 'GET', url: `${RGS_API.siteRounds}${query}`, headers: p.headers })).json()).rounds.map((r) => r.id);
      expect(await list('')).toEqual([...ids].reverse());
      expect(await list('?limit=2')).toEqual([ids[4], ids[3]]);
      expect(await list(`?limit=2&before=${ids[3]}`)).toEqual([ids[2], ids[1]]);
      expect(errorOf(await app.inject({ method: 'GET', url: `${RGS_API.siteRounds}?limit=0`, headers: p.headers }))).toEqual([400, 'invalid_request']);
      expect(errorOf(await app.inject({ method: 'GET', url: RGS_API.siteRounds }))).toEqual([401, 'unauthorized']);
      expect(errorOf(await app.inject({ method: 'GET', url: RGS_API.siteRound.replace(':id', ids[0]!) }))).toEqual([401, 'unauthorized']);
      const q = await player(0n);
      expect(errorOf(await app.inject({ method: 'GET', url: RGS_API.siteRound.replace(':id', ids[0]!), headers: q.headers }))).toEqual([404, 'round_not_found']);
      expect(errorOf(await app.inject({ method: 'GET', url: RGS_API.siteRound.replace(':id', 'nope'), headers: p.headers }))).toEqual([404, 'round_not_found']);
      const game = RoundsAnswerSchema.parse((await app.inject({ method: 'GET', url: `${RGS_API.rounds}?limit=3`, headers: h(s) })).json()).rounds;
      expect(game.map((r) => r.id)).toEqual([ids[4], ids[3], ids[2]]);
    });

    it('serves the games app framable by the site only, and an honest 404 when it is not built', async () => {
      const res = await app.inject({ method: 'GET', url: RGS_API.app });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<title>games</title>');
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'self'");
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      const bare = Fastify({ logger: false });
      await bare.register(rgsAppFiles, { root: join(appDir, 'missing') });
      const missing = await bare.inject({ method: 'GET', url: `${RGS_API.app}index.html` });
      expect(missing.statusCode).toBe(404);
      expect(missing.body).toContain('not available');
      await bare.close();
    });
  });
});
