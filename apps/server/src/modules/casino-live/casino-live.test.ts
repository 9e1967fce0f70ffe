/**
 * Shared rounds (decision 0025) on both databases with the fake clock: the scheduler makes one
 * round at a time and settles it once even with two nodes ticking at once and across a
 * restart; bets are taken before the close and refused after it; a crash cash-out pays the
 * curve; settlement moves money exactly once (a repeated payment replays the wallet's answer);
 * a void round gives the stakes back; a bet whose stake never reached the wallet is rolled
 * back and its late debit refused; the draws replay from the revealed seeds; the schedule
 * endpoint and the live topic show hashes before and seeds after; the site's casino history
 * lists a player's real-money bets among their solo rounds, paged as one list.
 */
import { createHmac, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  footballFixture,
  footballPickWins,
  playFootball,
  raceFixture,
  racePickWins,
  runRace,
  virtualPayout,
  bingoTickets,
  bingoTicketWin,
  drawBingo,
  minor,
  settleBingoPool,
  crashMultiplierAt,
  drawCrashLive,
  drawTvKeno,
  drawTvRoulette,
  fairRng,
  serverSeedHash,
  sharedSeeds,
} from '@betsite/domain';
import { CreatedRgsSessionSchema, LaunchTokenSchema, RGS_API, RGS_SESSION_HEADER, RgsPlayAnswerSchema, RgsSessionViewSchema, RoundsAnswerSchema, ApiErrorSchema, CASINO_WALLET_API, casinoLiveTopic, casinoSharedPath, SharedScheduleSchema, SharedSnapshotSchema, type SharedSchedule } from '@betsite/contracts';
import { describeEachDb } from '@betsite/db/testing';
import { createClock } from '../../lib/clock.ts';
import { buildTestApp, fundedPlayer, type TestPlayer } from '../../testing.ts';
import { DEV_CASINO_WALLET_SECRET } from '../casino-wallet/index.ts';
import { listenForLive, LiveTestClient } from '../live/testing.ts';
import type { SharedSession } from './index.ts';
import { purgeEmptyRounds } from './retention.ts';
import { CRASH_VOID_LATE_MS } from './scheduler.ts';
import { RGS_PROVIDER } from '../rgs/index.ts';
import { walletTx } from './wallet.ts';

describeEachDb('shared casino rounds', (t) => {
  const clock = createClock({ fake: true });
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(t.handle, { clock });
  });
  afterAll(() => app.close());

  const session = (p: TestPlayer | null, engine: string, mode: 'real' | 'demo' = 'real'): SharedSession => ({
    id: randomUUID(), playerId: p?.userId ?? null, gameId: engine, engine, mode, currency: 'EUR', minStake: 10n, maxStake: 100_000n,
  });
  const player = (balance: bigint) => fundedPlayer(app, app.ledger, balance);
  const balanceOf = (p: TestPlayer) => app.ledger.balance(p.accountId);
  const schedule = async (engine: string): Promise<SharedSchedule> => {
    const res = await app.inject({ method: 'GET', url: casinoSharedPath(engine) });
    expect(res.statusCode, res.body).toBe(200);
    return SharedScheduleSchema.parse(res.json());
  };
  const refusal = async (work: Promise<unknown>) => {
    try {
      await work;
    } catch (error) {
      const e = error as { statusCode: number; code: string };
      return [e.statusCode, e.code];
    }
    throw new Error('expected a refusal');
  };
  const roundRow = (id: string) => app.db.selectFrom('casino_shared_rounds').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const betRow = (id: string) => app.db.selectFrom('casino_shared_bets').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const walletCalls = (betId: string) => app.db.selectFrom('casino_wallet_transactions').select(['tx_id', 'kind', 'amount']).where('provider', '=', RGS_PROVIDER).where('round_id', '=', betId).orderBy('id').execute();
  const advanceTo = (at: number) => clock.advance?.((at - clock.now()) / 1000);
  /** The current crash round once it is open for bets (the pause after the last one over). */
  async function openCrashRound() {
    await app.casinoLive.tick();
    const current = (await schedule('crash-live')).current!;
    if (Date.parse(current.opensAt) > clock.now()) advanceTo(Date.parse(current.opensAt));
    return roundRow(current.id);
  }
  const crashOf = (row: { server_seed: string; round_no: bigint }) => drawCrashLive(fairRng(sharedSeeds(row.server_seed, 'crash-live', '', Number(row.round_no))));

  it('the schedule endpoint: unknown engines 404; a round shows its hash before and its seed after', async () => {
    const res = await app.inject({ method: 'GET', url: casinoSharedPath('nope') });
    expect([res.statusCode, ApiErrorSchema.parse(res.json()).code]).toEqual([404, 'engine_not_found']);
    await app.casinoLive.tick();
    const view = await schedule('tv-roulette');
    expect(view.current?.serverSeed).toBeNull();
    expect(view.current?.result).toBeNull();
    expect(view.next?.roundNo).toBe(view.current!.roundNo + 1);
    expect(view.current?.serverSeedHash).toMatch(/^[0-9a-f]{64}$/);
    const crash = await schedule('crash-live');
    expect(crash.current?.endsAt).toBeNull();
  });

  it('crash-live: bets before the run, a manual cash-out pays the curve once, the crash settles every bet once', async () => {
    const a = await player(100_00n);
    const b = await player(100_00n);
    const c = await player(100_00n);
    // A round that reaches 1.50×, so a cash-out at 1.20× is possible (about two rounds in three).
    let round = await openCrashRound();
    while (crashOf(round).point < 150) {
      advanceTo(round.ends_at.getTime() + 1);
      await app.casinoLive.tick();
      round = await openCrashRound();
    }
    const sa = session(a, 'crash-live');
    const sb = session(b, 'crash-live');
    const sc = session(c, 'crash-live');
    // Invalid: schema 400, a stake out of range 422, unknown action 400.
    expect(await refusal(app.casinoLive.play(sa, { action: 'bet', stake: '100', autoCashOut: 100 }))).toEqual([400, 'invalid_request']);
    expect(await refusal(app.casinoLive.play(sa, { action: 'bet', stake: '5' }))).toEqual([422, 'stake_out_of_range']);
    expect(await refusal(app.casinoLive.play(sa, { action: 'jump' }))).toEqual([400, 'invalid_request']);
    expect(await refusal(app.casinoLive.play(sa, { action: 'cashout' }))).toEqual([409, 'no_open_bet']);

    const betA = await app.casinoLive.play(sa, { action: 'bet', stake: '1000' });
    expect(betA.balance).toBe('9000');
    expect(betA.round.status).toBe('open');
    expect(betA.round.fairness).toEqual({ serverSeedHash: round.server_seed_hash, serverSeed: null, clientSeed: `crash-live::${round.round_no}`, nonce: 0 });
    const betB = await app.casinoLive.play(sb, { action: 'bet', stake: '1000', autoCashOut: 110 });
    const betC = await app.casinoLive.play(sc, { action: 'bet', stake: '1000', autoCashOut: crashOf(round).point + 1 });
    expect(await refusal(app.casinoLive.play(sa, { action: 'bet', stake: '1000' }))).toEqual([409, 'already_bet']);
    // Not yet running: no cash-out.
    expect(await refusal(app.casinoLive.play(sa, { action: 'cashout' }))).toEqual([409, 'round_not_running']);

    // The run starts; bets are closed (no next round yet).
    advanceTo(round.closes_at.getTime());
    await app.casinoLive.tick();
    expect((await roundRow(round.id)).state).toBe('running');
    expect(await refusal(app.casinoLive.play(session(a, 'crash-live'), { action: 'bet', stake: '100' }))).toEqual([409, 'betting_closed']);
    expect(await refusal(app.casinoLive.play(sa, { action: 'bet', stake: '100', roundId: round.id }))).toEqual([409, 'betting_closed']);

    // 1.20× on the curve.
    let ms = 0;
    while (crashMultiplierAt(ms) < 120) ms += 1;
    advanceTo(round.closes_at.getTime() + ms);
    const out = await app.casinoLive.play(sa, { action: 'cashout' });
    expect(out.round.status).toBe('settled');
    expect(out.round.win).toBe('1200');
    expect(out.balance).toBe('10200');
    expect(await refusal(app.casinoLive.play(sa, { action: 'cashout' }))).toEqual([409, 'already_cashed_out']);
    // B's automatic 1.10× came first.
    expect(await refusal(app.casinoLive.play(sb, { action: 'cashout' }))).toEqual([409, 'already_cashed_out']);

    // The crash.
    advanceTo(round.ends_at.getTime());
    expect(await refusal(app.casinoLive.play(sc, { action: 'cashout' }))).toEqual([409, 'round_not_running']);
    await app.casinoLive.tick();
    const settled = await roundRow(round.id);
    expect(settled.state).toBe('settled');
    expect(settled.result).toEqual({ point: crashOf(round).point, durationMs: crashOf(round).durationMs });
    expect(await balanceOf(a)).toBe(102_00n);
    expect(await balanceOf(b)).toBe(101_00n);
    expect(await balanceOf(c)).toBe(90_00n);
    expect((await betRow(betC.round.id)).status).toBe('lost');
    // The seed is out and replays the round.
    const view = (await schedule('crash-live')).history.find((r) => r.id === round.id)!;
    expect(serverSeedHash(view.serverSeed!)).toBe(view.serverSeedHash);
    expect(view.result).toEqual(settled.result);
    // Nothing moves twice: another tick, and a payment repeated as after a crash, replay the wallet.
    for (const bet of [betA, betB, betC]) await app.db.updateTable('casino_shared_bets').set({ paid_at: null }).where('id', '=', bet.round.id).execute();
    await app.casinoLive.tick();
    await app.casinoLive.tick();
    expect([await balanceOf(a), await balanceOf(b), await balanceOf(c)]).toEqual([102_00n, 101_00n, 90_00n]);
    expect((await walletCalls(betA.round.id)).map((w) => [w.tx_id, w.kind, w.amount])).toEqual([[walletTx.stake(betA.round.id), 'debit', 1000n], [walletTx.win(betA.round.id), 'credit', 1200n]]);
    expect((await walletCalls(betC.round.id)).map((w) => w.amount)).toEqual([1000n, 0n]);
    // The next round is there, its hash published, opening after the pause.
    const next = (await schedule('crash-live')).current!;
    expect(next.roundNo).toBe(Number(round.round_no) + 1);
    expect(Date.parse(next.opensAt)).toBeGreaterThanOrEqual(round.ends_at.getTime());
  });

  it('a crash round the server did not run is void and its stakes go back once', async () => {
    const p = await player(50_00n);
    const round = await openCrashRound();
    // Two bets at once from one session: one crash bet per round.
    const twice = session(p, 'crash-live');
    const both = await Promise.allSettled([app.casinoLive.play(twice, { action: 'bet', stake: '2000', autoCashOut: 101 }), app.casinoLive.play(twice, { action: 'bet', stake: '2000', autoCashOut: 101 })]);
    expect(both.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect((both.find((r) => r.status === 'rejected') as PromiseRejectedResult).reason).toMatchObject({ statusCode: 409, code: 'already_bet' });
    const bet = (both.find((r) => r.status === 'fulfilled') as PromiseFulfilledResult<Awaited<ReturnType<typeof app.casinoLive.play>>>).value;
    expect(await balanceOf(p)).toBe(30_00n);
    advanceTo(round.ends_at.getTime() + CRASH_VOID_LATE_MS + 1);
    await app.casinoLive.tick();
    await app.casinoLive.tick();
    expect((await roundRow(round.id)).state).toBe('void');
    expect((await betRow(bet.round.id)).status).toBe('void');
    expect(await balanceOf(p)).toBe(50_00n);
    expect((await walletCalls(bet.round.id)).map((w) => w.kind)).toEqual(['debit', 'rollback']);
    const view = (await schedule('crash-live')).history.find((r) => r.id === round.id)!;
    expect(view.state).toBe('void');
    expect(view.serverSeed).not.toBeNull();
  });

  it('two nodes ticking at once, and a node restarted, settle each round once', async () => {
    const p = await player(50_00n);
    await app.casinoLive.tick();
    const current = (await schedule('tv-roulette')).current!;
    const bet = await app.casinoLive.play(session(p, 'tv-roulette'), { action: 'bet', roundId: current.id, bets: [{ kind: 'straight', numbers: [drawTvRoulette(fairRng(sharedSeeds((await roundRow(current.id)).server_seed, 'tv-roulette', '', current.roundNo))).pocket], stake: '100' }] });
    expect(await balanceOf(p)).toBe(49_00n);
    // A second node on the same database; the first one "restarts" (closed and built again).
    const other = await buildTestApp(t.handle, { clock });
    try {
      advanceTo(Date.parse(current.closesAt));
      await Promise.all([app.casinoLive.tick(), other.casinoLive.tick(), other.casinoLive.tick()]);
    } finally {
      await other.close();
    }
    const row = await roundRow(current.id);
    expect(row.state).toBe('settled');
    expect(await balanceOf(p)).toBe(49_00n + 36_00n);
    expect((await walletCalls(bet.round.id)).map((w) => w.kind)).toEqual(['debit', 'credit']);
    // One crash round at a time; a scheduled engine has at most the current and the next, numbered in order.
    const open = await app.db.selectFrom('casino_shared_rounds').select(['engine', 'round_no']).where('state', 'in', ['open', 'running']).orderBy('round_no').execute();
    const numbers = (e: string) => open.filter((r) => r.engine === e).map((r) => Number(r.round_no));
    expect(numbers('crash-live')).toHaveLength(1);
    for (const e of ['tv-roulette', 'tv-keno']) {
      const n = numbers(e);
      expect(n.length).toBeGreaterThanOrEqual(1);
      expect(n.length).toBeLessThanOrEqual(2);
      if (n.length === 2) expect(n[1]).toBe(n[0]! + 1);
    }
  });

  it('TV roulette and keno: invalid bets refused, a bet after the close refused, draws replay from the seeds, money exact', async () => {
    const p = await player(100_00n);
    await app.casinoLive.tick();
    const roulette = (await schedule('tv-roulette')).current!;
    const sr = session(p, 'tv-roulette');
    expect(await refusal(app.casinoLive.play(sr, { action: 'bet', bets: [{ kind: 'split', numbers: [3, 4], stake: '100' }] }))).toEqual([400, 'invalid_play']);
    expect(await refusal(app.casinoLive.play(sr, { action: 'bet', bets: [] }))).toEqual([400, 'invalid_request']);
    expect(await refusal(app.casinoLive.play(sr, { action: 'bet', bets: [{ kind: 'red', numbers: [], stake: '200000' }] }))).toEqual([422, 'stake_out_of_range']);
    const red = await app.casinoLive.play(sr, { action: 'bet', roundId: roulette.id, bets: [{ kind: 'red', numbers: [], stake: '1000' }, { kind: 'straight', numbers: [0], stake: '100' }] });
    expect(red.round.stake).toBe('1100');
    const keno = (await schedule('tv-keno')).current!;
    const sk = session(p, 'tv-keno');
    expect(await refusal(app.casinoLive.play(sk, { action: 'bet', stake: '100', picks: [5, 5] }))).toEqual([400, 'invalid_play']);
    const k = await app.casinoLive.play(sk, { action: 'bet', roundId: keno.id, stake: '500', picks: [1, 2, 3, 4, 5] });
    expect(await balanceOf(p)).toBe(100_00n - 1600n);

    advanceTo(Math.max(Date.parse(roulette.closesAt), Date.parse(keno.closesAt)));
    expect(await refusal(app.casinoLive.play(sr, { action: 'bet', roundId: roulette.id, bets: [{ kind: 'red', numbers: [], stake: '100' }] }))).toEqual([409, 'betting_closed']);
    await app.casinoLive.tick();
    const rRow = await roundRow(roulette.id);
    const kRow = await roundRow(keno.id);
    const pocket = drawTvRoulette(fairRng(sharedSeeds(rRow.server_seed, 'tv-roulette', '', Number(rRow.round_no)))).pocket;
    const drawn = drawTvKeno(fairRng(sharedSeeds(kRow.server_seed, 'tv-keno', '', Number(kRow.round_no)))).drawn;
    expect(rRow.result).toEqual({ pocket });
    expect(kRow.result).toEqual({ drawn });
    const redWin = [1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36].includes(pocket) ? 2000n : 0n;
    const zeroWin = pocket === 0 ? 3600n : 0n;
    const hits = [1, 2, 3, 4, 5].filter((n) => drawn.includes(n)).length;
    const kenoWin = (500n * BigInt([0, 0, 0, 4600, 22800, 460000][hits]!)) / 1000n;
    expect((await betRow(red.round.id)).win).toBe(redWin + zeroWin);
    expect((await betRow(k.round.id)).win).toBe(kenoWin);
    expect(await balanceOf(p)).toBe(100_00n - 1600n + redWin + zeroWin + kenoWin);
    const views = await app.casinoLive.betsOf(sr.id);
    expect(views[0]?.fairness.serverSeed).toBe(rRow.server_seed);
  });

  it('virtual football and race: odds from the public fixture, results from the seed, bets settled by the game', async () => {
    const p = await player(100_00n);
    await app.casinoLive.tick();
    const match = (await schedule('virtual-football')).current!;
    const race = (await schedule('virtual-race')).current!;
    const fixture = footballFixture('', match.roundNo);
    expect(match.params).toMatchObject({ home: fixture.home, away: fixture.away, odds: fixture.odds });
    const sf = session(p, 'virtual-football');
    const sr = session(p, 'virtual-race');
    expect(await refusal(app.casinoLive.play(sf, { action: 'bet', market: '1x2', pick: 'over', stake: '100' }))).toEqual([400, 'invalid_play']);
    expect(await refusal(app.casinoLive.play(sr, { action: 'bet', market: 'win', runner: 9, stake: '100' }))).toEqual([400, 'invalid_request']);
    const home = await app.casinoLive.play(sf, { action: 'bet', roundId: match.id, market: '1x2', pick: 'home', stake: '1000' });
    const over = await app.casinoLive.play(sf, { action: 'bet', roundId: match.id, market: 'total', pick: 'over', stake: '1000' });
    const runners = raceFixture('', race.roundNo).runners;
    const win = await app.casinoLive.play(sr, { action: 'bet', roundId: race.id, market: 'win', runner: 3, stake: '1000' });
    const top3 = await app.casinoLive.play(sr, { action: 'bet', roundId: race.id, market: 'top3', runner: 5, stake: '1000' });
    expect(await balanceOf(p)).toBe(60_00n);

    advanceTo(Math.max(Date.parse(match.closesAt), Date.parse(race.closesAt)));
    await app.casinoLive.tick();
    const m = await roundRow(match.id);
    const r = await roundRow(race.id);
    const score = playFootball(fixture, fairRng(sharedSeeds(m.server_seed, 'virtual-football', '', Number(m.round_no))));
    const order = runRace(runners.map((x) => x.weight), fairRng(sharedSeeds(r.server_seed, 'virtual-race', '', Number(r.round_no))));
    expect(m.result).toEqual({ home: score.home, away: score.away, goals: score.goals });
    expect(r.result).toEqual({ order });
    const pays = [
      virtualPayout(minor(1000n), fixture.odds.home, footballPickWins('home', score)),
      virtualPayout(minor(1000n), fixture.odds.over, footballPickWins('over', score)),
      virtualPayout(minor(1000n), runners[2]!.odds.win, racePickWins('win', 3, order)),
      virtualPayout(minor(1000n), runners[4]!.odds.top3, racePickWins('top3', 5, order)),
    ];
    const wins = await Promise.all([home, over, win, top3].map(async (b) => (await betRow(b.round.id)).win));
    expect(wins).toEqual(pays);
    expect(await balanceOf(p)).toBe(60_00n + pays.reduce((a, b) => a + b, 0n));
  });

  it('a bet whose stake never reached the wallet is rolled back at settlement, and the late debit refused', async () => {
    const p = await player(10_00n);
    await app.casinoLive.tick();
    const current = (await schedule('tv-keno')).current!;
    // As if the node died between writing the bet and its debit.
    const id = randomUUID();
    await app.db.insertInto('casino_shared_bets').values({ id, round_id: current.id, session_id: randomUUID(), user_id: p.userId, game_id: 'tv-keno', mode: 'real', currency: 'EUR', stake: 500n, selection: JSON.stringify({ picks: [1] }), status: 'open', created_at: new Date(clock.now()) }).execute();
    advanceTo(Date.parse(current.closesAt));
    await app.casinoLive.tick();
    expect((await betRow(id)).status).toBe('void');
    const raw = JSON.stringify({ provider: RGS_PROVIDER, playerId: p.userId, currency: 'EUR', transactionId: walletTx.stake(id), roundId: id, gameId: 'tv-keno', amount: '500' });
    const late = await app.inject({ method: 'POST', url: CASINO_WALLET_API.debit, headers: { 'content-type': 'application/json', 'x-signature': createHmac('sha256', DEV_CASINO_WALLET_SECRET).update(raw).digest('hex') }, payload: raw });
    expect([late.statusCode, ApiErrorSchema.parse(late.json()).code]).toEqual([409, 'transaction_rolled_back']);
    expect(await balanceOf(p)).toBe(10_00n);
  });

  describe('through the game server (POST /rgs/v1/play)', () => {
    async function open(game: string, mode: 'real' | 'demo', p?: TestPlayer): Promise<string> {
      const launch = await app.inject({ method: 'POST', url: CASINO_WALLET_API.launch, headers: p?.headers ?? {}, payload: { gameId: game, mode, language: 'en' } });
      expect(launch.statusCode, launch.body).toBe(201);
      const res = await app.inject({ method: 'POST', url: RGS_API.sessions, payload: { token: LaunchTokenSchema.parse(launch.json()).token } });
      expect(res.statusCode, res.body).toBe(201);
      return CreatedRgsSessionSchema.parse(res.json()).sessionId;
    }
    const h = (session: string) => ({ [RGS_SESSION_HEADER]: session });
    const play = (session: string | null, body: unknown) => app.inject({ method: 'POST', url: RGS_API.play, headers: session ? h(session) : {}, payload: body as never });
    const errorOf = (res: { statusCode: number; json(): unknown }) => [res.statusCode, ApiErrorSchema.parse(res.json()).code];

    it('real money: the session shows the round’s commitment; bets valid 200, invalid 400, without a session 401', async () => {
      const p = await player(20_00n);
      await app.casinoLive.tick();
      const sid = await open('tv-roulette', 'real', p);
      const view = await app.inject({ method: 'GET', url: RGS_API.session, headers: h(sid) });
      expect(view.statusCode, view.body).toBe(200);
      const session = RgsSessionViewSchema.parse(view.json());
      const current = (await schedule('tv-roulette')).current!;
      expect(session.fairness).toEqual({ serverSeedHash: current.serverSeedHash, clientSeed: current.clientSeed, nonce: 0 });
      expect(session.balance).toBe('2000');
      const body = { action: 'bet', roundId: current.id, bets: [{ kind: 'black', numbers: [], stake: '500' }] };
      expect(errorOf(await play(null, body))).toEqual([401, 'rgs_session_invalid']);
      expect(errorOf(await play('not-a-session', body))).toEqual([401, 'rgs_session_invalid']);
      expect(errorOf(await play(sid, { ...body, extra: 1 }))).toEqual([400, 'invalid_request']);
      expect(errorOf(await play(sid, { action: 'bet', bets: [{ kind: 'black', numbers: [], stake: '5000' }] }))).toEqual([422, 'insufficient_funds']);
      const res = await play(sid, body);
      expect(res.statusCode, res.body).toBe(200);
      const answer = RgsPlayAnswerSchema.parse(res.json());
      expect(answer.balance).toBe('1500');
      expect(await balanceOf(p)).toBe(15_00n);
      const rounds = await app.inject({ method: 'GET', url: `${RGS_API.rounds}?limit=5`, headers: h(sid) });
      expect(RoundsAnswerSchema.parse(rounds.json()).rounds.map((r) => r.id)).toEqual([answer.round.id]);
    });

    it("the site history lists the player's real shared bets with their solo rounds, newest first, paged; others' are 404", async () => {
      const p = await player(100_00n);
      const q = await player(100_00n);
      await app.casinoLive.tick();
      let view = await schedule('tv-roulette');
      // Bets need a round with time left for the five steps below.
      if (Date.parse(view.current!.opensAt) > clock.now() || Date.parse(view.current!.closesAt) - clock.now() < 10_000) {
        advanceTo(Date.parse(view.next!.opensAt));
        await app.casinoLive.tick();
        view = await schedule('tv-roulette');
      }
      const round = view.current!;
      const [shared, solo, demo, other] = await Promise.all([open('tv-roulette', 'real', p), open('dice', 'real', p), open('tv-roulette', 'demo', p), open('tv-roulette', 'real', q)]);
      const ok = async (pending: ReturnType<typeof play>) => {
        const res = await pending;
        expect(res.statusCode, res.body).toBe(200);
        return RgsPlayAnswerSchema.parse(res.json()).round.id;
      };
      const roll = () => ok(play(solo, { action: 'roll', stake: '100', target: 5000, over: true }));
      const bet = (sid: string, kind: string, stake: string) => ok(play(sid, { action: 'bet', roundId: round.id, bets: [{ kind, numbers: [], stake }] }));
      const ids: string[] = [];
      for (const step of [roll, () => bet(shared, 'red', '500'), roll, () => bet(shared, 'black', '300'), roll]) {
        ids.push(await step());
        clock.advance!(1);
      }
      const others = [await bet(other, 'red', '700'), await bet(demo, 'red', '100')];
      const newest = [...ids].reverse();

      const site = (url: string, who: TestPlayer) => app.inject({ method: 'GET', url, headers: who.headers });
      const list = async (query: string, who = p) => {
        const res = await site(`${RGS_API.siteRounds}${query}`, who);
        expect(res.statusCode, res.body).toBe(200);
        return RoundsAnswerSchema.parse(res.json()).rounds;
      };
      const open1 = (await list('')).find((r) => r.id === ids[1])!;
      expect(open1).toMatchObject({ engine: 'tv-roulette', gameId: 'tv-roulette', mode: 'real', stake: '500', win: '0', status: 'open', settledAt: null });
      expect(open1.fairness).toEqual({ serverSeedHash: round.serverSeedHash, serverSeed: null, clientSeed: round.clientSeed, nonce: 0 });

      advanceTo(Date.parse(round.closesAt));
      await app.casinoLive.tick();
      const row = await roundRow(round.id);
      const all = await list('');
      expect(all.map((r) => r.id)).toEqual(newest);
      for (const id of [ids[1]!, ids[3]!]) {
        const view = all.find((r) => r.id === id)!;
        const stored = await betRow(id);
        expect(view).toMatchObject({ stake: String(stored.stake), win: String(stored.win), status: 'settled', settledAt: stored.settled_at!.toISOString() });
        expect(view.fairness).toEqual({ serverSeedHash: row.server_seed_hash, serverSeed: row.server_seed, clientSeed: row.client_seed, nonce: 0 });
        expect(view.outcome).toMatchObject({ status: stored.status });
      }
      expect(all.find((r) => r.id === ids[1])!.input).toMatchObject({ round: { id: round.id }, bets: [{ kind: 'red', stake: '500' }] });
      // Paging across both kinds: ordered, and every round exactly once.
      const paged: string[] = [];
      for (let before = ''; ; ) {
        const page = (await list(`?limit=2${before}`)).map((r) => r.id);
        paged.push(...page);
        if (page.length < 2) break;
        before = `&before=${page.at(-1)!}`;
      }
      expect(paged).toEqual(newest);
      expect((await list(`?limit=2&before=${ids[3]}`)).map((r) => r.id)).toEqual([ids[2], ids[1]]);
      expect((await list('', q)).map((r) => r.id)).toEqual([others[0]]);

      const one = async (id: string, who: TestPlayer) => site(RGS_API.siteRound.replace(':id', id), who);
      const mine = await one(ids[1]!, p);
      expect(mine.statusCode, mine.body).toBe(200);
      expect(mine.json()).toEqual(all.find((r) => r.id === ids[1]));
      expect(errorOf(await one(ids[1]!, q))).toEqual([404, 'round_not_found']);
      expect(errorOf(await one(others[0]!, p))).toEqual([404, 'round_not_found']);
      expect(errorOf(await one(others[1]!, p))).toEqual([404, 'round_not_found']);
      expect((await one(others[0]!, q)).statusCode).toBe(200);
    });

    it('bingo 90: tickets from the player’s seed, one draw per room, pari-mutuel pools per money, every ticket paid once', async () => {
      await app.casinoLive.tick();
      expect((await app.inject({ method: 'GET', url: casinoSharedPath('bingo-90') })).statusCode).toBe(404);
      const view = SharedScheduleSchema.parse((await app.inject({ method: 'GET', url: `${casinoSharedPath('bingo-90')}?room=silver` })).json());
      const current = view.current!;
      expect(current.params).toEqual({ price: 50 });
      const p1 = await player(10_00n);
      const p2 = await player(10_00n);
      const s1 = await open('bingo-90', 'real', p1);
      const s2 = await open('bingo-90', 'real', p2);
      const sd = await open('bingo-90', 'demo');
      const buy = (sid: string, tickets: number, ticketSeed: string, extra: object = {}) => play(sid, { action: 'bet', room: 'silver', roundId: current.id, tickets, ticketSeed, ...extra });
      expect(errorOf(await buy(s1, 7, 'seed'))).toEqual([400, 'invalid_request']);
      expect(errorOf(await buy(s1, 1, 'has space'))).toEqual([400, 'invalid_request']);
      expect(errorOf(await play(s1, { action: 'bet', room: 'platinum', tickets: 1, ticketSeed: 'x' }))).toEqual([400, 'invalid_request']);
      const b1 = RgsPlayAnswerSchema.parse((await buy(s1, 3, 'alice-seed')).json());
      const b2 = RgsPlayAnswerSchema.parse((await buy(s2, 2, 'bob-seed')).json());
      const bd = RgsPlayAnswerSchema.parse((await buy(sd, 1, 'demo-seed')).json());
      expect([b1.round.stake, b2.round.stake, bd.round.stake]).toEqual(['150', '100', '50']);
      expect([await balanceOf(p1), await balanceOf(p2)]).toEqual([850n, 900n]);

      advanceTo(Date.parse(current.closesAt));
      await app.casinoLive.tick();
      const row = await roundRow(current.id);
      expect(row.state).toBe('settled');
      const order = drawBingo(fairRng(sharedSeeds(row.server_seed, 'bingo-90', 'silver', Number(row.round_no))));
      const result = row.result as { order: number[]; calls: number; pools: Record<string, { pool: string; tiers: { winners: string[]; prize: string }[] }> };
      expect(result.order).toEqual(order);
      // The real pool, recomputed from the tickets: the players' seeds, the draw, the price.
      const tickets = [
        ...bingoTickets('alice-seed', 3).map((ticket, i) => ({ key: `${b1.round.id}:${i}`, ticket })),
        ...bingoTickets('bob-seed', 2).map((ticket, i) => ({ key: `${b2.round.id}:${i}`, ticket })),
      ];
      const expected = settleBingoPool(order, tickets, minor(50n));
      expect(result.pools['real:EUR']!.pool).toBe('237');
      // The same winners (listed in bet order, so compared as sets).
      expect(result.pools['real:EUR']!.tiers.map((t) => [...t.winners].sort())).toEqual(expected.tiers.map((t) => [...t.winners].sort()));
      const won = (prefix: string) => tickets.filter((t) => t.key.startsWith(prefix)).reduce((sum, t) => sum + bingoTicketWin(expected, t.key), 0n);
      expect(await balanceOf(p1)).toBe(850n + won(b1.round.id));
      expect(await balanceOf(p2)).toBe(900n + won(b2.round.id));
      expect(237n - won(b1.round.id) - won(b2.round.id)).toBeLessThan(5n);
      // The demo ticket plays alone in its pool: it wins every tier, 95% of its 50.
      expect(result.pools['demo:EUR']!.tiers.every((t) => t.winners.length === 1)).toBe(true);
      const demo = RgsSessionViewSchema.parse((await app.inject({ method: 'GET', url: RGS_API.session, headers: h(sd) })).json());
      expect(demo.balance).toBe(String(100_000 - 50 + 47));
      // Paid once: another tick moves nothing.
      await app.casinoLive.tick();
      expect(await balanceOf(p1)).toBe(850n + won(b1.round.id));
      const mine = RoundsAnswerSchema.parse((await app.inject({ method: 'GET', url: RGS_API.rounds, headers: h(s1) })).json()).rounds[0]!;
      expect((mine.outcome as { tickets: number[][][] }).tickets).toEqual(bingoTickets('alice-seed', 3));
    });

    it('demo: bets and wins move the session’s fun balance, never the ledger', async () => {
      await app.casinoLive.tick();
      const sid = await open('tv-keno', 'demo');
      const current = (await schedule('tv-keno')).current!;
      const res = await play(sid, { action: 'bet', roundId: current.id, stake: '1000', picks: [7] });
      expect(res.statusCode, res.body).toBe(200);
      expect(RgsPlayAnswerSchema.parse(res.json()).balance).toBe('99000');
      advanceTo(Date.parse(current.closesAt));
      await app.casinoLive.tick();
      const row = await roundRow(current.id);
      const hit = (row.result as { drawn: number[] }).drawn.includes(7);
      const view = RgsSessionViewSchema.parse((await app.inject({ method: 'GET', url: RGS_API.session, headers: h(sid) })).json());
      expect(view.balance).toBe(String(99_000 + (hit ? 3800 : 0)));
      const bet = RoundsAnswerSchema.parse((await app.inject({ method: 'GET', url: RGS_API.rounds, headers: h(sid) })).json()).rounds[0]!;
      expect(bet.status).toBe('settled');
      expect(bet.mode).toBe('demo');
      expect(bet.fairness.serverSeed).toBe(row.server_seed);
      const moved = await app.db.selectFrom('casino_wallet_transactions').select('id').where('round_id', '=', bet.id).execute();
      expect(moved).toEqual([]);
    });
  });

  it('rounds nobody bet on are purged after a week; rounds with bets stay', async () => {
    const old = new Date(clock.now() - 8 * 24 * 3600_000);
    const make = (n: number) => app.db.insertInto('casino_shared_rounds').values({ engine: 'tv-keno', room: 'old', round_no: n, server_seed: 's', server_seed_hash: 'h', client_seed: 'c', state: 'settled', opens_at: old, closes_at: old, ends_at: old, settled_at: old, created_at: old }).returning('id').executeTakeFirstOrThrow();
    const empty = await make(1);
    const played = await make(2);
    await app.db.insertInto('casino_shared_bets').values({ id: randomUUID(), round_id: played.id, session_id: 'x', user_id: null, game_id: 'tv-keno', mode: 'demo', currency: 'EUR', stake: 1n, selection: '{}', status: 'lost', win: 0n, created_at: old, settled_at: old, paid_at: old }).execute();
    expect(await purgeEmptyRounds(app.db, new Date(clock.now()))).toBeGreaterThanOrEqual(1);
    const left = await app.db.selectFrom('casino_shared_rounds').select('id').where('room', '=', 'old').execute();
    expect(left.map((r) => r.id)).toEqual([played.id]);
    expect(empty.id).not.toBe(played.id);
  });

  it('the live topic: a snapshot with hashes, then each change as a delta', async () => {
    const live = await buildTestApp(t.handle, { clock, env: { JOBS_POLL_MS: '0' } });
    try {
      const url = await listenForLive(live);
      const client = await LiveTestClient.open(url);
      await live.casinoLive.tick();
      client.send({ type: 'subscribe', topic: casinoLiveTopic('tv-keno') });
      const snapshot = await client.next();
      expect(snapshot.type).toBe('snapshot');
      const data = SharedSnapshotSchema.parse((snapshot as { data: unknown }).data);
      expect(data.current?.serverSeed).toBeNull();
      advanceTo(Date.parse(data.current!.closesAt));
      await live.casinoLive.tick();
      // The rounds the tick made and the one it settled, each a delta.
      const deltas = await client.drain();
      expect(deltas.every((d) => d.type === 'delta')).toBe(true);
      const rounds = deltas.map((d) => (d as { data: { kind: string; round: { id: string; state: string; serverSeed: string | null } } }).data.round);
      const settled = rounds.find((r) => r.id === data.current!.id)!;
      expect(settled.state).toBe('settled');
      expect(serverSeedHash(settled.serverSeed!)).toBe(data.current!.serverSeedHash);
      client.send({ type: 'subscribe', topic: 'casino:nope' });
      expect((await client.next()).type).toBe('error');
      await client.close();
    } finally {
      await live.close();
    }
  });
});
