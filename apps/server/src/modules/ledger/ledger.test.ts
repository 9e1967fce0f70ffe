import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { expect, it } from 'vitest';
import { fixedClock, type CurrencyCode } from '@betsite/domain';
import type { Database } from '@betsite/db';
import { describeEachDb } from '@betsite/db/testing';
import { AccountConflictError, IdempotencyConflictError, InsufficientFundsError, InvalidMovementError, UnknownAccountError } from './errors.ts';
import { createLedger, type Ledger } from './ledger.ts';
import type { LedgerAccount } from './accounts.ts';

const NOW = Date.parse('2030-01-01T12:00:00Z');

async function createPlayer(db: Kysely<Database>, currency: CurrencyCode = 'RUB'): Promise<string> {
  const { id } = await db
    .insertInto('users')
    .values({ email: `${randomUUID()}@example.com`, password_hash: 'x', registration_type: 'full_reg', country: 'RU', currency, language: 'ru' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** The ledger's invariants, checked with SQL over everything written so far. */
async function expectConsistent(db: Kysely<Database>): Promise<void> {
  const violations = await sql<{ rule: string; id: string }>`
    select 'transaction does not sum to zero' as rule, transaction_id::text as id
      from ledger_entries group by transaction_id having sum(amount) <> 0
    union all
    select 'transaction without entries', t.id::text from ledger_transactions t
      where not exists (select 1 from ledger_entries e where e.transaction_id = t.id)
    union all
    select 'transaction mixes currencies', e.transaction_id::text from ledger_entries e
      join ledger_accounts a on a.id = e.account_id group by e.transaction_id having count(distinct a.currency) > 1
    union all
    select 'balance is not the sum of entries', a.id::text from ledger_accounts a
      left join ledger_entries e on e.account_id = a.id group by a.id having a.balance <> coalesce(sum(e.amount), 0)
    union all
    select 'balance_after is not the running sum', id::text from (
      select id, balance_after, sum(amount) over (partition by account_id order by id) as running from ledger_entries) r
      where balance_after <> running
    union all
    select 'negative balance', id::text from ledger_accounts where balance < 0 and not allow_negative`.execute(db);
  expect(violations.rows).toEqual([]);
}

async function counts(db: Kysely<Database>) {
  const [transactions, entries] = await Promise.all([
    db.selectFrom('ledger_transactions').select((eb) => eb.fn.countAll<bigint>().as('n')).executeTakeFirstOrThrow(),
    db.selectFrom('ledger_entries').select((eb) => eb.fn.countAll<bigint>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { transactions: transactions.n, entries: entries.n };
}

describeEachDb('ledger', (t) => {
  let ledger: Ledger;
  const key = () => `test:${randomUUID()}`;

  /** A player's main account in `currency` holding `amount`, funded from the house payments account. */
  async function fundedPlayer(amount: bigint, currency: CurrencyCode = 'RUB'): Promise<{ main: LedgerAccount; house: LedgerAccount }> {
    ledger = createLedger(t.db, fixedClock(NOW));
    const main = await ledger.openPlayerAccount({ ownerId: await createPlayer(t.db, currency), type: 'main', currency });
    const house = await ledger.houseAccount('house-payments', currency);
    if (amount > 0n) {
      await ledger.post({
        idempotencyKey: key(),
        kind: 'deposit',
        entries: [
          { accountId: house.id, amount: -amount },
          { accountId: main.id, amount },
        ],
      });
    }
    return { main, house };
  }

  it('opens a player’s SPEC §3 accounts and the house accounts once (get-or-create)', async () => {
    ledger = createLedger(t.db, fixedClock(NOW));
    const ownerId = await createPlayer(t.db);
    const main = await ledger.openPlayerAccount({ ownerId, type: 'main', currency: 'RUB' });
    expect(main).toMatchObject({ ownerId, kind: 'player-main', specType: 0, currency: 'RUB', balance: 0n, allowNegative: false });
    expect(main.createdAt).toEqual(new Date(NOW));
    expect(await ledger.openPlayerAccount({ ownerId, type: 'main', currency: 'RUB' })).toEqual(main);
    await expect(ledger.openPlayerAccount({ ownerId, type: 'main', currency: 'USD' })).rejects.toBeInstanceOf(AccountConflictError);

    const usd = await ledger.openPlayerAccount({ ownerId, type: 'currency', currency: 'USD' });
    const bonus = await ledger.openPlayerAccount({ ownerId, type: 'bonus', currency: 'RUB' });
    expect((await ledger.accountsOf(ownerId)).map((a) => [a.id, a.specType])).toEqual([
      [main.id, 0],
      [bonus.id, 4],
      [usd.id, 9],
    ]);
    expect(await ledger.accountsOf(randomUUID())).toEqual([]);

    const houses = await Promise.all(Array.from({ length: 10 }, () => ledger.houseAccount('house-bets', 'EUR')));
    expect(new Set(houses.map((h) => h.id)).size).toBe(1);
    expect(houses[0]).toMatchObject({ ownerId: null, kind: 'house-bets', specType: null, currency: 'EUR', allowNegative: true });
  });

  it('posts a movement as balanced entries, each with the balance after it', async () => {
    const { main, house } = await fundedPlayer(1000n);
    const bets = await ledger.houseAccount('house-bets', 'RUB');
    const houseBefore = await ledger.balance(house.id);

    const posted = await ledger.post({
      idempotencyKey: 'coupon:1',
      kind: 'bet',
      entries: [
        { accountId: main.id, amount: -250n },
        { accountId: bets.id, amount: 250n },
      ],
      metadata: { couponId: '1' },
    });
    expect(posted).toMatchObject({ idempotencyKey: 'coupon:1', kind: 'bet', metadata: { couponId: '1' }, replayed: false });
    expect(posted.createdAt).toEqual(new Date(NOW));
    expect(posted.entries.map((e) => [e.accountId, e.amount, e.balanceAfter, e.transactionId])).toEqual([
      [main.id, -250n, 750n, posted.id],
      [bets.id, 250n, expect.any(BigInt), posted.id],
    ]);
    expect(await ledger.balance(main.id)).toBe(750n);
    expect(await ledger.balance(house.id)).toBe(houseBefore);

    const history = await ledger.entries(main.id);
    expect(history.map((e) => [e.amount, e.balanceAfter])).toEqual([
      [-250n, 750n],
      [1000n, 1000n],
    ]);
    expect(await ledger.entries(main.id, { limit: 1, before: history[0]!.id })).toEqual([history[1]]);
    await expect(ledger.balance(randomUUID())).rejects.toBeInstanceOf(UnknownAccountError);
    await expect(ledger.balance('not-an-id')).rejects.toBeInstanceOf(UnknownAccountError);
    await expectConsistent(t.db);
  });

  it('refuses empty, unbalanced, zero, duplicate, mixed-currency and unknown-account movements, writing nothing', async () => {
    const { main, house } = await fundedPlayer(1000n);
    const { main: usdMain } = await fundedPlayer(1000n, 'USD');
    const before = await counts(t.db);
    const refused: [string, { accountId: string; amount: bigint }[]][] = [
      ['at least two entries', []],
      ['at least two entries', [{ accountId: main.id, amount: 5n }]],
      ['sum to 1', [{ accountId: main.id, amount: 6n }, { accountId: house.id, amount: -5n }]],
      ['zero amount', [{ accountId: main.id, amount: 0n }, { accountId: house.id, amount: 0n }]],
      ['appears twice', [{ accountId: main.id, amount: 5n }, { accountId: main.id, amount: -5n }]],
      ['mixes currencies', [{ accountId: usdMain.id, amount: -5n }, { accountId: main.id, amount: 5n }]],
      ['unknown account', [{ accountId: randomUUID(), amount: -5n }, { accountId: main.id, amount: 5n }]],
      ['not an account id', [{ accountId: 'x', amount: -5n }, { accountId: main.id, amount: 5n }]],
      ['out of range', [{ accountId: house.id, amount: -(2n ** 63n) - 1n }, { accountId: main.id, amount: 2n ** 63n + 1n }]],
    ];
    for (const [message, entries] of refused) {
      const movement = ledger.post({ idempotencyKey: key(), kind: 'test', entries });
      await expect(movement, message).rejects.toThrow(InvalidMovementError);
      await expect(movement, message).rejects.toThrow(message);
    }
    await expect(ledger.post({ idempotencyKey: '', kind: 'test', entries: refused[2]![1] })).rejects.toThrow(/idempotency key/);
    expect(await counts(t.db)).toEqual(before);
    expect(await ledger.balance(main.id)).toBe(1000n);
  });

  it('refuses an overdraft with InsufficientFundsError and leaves nothing written, not even the key', async () => {
    const { main, house } = await fundedPlayer(100n);
    const before = await counts(t.db);
    const houseBefore = await ledger.balance(house.id);
    const withdrawal = {
      idempotencyKey: key(),
      kind: 'withdrawal',
      entries: [
        { accountId: main.id, amount: -101n },
        { accountId: house.id, amount: 101n },
      ],
    };
    const error = await ledger.post(withdrawal).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InsufficientFundsError);
    expect(error).toMatchObject({ accountId: main.id, balance: 100n, requested: 101n, statusCode: 422 });
    expect(await counts(t.db)).toEqual(before);
    expect([await ledger.balance(main.id), await ledger.balance(house.id)]).toEqual([100n, houseBefore]);

    // The refused key was not consumed: after a deposit the same request goes through.
    await ledger.post({ idempotencyKey: key(), kind: 'deposit', entries: [{ accountId: house.id, amount: -1n }, { accountId: main.id, amount: 1n }] });
    expect((await ledger.post(withdrawal)).replayed).toBe(false);
    expect(await ledger.balance(main.id)).toBe(0n);
    await expectConsistent(t.db);
  });

  it('replays a repeated movement (money moves once) and refuses a key reused for another movement', async () => {
    const { main, house } = await fundedPlayer(0n);
    const deposit = {
      idempotencyKey: key(),
      kind: 'deposit',
      entries: [
        { accountId: house.id, amount: -500n },
        { accountId: main.id, amount: 500n },
      ],
      metadata: { delivery: 1 },
    };
    const first = await ledger.post(deposit);
    // A redelivery may list the entries in another order and carry other delivery metadata.
    const again = await ledger.post({ ...deposit, entries: [...deposit.entries].reverse(), metadata: { delivery: 2 } });
    expect(again).toEqual({ ...first, replayed: true });
    expect(await ledger.balance(main.id)).toBe(500n);

    const other = { ...deposit, entries: [{ accountId: house.id, amount: -600n }, { accountId: main.id, amount: 600n }] };
    const conflict = await ledger.post(other).catch((e: unknown) => e);
    expect(conflict).toBeInstanceOf(IdempotencyConflictError);
    expect(conflict).toMatchObject({ idempotencyKey: deposit.idempotencyKey, statusCode: 409 });
    await expect(ledger.post({ ...deposit, kind: 'bonus' })).rejects.toBeInstanceOf(IdempotencyConflictError);
    expect(await ledger.balance(main.id)).toBe(500n);
    expect(await ledger.entries(main.id)).toHaveLength(1);
    await expectConsistent(t.db);
  });

  it('posts a batch (postMany) with running balances per account, replays posted keys, and rolls the whole batch back on a refusal', async () => {
    const a = await fundedPlayer(100n);
    const b = await fundedPlayer(0n);
    const move = (k: string, from: string, to: string, amount: bigint) => ({ idempotencyKey: k, kind: 'transfer', entries: [{ accountId: from, amount: -amount }, { accountId: to, amount }] });
    const [k1, k2, k3] = [key(), key(), key()];
    await ledger.post(move(k1, a.main.id, b.main.id, 10n));
    const posted = await ledger.unit((unit) => unit.postMany([move(k1, a.main.id, b.main.id, 10n), move(k2, a.main.id, b.main.id, 30n), move(k3, b.main.id, a.house.id, 35n)]));
    expect(posted.map((p) => p.replayed)).toEqual([true, false, false]);
    expect(posted[1]!.entries.map((e) => e.balanceAfter)).toEqual([60n, 40n]);
    expect(posted[2]!.entries.map((e) => e.balanceAfter)).toEqual([5n, expect.any(BigInt)]);
    expect([await ledger.balance(a.main.id), await ledger.balance(b.main.id)]).toEqual([60n, 5n]);

    // The second movement would overdraw b after the first: nothing of the batch stays, not even the keys.
    const before = await counts(t.db);
    const [k4, k5] = [key(), key()];
    await expect(ledger.unit((unit) => unit.postMany([move(k4, b.main.id, a.main.id, 5n), move(k5, b.main.id, a.main.id, 1n)]))).rejects.toBeInstanceOf(InsufficientFundsError);
    await expect(ledger.unit((unit) => unit.postMany([move(k4, a.main.id, b.main.id, 1n), move(k4, a.main.id, b.main.id, 1n)]))).rejects.toBeInstanceOf(InvalidMovementError);
    expect(await counts(t.db)).toEqual(before);
    expect([await ledger.balance(a.main.id), await ledger.balance(b.main.id)]).toEqual([60n, 5n]);
    expect(await ledger.unit((unit) => unit.postMany([]))).toEqual([]);
    await expectConsistent(t.db);
  });

  it('never overdraws under 50 concurrent withdrawals: exactly 33 of 30 succeed from 1000', async () => {
    const { main, house } = await fundedPlayer(1000n);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        ledger.post({
          idempotencyKey: `withdrawal:${main.id}:${i}`,
          kind: 'withdrawal',
          entries: [
            { accountId: main.id, amount: -30n },
            { accountId: house.id, amount: 30n },
          ],
        }),
      ),
    );
    const refused = outcomes.filter((o) => o.status === 'rejected');
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(33);
    expect(refused).toHaveLength(17);
    for (const r of refused) expect(r.reason).toBeInstanceOf(InsufficientFundsError);
    expect(await ledger.balance(main.id)).toBe(10n);
    const balancesAfter = (await ledger.entries(main.id, { limit: 500 })).map((e) => e.balanceAfter);
    expect(balancesAfter).toHaveLength(34);
    expect(balancesAfter.every((b) => b >= 0n)).toBe(true);
    await expectConsistent(t.db);
  });

  it('spreads the house side over its shards (decision 0015): one row per shard whoever asks, movements by key, the house balance their sum', async () => {
    // Two nodes (two ledgers, no shared cache) asking for the same shards at once: one row each.
    const nodes = [createLedger(t.db, fixedClock(NOW)), createLedger(t.db, fixedClock(NOW))];
    const keys = Array.from({ length: 200 }, (_, i) => `coupon:${i}`);
    const accounts = await Promise.all(keys.flatMap((k) => nodes.map((n) => n.houseAccount('house-bets', 'USD', k))));
    const rows = await t.db.selectFrom('ledger_accounts').select(['id', 'shard']).where('kind', '=', 'house-bets').where('currency', '=', 'USD').execute();
    expect(new Set(accounts.map((a) => a.id))).toEqual(new Set(rows.map((r) => r.id)));
    // 200 keys over 32 shards: nearly every shard is used, and a key always takes the same one.
    expect(rows.length).toBeGreaterThanOrEqual(28);
    expect(new Set(rows.map((r) => r.shard)).size).toBe(rows.length);
    expect((await nodes[0]!.houseAccount('house-bets', 'USD', 'coupon:7')).id).toBe((await nodes[1]!.houseAccount('house-bets', 'USD', 'coupon:7')).id);
    expect((await nodes[0]!.houseAccount('house-bets', 'USD')).shard).toBe(0);

    // 40 players' movements at once: each player's account and the shard of its key; the house's balance is the sum.
    ledger = nodes[0]!;
    const mains = await Promise.all(Array.from({ length: 40 }, async () => ledger.openPlayerAccount({ ownerId: await createPlayer(t.db, 'USD'), type: 'main', currency: 'USD' })));
    await Promise.all(
      mains.map(async (main, i) => {
        const house = await ledger.houseAccount('house-bets', 'USD', `stake:${i}`);
        await ledger.post({ idempotencyKey: `fund:${main.id}`, kind: 'deposit', entries: [{ accountId: house.id, amount: -100n }, { accountId: main.id, amount: 100n }] });
        await ledger.post({ idempotencyKey: `stake:${i}`, kind: 'bet', entries: [{ accountId: main.id, amount: -40n }, { accountId: house.id, amount: 40n }] });
      }),
    );
    expect(await ledger.houseBalance('house-bets', 'USD')).toBe(-60n * 40n);
    const sum = await t.db.selectFrom('ledger_accounts').select((eb) => eb.fn.sum<string>('balance').as('sum')).where('kind', '=', 'house-bets').where('currency', '=', 'USD').executeTakeFirstOrThrow();
    expect(BigInt(sum.sum)).toBe(-2400n);
    await expect(ledger.houseBalance('house-bets', 'JPY')).resolves.toBe(0n);
    await expectConsistent(t.db);
  });

  it('credits a payment callback delivered 10 times concurrently exactly once', async () => {
    const { main, house } = await fundedPlayer(0n);
    const callback = {
      idempotencyKey: `payment:${randomUUID()}`,
      kind: 'deposit',
      entries: [
        { accountId: house.id, amount: -777n },
        { accountId: main.id, amount: 777n },
      ],
    };
    const results = await Promise.all(Array.from({ length: 10 }, () => ledger.post(callback)));
    expect(new Set(results.map((r) => r.id)).size).toBe(1);
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    expect(await ledger.balance(main.id)).toBe(777n);
    expect(await ledger.entries(main.id)).toHaveLength(1);
    await expectConsistent(t.db);
  });

  it('has the database refuse unbalanced entries and overdrawn player accounts whatever code writes them', async () => {
    const { main, house } = await fundedPlayer(100n);
    const unbalanced = t.db.transaction().execute(async (trx) => {
      const { id } = await trx
        .insertInto('ledger_transactions')
        .values({ idempotency_key: key(), kind: 'raw', request_hash: '-' })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx.insertInto('ledger_entries').values({ transaction_id: id, account_id: main.id, amount: 5n, balance_after: 105n }).execute();
    });
    await expect(unbalanced).rejects.toThrow(/does not sum to zero/);
    await expect(t.db.updateTable('ledger_accounts').set({ balance: -1n }).where('id', '=', main.id).execute()).rejects.toThrow(
      /ledger_accounts_non_negative/,
    );
    // A house account may go negative; put its balance back so the invariants still hold.
    const houseBalance = await ledger.balance(house.id);
    await expect(t.db.updateTable('ledger_accounts').set({ balance: -1n }).where('id', '=', house.id).execute()).resolves.toBeDefined();
    await t.db.updateTable('ledger_accounts').set({ balance: houseBalance }).where('id', '=', house.id).execute();
    await expect(
      t.db.insertInto('ledger_accounts').values({ owner_id: main.ownerId, kind: 'house-cash', currency: 'RUB' }).execute(),
    ).rejects.toThrow(/ledger_accounts_player_or_house/);
    await expectConsistent(t.db);
  });
});
