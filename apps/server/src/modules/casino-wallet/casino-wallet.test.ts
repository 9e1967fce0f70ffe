/**
 * The seamless wallet (issue 13, decision 0022) on both databases with the fake clock: every
 * call unsigned / badly signed (401) and invalid (400); debits, credits and rollbacks
 * replayed, reordered and duplicated move money once; a rollback after a credit is refused;
 * 200 concurrent debits on one balance never overdraw and the ledger adds up; an interrupted
 * round is refunded once by the recovery job; self-exclusion refuses a debit and a real launch;
 * launch tokens are single-use and expire.
 */
import { createHmac, randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  ApiErrorSchema,
  CASINO_WALLET_API,
  LaunchSessionSchema,
  LaunchTokenSchema,
  LIMITS_API,
  WalletBalanceSchema,
  WalletTransactionAnswerSchema,
} from '@betsite/contracts';
import { describeEachDb } from '@betsite/db/testing';
import type { BusTopics } from '../../lib/bus.ts';
import { createClock } from '../../lib/clock.ts';
import { buildTestApp, fundedPlayer, type TestPlayer } from '../../testing.ts';
import { CASINO_JOBS, DEV_CASINO_WALLET_SECRET, ROUND_TIMEOUT_MS } from './index.ts';

const PROVIDER = 'betsite-rgs';
const GAME = 'fruit-fiesta';

describeEachDb('casino wallet', (t) => {
  const clock = createClock({ fake: true });
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(t.handle, { clock });
    // Schedules the first slot of every recurring job (the recovery job's among them).
    await app.jobs.runDue();
  });
  afterAll(() => app.close());

  const sign = (raw: string) => createHmac('sha256', DEV_CASINO_WALLET_SECRET).update(raw).digest('hex');
  const signed = (url: string, body: unknown, signature?: string) => {
    const raw = typeof body === 'string' ? body : JSON.stringify(body);
    return app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json', 'x-signature': signature ?? sign(raw) }, payload: raw });
  };
  const errorOf = (res: LightMyRequestResponse) => [res.statusCode, ApiErrorSchema.parse(res.json()).code];
  const ok = (res: LightMyRequestResponse) => {
    expect(res.statusCode, res.body).toBe(200);
    return WalletTransactionAnswerSchema.parse(res.json());
  };
  const player = (balance: bigint) => fundedPlayer(app, app.ledger, balance);
  const balanceOf = async (p: TestPlayer) => app.ledger.balance(p.accountId);
  const base = (p: TestPlayer) => ({ provider: PROVIDER, playerId: p.userId, currency: 'EUR' });
  const debit = (p: TestPlayer, tx: string, round: string, amount: string) => signed(CASINO_WALLET_API.debit, { ...base(p), transactionId: tx, roundId: round, gameId: GAME, amount });
  const credit = (p: TestPlayer, tx: string, round: string, amount: string) => signed(CASINO_WALLET_API.credit, { ...base(p), transactionId: tx, roundId: round, gameId: GAME, amount });
  const rollback = (p: TestPlayer, tx: string, round: string, ref: string) => signed(CASINO_WALLET_API.rollback, { ...base(p), transactionId: tx, roundId: round, referenceTransactionId: ref });
  const id = () => randomUUID();

  it('refuses unsigned and badly signed calls (401) and invalid bodies (400)', async () => {
    const p = await player(10_00n);
    const bodies: [string, unknown][] = [
      [CASINO_WALLET_API.balance, base(p)],
      [CASINO_WALLET_API.debit, { ...base(p), transactionId: id(), roundId: id(), gameId: GAME, amount: '100' }],
      [CASINO_WALLET_API.credit, { ...base(p), transactionId: id(), roundId: id(), gameId: GAME, amount: '100' }],
      [CASINO_WALLET_API.rollback, { ...base(p), transactionId: id(), roundId: id(), referenceTransactionId: id() }],
      [CASINO_WALLET_API.redeem, { provider: PROVIDER, token: 'x.1.y' }],
    ];
    for (const [url, body] of bodies) {
      const raw = JSON.stringify(body);
      expect(errorOf(await app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload: raw })), url).toEqual([401, 'bad_signature']);
      expect(errorOf(await signed(url, raw, sign(`${raw} `))), url).toEqual([401, 'bad_signature']);
      expect(errorOf(await signed(url, raw, 'zz')), url).toEqual([401, 'bad_signature']);
      // Signed with another key.
      expect(errorOf(await signed(url, raw, createHmac('sha256', 'another-secret-of-at-least-32-chars!!').update(raw).digest('hex'))), url).toEqual([401, 'bad_signature']);
      // Signed but not JSON, or not the schema.
      expect(errorOf(await signed(url, '{not json')), url).toEqual([400, 'invalid_request']);
      expect(errorOf(await signed(url, { ...(body as object), extra: 1 })), url).toEqual([400, 'invalid_request']);
    }
    for (const bad of [{ amount: '0' }, { amount: '-1' }, { amount: '1.5' }, { currency: 'eur' }, { playerId: 'nope' }, { transactionId: '' }, { gameId: 'Bad Game' }]) {
      expect(errorOf(await signed(CASINO_WALLET_API.debit, { ...base(p), transactionId: id(), roundId: id(), gameId: GAME, amount: '100', ...bad })), JSON.stringify(bad)).toEqual([400, 'invalid_request']);
    }
    // Nothing moved; the balance call answers.
    expect(WalletBalanceSchema.parse((await signed(CASINO_WALLET_API.balance, base(p))).json())).toEqual({ balance: '1000', currency: 'EUR' });
    expect(errorOf(await signed(CASINO_WALLET_API.balance, { ...base(p), currency: 'USD' }))).toEqual([404, 'account_not_found']);
  });

  it('moves money once for replayed, duplicated and reordered calls', async () => {
    const p = await player(100_00n);
    const round = id();
    const tx = id();
    // The same debit three times, two at once: charged once, the same answer each time.
    const answers = await Promise.all([debit(p, tx, round, '500'), debit(p, tx, round, '500')]);
    const again = await debit(p, tx, round, '500');
    for (const res of [...answers, again]) expect(ok(res)).toEqual({ transactionId: tx, balance: '9500', currency: 'EUR', roundStatus: 'open' });
    expect(await balanceOf(p)).toBe(95_00n);
    // The same id with another amount: a conflict, nothing moves.
    expect(errorOf(await debit(p, tx, round, '600'))).toEqual([409, 'transaction_conflict']);
    // A second debit in the round (a double), then the credit twice: paid once.
    ok(await debit(p, id(), round, '500'));
    const win = id();
    const credits = await Promise.all([credit(p, win, round, '2500'), credit(p, win, round, '2500')]);
    for (const res of credits) expect(ok(res)).toMatchObject({ balance: '11500', roundStatus: 'settled' });
    expect(ok(await credit(p, win, round, '2500')).balance).toBe('11500');
    expect(await balanceOf(p)).toBe(115_00n);
    // Another credit or a debit on the settled round: refused, stored.
    const late = id();
    expect(errorOf(await credit(p, late, round, '100'))).toEqual([409, 'round_settled']);
    expect(errorOf(await credit(p, late, round, '100'))).toEqual([409, 'round_settled']);
    expect(errorOf(await debit(p, id(), round, '100'))).toEqual([409, 'round_closed']);

    // Reordered: the credit of a round no debit opened (yet) is refused.
    const r2 = id();
    expect(errorOf(await credit(p, id(), r2, '100'))).toEqual([404, 'round_not_found']);
    // The rollback of a debit that has not come: nothing to give back, and the debit is refused when it comes.
    const lost = id();
    expect(ok(await rollback(p, id(), r2, lost))).toMatchObject({ refunded: '0', balance: '11500', roundStatus: null });
    expect(errorOf(await debit(p, lost, r2, '700'))).toEqual([409, 'transaction_rolled_back']);
    expect(await balanceOf(p)).toBe(115_00n);

    // A rollback of a debit: the stake back exactly once, whatever rollback ids and however often.
    const r3 = id();
    const stake = id();
    ok(await debit(p, stake, r3, '1000'));
    const rb = id();
    const rollbacks = await Promise.all([rollback(p, rb, r3, stake), rollback(p, rb, r3, stake), rollback(p, id(), r3, stake)]);
    const refunded = rollbacks.map((res) => ok(res).refunded);
    expect(refunded.filter((r) => r === '1000')).toHaveLength(2); // the same rollback id, answered alike
    expect(refunded.filter((r) => r === '0')).toHaveLength(1);
    expect(ok(await rollback(p, rb, r3, stake)).refunded).toBe('1000');
    expect(ok(await rollback(p, id(), r3, stake)).refunded).toBe('0');
    expect(await balanceOf(p)).toBe(115_00n);
    // The round is rolled back: no credit, no more debits.
    expect(errorOf(await credit(p, id(), r3, '100'))).toEqual([409, 'round_rolled_back']);
    expect(errorOf(await debit(p, id(), r3, '100'))).toEqual([409, 'round_closed']);
    // A rollback naming a credit, or another round's debit.
    expect(errorOf(await rollback(p, id(), round, win))).toEqual([409, 'reference_not_debit']);
    expect(errorOf(await rollback(p, id(), r2, tx))).toEqual([409, 'round_mismatch']);
    // Another player's round.
    const q = await player(10_00n);
    expect(errorOf(await debit(q, id(), round, '100'))).toEqual([409, 'round_mismatch']);
    expect(await balanceOf(q)).toBe(10_00n);

    // The rounds say what moved.
    const rows = await app.db.selectFrom('casino_rounds').select(['round_id', 'status', 'stake_total', 'win_total']).where('user_id', '=', p.userId).execute();
    expect(rows.find((r) => r.round_id === round)).toMatchObject({ status: 'settled', stake_total: 1000n, win_total: 2500n });
    expect(rows.find((r) => r.round_id === r3)).toMatchObject({ status: 'rolled_back', stake_total: 0n });
    expect(rows.some((r) => r.round_id === r2)).toBe(false);
  });

  it('answers a stored refusal even when the call would pass now, and moves nothing for it', async () => {
    const p = await player(1_00n);
    const round = id();
    const tx = id();
    expect(errorOf(await debit(p, tx, round, '500'))).toEqual([422, 'insufficient_funds']);
    // Funded since: the replay is still the refusal it got, and nothing is charged.
    await app.ledger.post({ idempotencyKey: `top-up:${p.accountId}`, kind: 'deposit', entries: [{ accountId: (await app.ledger.houseAccount('house-payments', 'EUR')).id, amount: -10_00n }, { accountId: p.accountId, amount: 10_00n }] });
    expect(errorOf(await debit(p, tx, round, '500'))).toEqual([422, 'insufficient_funds']);
    expect(await balanceOf(p)).toBe(11_00n);
    // A credit refused before its round was opened stays refused, and does not settle the round opened since.
    const win = id();
    expect(errorOf(await credit(p, win, round, '300'))).toEqual([404, 'round_not_found']);
    ok(await debit(p, id(), round, '100'));
    expect(errorOf(await credit(p, win, round, '300'))).toEqual([404, 'round_not_found']);
    expect(ok(await credit(p, id(), round, '0'))).toMatchObject({ balance: '1000', roundStatus: 'settled' });
    const row = await app.db.selectFrom('casino_rounds').select(['status', 'stake_total', 'win_total']).where('round_id', '=', round).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'settled', stake_total: 100n, win_total: 0n });
  });

  it('moves a debit racing its own rollback once: charged and refunded, or refused', async () => {
    const p = await player(100_00n);
    for (let i = 0; i < 10; i++) {
      const round = id();
      ok(await debit(p, id(), round, '100'));
      const stake = id();
      const [d, r] = await Promise.all([debit(p, stake, round, '200'), rollback(p, id(), round, stake)]);
      const refunded = ok(r).refunded;
      if (d.statusCode === 200) expect(refunded).toBe('200');
      else expect([errorOf(d), refunded]).toEqual([[409, 'transaction_rolled_back'], '0']);
      expect(await balanceOf(p)).toBe(100_00n - 100n * BigInt(i + 1));
    }
  });

  it('refuses a rollback after the round was credited', async () => {
    const p = await player(50_00n);
    const round = id();
    const stake = id();
    ok(await debit(p, stake, round, '2000'));
    ok(await credit(p, id(), round, '0'));
    expect(await balanceOf(p)).toBe(30_00n);
    const rb = id();
    expect(errorOf(await rollback(p, rb, round, stake))).toEqual([409, 'round_settled']);
    expect(errorOf(await rollback(p, rb, round, stake))).toEqual([409, 'round_settled']);
    expect(await balanceOf(p)).toBe(30_00n);
  });

  it('never overdraws under 200 concurrent debits on one balance, and the ledger adds up', async () => {
    const p = await player(100_00n);
    const houseBefore = await app.ledger.houseBalance('house-casino', 'EUR');
    const results = await Promise.all(Array.from({ length: 200 }, () => debit(p, id(), id(), '100')));
    const codes = results.map((res) => (res.statusCode === 200 ? 'ok' : ApiErrorSchema.parse(res.json()).code));
    expect(codes.filter((c) => c === 'ok')).toHaveLength(100);
    expect(codes.filter((c) => c !== 'ok' && c !== 'insufficient_funds')).toEqual([]);
    expect(await balanceOf(p)).toBe(0n);
    expect((await app.ledger.houseBalance('house-casino', 'EUR')) - houseBefore).toBe(100_00n);
    // Double entry: every account is the sum of its entries, every transaction sums to zero.
    const { rows: off } = await sql<{ id: string }>`
      select a.id from ledger_accounts a left join ledger_entries e on e.account_id = a.id
      group by a.id, a.balance having a.balance <> coalesce(sum(e.amount), 0)`.execute(app.db);
    expect(off).toEqual([]);
    const { rows: unbalanced } = await sql<{ id: string }>`select transaction_id as id from ledger_entries group by transaction_id having sum(amount) <> 0`.execute(app.db);
    expect(unbalanced).toEqual([]);
    // The player's stakes: 100 casino postings of 1.00.
    const { rows: stakes } = await sql<{ n: string }>`
      select count(*)::text as n from ledger_entries e join ledger_transactions t on t.id = e.transaction_id
      where e.account_id = ${p.accountId} and t.idempotency_key like 'casino:%:stake'`.execute(app.db);
    expect(stakes[0]!.n).toBe('100');
  });

  it('refunds an interrupted round once through the recovery job', async () => {
    const p = await player(20_00n);
    const stale = id();
    const fresh = id();
    const [d1, d2] = [id(), id()];
    ok(await debit(p, d1, stale, '300'));
    ok(await debit(p, d2, stale, '200'));
    expect(await balanceOf(p)).toBe(15_00n);
    expect(app.jobs.kinds).toContain(CASINO_JOBS.recover);
    clock.advance!(ROUND_TIMEOUT_MS / 1000 - 60);
    ok(await debit(p, id(), fresh, '100')); // played recently: kept open
    clock.advance!(120);
    // The job alone refunds the stale round (whatever else is stale in this database) …
    expect(await app.jobs.runDue()).toBeGreaterThan(0);
    expect(await balanceOf(p)).toBe(19_00n);
    // … and a second pass, the service's own and the job's next run, gives nothing more.
    expect(await app.casinoWallet!.recover()).toEqual({ rounds: 0, refunded: 0n });
    clock.advance!(60);
    await app.jobs.runDue();
    expect(await balanceOf(p)).toBe(19_00n);
    const rounds = await app.db.selectFrom('casino_rounds').select(['round_id', 'status', 'stake_total']).where('user_id', '=', p.userId).execute();
    expect(rounds.find((r) => r.round_id === stale)).toMatchObject({ status: 'rolled_back', stake_total: 0n });
    expect(rounds.find((r) => r.round_id === fresh)).toMatchObject({ status: 'open' });
    // The game server's late rollback and credit of it: nothing more.
    expect(ok(await rollback(p, id(), stale, d1)).refunded).toBe('0');
    expect(errorOf(await credit(p, id(), stale, '900'))).toEqual([409, 'round_rolled_back']);
    expect(await balanceOf(p)).toBe(19_00n);
  });

  it('refuses debits and real launches during a self-exclusion, demo stays open', async () => {
    const p = await player(20_00n);
    const round = id();
    ok(await debit(p, id(), round, '100'));
    const block = await app.inject({ method: 'POST', url: LIMITS_API.selfBlock, headers: p.headers, payload: { days: 7 } });
    expect(block.statusCode, block.body).toBe(200);
    const tx = id();
    expect(errorOf(await debit(p, tx, round, '100'))).toEqual([422, 'self_excluded']);
    expect(errorOf(await debit(p, tx, round, '100'))).toEqual([422, 'self_excluded']);
    expect(await balanceOf(p)).toBe(19_00n);
    // The open round can still be settled (a win is paid), never staked again.
    expect(ok(await credit(p, id(), round, '300')).balance).toBe('2200');
    const launch = (mode: string) => app.inject({ method: 'POST', url: CASINO_WALLET_API.launch, headers: p.headers, payload: { gameId: GAME, mode, language: 'en' } });
    expect(errorOf(await launch('real'))).toEqual([422, 'self_excluded']);
    expect((await launch('demo')).statusCode).toBe(201);
  });

  it('counts casino stakes in the wagering limit: a debit past it is refused with what is left', async () => {
    const p = await player(500_00n);
    const set = await app.inject({ method: 'POST', url: LIMITS_API.limits, headers: p.headers, payload: { limits: [{ limitType: 1, limitValue: 100 }] } });
    expect(set.statusCode, set.body).toBe(200);
    ok(await debit(p, id(), id(), '6000'));
    const refused = await debit(p, id(), id(), '5000');
    expect(errorOf(refused)).toEqual([422, 'wager_limit_exceeded']);
    expect((refused.json() as { details: { allowanceMinor: string } }).details.allowanceMinor).toBe('4000');
    ok(await debit(p, id(), id(), '4000'));
    expect(await balanceOf(p)).toBe(400_00n);
  });

  it("announces the player's balance after each debit, win and refund, once, with or without limits", async () => {
    const plain = await player(10_00n);
    const limited = await player(10_00n);
    const set = await app.inject({ method: 'POST', url: LIMITS_API.limits, headers: limited.headers, payload: { limits: [{ limitType: 1, limitValue: 100 }] } });
    expect(set.statusCode, set.body).toBe(200);
    const seen: BusTopics['balance.changed'][] = [];
    const unsubscribe = await app.bus.subscribe('balance.changed', (payload) => seen.push(payload));
    try {
      for (const p of [plain, limited]) {
        const [won, lost, d1, d2] = [id(), id(), id(), id()];
        ok(await debit(p, d1, won, '100'));
        ok(await debit(p, d1, won, '100')); // replayed: nothing moved
        ok(await credit(p, id(), won, '250'));
        ok(await debit(p, d2, lost, '100'));
        ok(await credit(p, id(), lost, '0')); // a loss posts nothing
        ok(await rollback(p, id(), id(), id())); // nothing to give back
      }
      const forPlayer = (p: TestPlayer) => seen.filter((s) => s.userId === p.userId).map((s) => [s.accountId, s.newBalance]);
      for (const p of [plain, limited]) expect(forPlayer(p)).toEqual([[p.accountId, '900'], [p.accountId, '1150'], [p.accountId, '1050']]);
      // A refund is announced too.
      const round = id();
      const tx = id();
      ok(await debit(plain, tx, round, '50'));
      expect(ok(await rollback(plain, id(), round, tx)).refunded).toBe('50');
      expect(forPlayer(plain).slice(-2)).toEqual([[plain.accountId, '1000'], [plain.accountId, '1050']]);
    } finally {
      await unsubscribe();
    }
  });

  it('issues single-use launch tokens that expire: real for players, demo for visitors', async () => {
    const p = await player(7_00n);
    const launch = (headers: Record<string, string>, payload: unknown) => app.inject({ method: 'POST', url: CASINO_WALLET_API.launch, headers, payload: payload as never });
    const redeem = (token: string) => signed(CASINO_WALLET_API.redeem, { provider: PROVIDER, token });
    expect(errorOf(await launch({}, { gameId: GAME, mode: 'real', language: 'en' }))).toEqual([401, 'unauthorized']);
    expect(errorOf(await launch(p.headers, { gameId: GAME, mode: 'live', language: 'en' }))).toEqual([400, 'invalid_request']);
    expect(errorOf(await launch(p.headers, { gameId: GAME, mode: 'real', language: 'en', currency: 'USD' }))).toEqual([404, 'account_not_found']);

    const real = await launch(p.headers, { gameId: GAME, mode: 'real', language: 'ru' });
    expect(real.statusCode, real.body).toBe(201);
    const { token, expiresAt } = LaunchTokenSchema.parse(real.json());
    expect(expiresAt).toBe(clock.now() + 60_000);
    // Tampered: the same 404 as unknown.
    const [tid, exp, sig] = token.split('.');
    expect(errorOf(await redeem(`${tid}.${Number(exp) + 1000}.${sig}`))).toEqual([404, 'launch_token_invalid']);
    const first = await redeem(token);
    expect(first.statusCode, first.body).toBe(200);
    expect(LaunchSessionSchema.parse(first.json())).toEqual({ playerId: p.userId, gameId: GAME, currency: 'EUR', mode: 'real', language: 'ru', balance: '700' });
    expect(errorOf(await redeem(token))).toEqual([404, 'launch_token_invalid']);

    const demo = LaunchTokenSchema.parse((await launch({}, { gameId: GAME, mode: 'demo', language: 'en' })).json());
    clock.advance!(61);
    expect(errorOf(await redeem(demo.token))).toEqual([404, 'launch_token_invalid']);
    const demo2 = LaunchTokenSchema.parse((await launch({}, { gameId: GAME, mode: 'demo', language: 'en' })).json());
    expect(LaunchSessionSchema.parse((await redeem(demo2.token)).json())).toMatchObject({ playerId: null, mode: 'demo', balance: null });
  });
});
