import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDb } from '@betsite/db/testing';
import {
  AccountChangeResponseSchema,
  AccountsResponseSchema,
  ApiErrorSchema,
  FastRegistrationResponseSchema,
  type AccountsResponse,
} from '@betsite/contracts';
import { minor, type CurrencyCode } from '@betsite/domain';
import { buildTestApp } from '../../testing.ts';
import { createClock } from '../../lib/clock.ts';
import type { BusTopics } from '../../lib/bus.ts';
import { createLedger } from '../ledger/ledger.ts';
import { observeLedger } from './observed-ledger.ts';

const BASE = '/web-api/office/v1/accounts';
let ipCounter = 0;
const nextIp = () => `10.7.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

describeEachDb('accounts API', (t) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(t.handle, { clock: createClock({ fake: true }), auth: { rateLimits: { registration: 1000 } } });
  });
  afterAll(() => app.close());

  const call = (options: InjectOptions) => app.inject({ remoteAddress: nextIp(), ...options });

  /** A one-click player (SPEC fast registration) calling with its token in X-Auth. */
  const newPlayer = async (currency: CurrencyCode = 'RUB') => {
    const res = await call({ method: 'POST', url: '/web-api/registration/v1/fast', payload: { currency, country: 'DE', language: 'en', bonusChoice: 0 } });
    expect(res.statusCode).toBe(201);
    const { token, userId } = FastRegistrationResponseSchema.parse(res.json());
    const headers = { 'x-auth': token };
    return {
      userId,
      headers,
      get: async () => {
        const r = await call({ url: BASE, headers });
        expect(r.statusCode).toBe(200);
        return AccountsResponseSchema.parse(r.json());
      },
      post: (action: string, payload: unknown) => call({ method: 'POST', url: `${BASE}/${action}`, headers, payload: payload as Record<string, unknown> }),
    };
  };
  type Player = Awaited<ReturnType<typeof newPlayer>>;

  const expectError = (res: { statusCode: number; json: () => unknown }, status: number, code: string) => {
    expect(res.statusCode).toBe(status);
    const error = ApiErrorSchema.parse(res.json());
    expect(error.code).toBe(code);
    return error;
  };

  const credit = async (accountId: string, currency: CurrencyCode, amount: bigint, key: string) => {
    const house = await app.ledger.houseAccount('house-cash', currency);
    return app.ledger.post({ idempotencyKey: key, kind: 'deposit', entries: [{ accountId, amount }, { accountId: house.id, amount: -amount }] });
  };

  const currencyAccount = (accounts: AccountsResponse, iso: string) => accounts.all_accounts.find((a) => a.type === 9 && a.iso === iso);

  describe('registration', () => {
    it('opens the main account in the registration currency and a bonus account (fast)', async () => {
      const player = await newPlayer('EUR');
      const rows = await t.db.selectFrom('ledger_accounts').selectAll().where('owner_id', '=', player.userId).orderBy('spec_type').execute();
      expect(rows.map((r) => [r.kind, r.spec_type, r.currency, r.balance])).toEqual([
        ['player-main', 0, 'EUR', 0n],
        ['player-bonus', 4, 'EUR', 0n],
      ]);
    });

    it('opens them for a full registration too', async () => {
      const email = `accounts.${Date.now()}@example.com`;
      const res = await call({
        method: 'POST',
        url: '/web-api/registration/v1/full',
        payload: { email, password: 'correct horse battery', currency: 'usd', country: 'us', language: 'en', bonusChoice: 0 },
      });
      expect(res.statusCode).toBe(202);
      const user = await t.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
      const rows = await t.db.selectFrom('ledger_accounts').select(['spec_type', 'currency']).where('owner_id', '=', user.id).orderBy('spec_type').execute();
      expect(rows).toEqual([
        { spec_type: 0, currency: 'USD' },
        { spec_type: 4, currency: 'USD' },
      ]);
    });
  });

  describe('GET accounts', () => {
    it('answers visitors 401 with a code', async () => {
      expectError(await call({ url: BASE }), 401, 'unauthorized');
      expectError(await call({ url: BASE, headers: { 'x-auth': 'not-a-session-token-000' } }), 401, 'unauthorized');
    });

    it('answers the SPEC balance payload from the ledger', async () => {
      const player = await newPlayer('RUB');
      const res = await call({ url: BASE, headers: player.headers });
      expect(res.headers['cache-control']).toBe('no-store');
      const accounts = AccountsResponseSchema.parse(res.json());
      expect(accounts.balance).toMatchObject({ type: 0, iso: 'RUB', symbol: '₽', currencyId: 643, money: '0.00', moneyMinor: '0', points: 0, isActive: true });
      expect(accounts.bonus).toMatchObject({ type: 4, iso: 'RUB', money: '0.00', points: null, isActive: false });
      expect(accounts.all_accounts.map((a) => a.type)).toEqual([0, 4]);
      expect(accounts.is_available_first_deposit_bonus).toBe(true);
      expect(accounts.user_hide_balance).toBe(true);

      await credit(accounts.balance.id, 'RUB', 123450n, `dep-${player.userId}`);
      const after = await player.get();
      expect(after.balance).toMatchObject({ money: '1234.50', moneyMinor: '123450' });
      expect(after.is_available_first_deposit_bonus).toBe(false);
    });

    it('opens the accounts of a player registered before accounts existed', async () => {
      const player = await newPlayer('GBP');
      await t.db.deleteFrom('ledger_accounts').where('owner_id', '=', player.userId).execute();
      const accounts = await player.get();
      expect(accounts.all_accounts.map((a) => [a.type, a.iso])).toEqual([
        [0, 'GBP'],
        [4, 'GBP'],
      ]);
    });
  });

  describe('balance.changed', () => {
    it('is announced for each player account a posted movement touches, once per movement', async () => {
      const player = await newPlayer('USD');
      const { balance } = await player.get();
      const seen: BusTopics['balance.changed'][] = [];
      const unsubscribe = await app.bus.subscribe('balance.changed', (payload) => seen.push(payload));
      try {
        await credit(balance.id, 'USD', 500n, `bus-${player.userId}`);
        await credit(balance.id, 'USD', 500n, `bus-${player.userId}`); // replayed: nothing moved
        await credit(balance.id, 'USD', 250n, `bus2-${player.userId}`);
        expect(seen).toEqual([
          { userId: player.userId, accountId: balance.id, newBalance: '500', entryId: expect.stringMatching(/^\d+$/) },
          { userId: player.userId, accountId: balance.id, newBalance: '750', entryId: expect.stringMatching(/^\d+$/) },
        ]);
        // Entry ids order the changes: the later one is newer, and the accounts answer names the last.
        expect(BigInt(seen[1]!.entryId)).toBeGreaterThan(BigInt(seen[0]!.entryId));
        expect((await player.get()).balance.lastEntryId).toBe(seen[1]!.entryId);
        expect(await app.ledger.balance(balance.id)).toBe(minor(750n));
      } finally {
        await unsubscribe();
      }
    });

    it('is not announced for movements between house accounts, and a failing bus never fails the movement', async () => {
      const seen: unknown[] = [];
      const unsubscribe = await app.bus.subscribe('balance.changed', (payload) => seen.push(payload));
      try {
        const [cash, bonusPool] = [await app.ledger.houseAccount('house-cash', 'EUR'), await app.ledger.houseAccount('house-bonus', 'EUR')];
        await app.ledger.post({ idempotencyKey: 'house-only', kind: 'transfer', entries: [{ accountId: cash.id, amount: 10n }, { accountId: bonusPool.id, amount: -10n }] });
        expect(seen).toEqual([]);
      } finally {
        await unsubscribe();
      }

      const player = await newPlayer('EUR');
      const { balance } = await player.get();
      const failing = { ...app.bus, publish: async () => Promise.reject(new Error('redis down')) };
      const ledger = observeLedger(createLedger(t.db, app.clock), t.db, failing, { warn: () => {}, error: () => {} });
      const house = await ledger.houseAccount('house-cash', 'EUR');
      const posted = await ledger.post({ idempotencyKey: `fail-${player.userId}`, kind: 'deposit', entries: [{ accountId: balance.id, amount: 7n }, { accountId: house.id, amount: -7n }] });
      expect(posted.replayed).toBe(false);
      expect((await player.get()).balance.moneyMinor).toBe('7');
    });
  });

  describe('POST add', () => {
    let player: Player;
    beforeAll(async () => {
      player = await newPlayer('RUB');
    });

    it('opens a currency account (any case) and answers the accounts after it', async () => {
      const res = await player.post('add', { currency: 'usd' });
      expect(res.statusCode).toBe(201);
      const body = AccountChangeResponseSchema.parse(res.json());
      const usd = currencyAccount(body.accounts, 'USD');
      expect(usd).toMatchObject({ type: 9, symbol: '$', currencyId: 840, money: '0.00', points: null, isActive: false });
      expect(body.accountId).toBe(usd?.id);
      expect(currencyAccount(await player.get(), 'USD')?.id).toBe(usd?.id);
    });

    it('refuses a currency the player already holds with 409', async () => {
      expectError(await player.post('add', { currency: 'USD' }), 409, 'account_exists');
      const main = expectError(await player.post('add', { currency: 'RUB' }), 409, 'account_exists');
      expect(main.message).toMatch(/RUB/);
    });

    it.each([
      ['an unknown currency', { currency: 'XYZ' }],
      ['no currency', {}],
      ['a number', { currency: 840 }],
      ['an unknown field', { currency: 'EUR', extra: 1 }],
    ])('refuses %s with 400', async (_label, body) => {
      expectError(await player.post('add', body), 400, 'invalid_request');
    });

    it('answers visitors 401, and a cookie call without X-Requested-With 403', async () => {
      expectError(await call({ method: 'POST', url: `${BASE}/add`, payload: { currency: 'EUR' } }), 401, 'unauthorized');
      const cookie = await call({ method: 'POST', url: `${BASE}/add`, cookies: { user_token: player.headers['x-auth'] }, payload: { currency: 'EUR' } });
      expectError(cookie, 403, 'csrf');
    });
  });

  describe('POST remove', () => {
    let player: Player;
    let other: Player;
    beforeAll(async () => {
      [player, other] = [await newPlayer('RUB'), await newPlayer('RUB')];
    });

    it('removes an empty currency account from the lists; adding it again reopens the same account', async () => {
      const added = AccountChangeResponseSchema.parse((await player.post('add', { currency: 'EUR' })).json());
      const eur = currencyAccount(added.accounts, 'EUR')!;
      const res = await player.post('remove', { accountId: eur.id });
      expect(res.statusCode).toBe(200);
      const body = AccountChangeResponseSchema.parse(res.json());
      expect(body.accountId).toBe(eur.id);
      expect(currencyAccount(body.accounts, 'EUR')).toBeUndefined();
      expect(currencyAccount(await player.get(), 'EUR')).toBeUndefined();
      // Removed twice: it is no longer there.
      expectError(await player.post('remove', { accountId: eur.id }), 404, 'not_found');

      const again = AccountChangeResponseSchema.parse((await player.post('add', { currency: 'EUR' })).json());
      expect(currencyAccount(again.accounts, 'EUR')?.id).toBe(eur.id);
    });

    it('refuses the main and bonus accounts with 409', async () => {
      const accounts = await player.get();
      const main = expectError(await player.post('remove', { accountId: accounts.balance.id }), 409, 'account_not_removable');
      expect(main.message).toBeTruthy();
      expectError(await player.post('remove', { accountId: accounts.bonus!.id }), 409, 'account_not_removable');
    });

    it('refuses an account holding money with 409, and shows a closed account again when money reaches it', async () => {
      const added = AccountChangeResponseSchema.parse((await player.post('add', { currency: 'GBP' })).json());
      const gbp = currencyAccount(added.accounts, 'GBP')!;
      await credit(gbp.id, 'GBP', 1n, `gbp-${gbp.id}`);
      const error = expectError(await player.post('remove', { accountId: gbp.id }), 409, 'account_not_empty');
      expect(error.message).toMatch(/money/);
      expect(currencyAccount(await player.get(), 'GBP')?.money).toBe('0.01');
    });

    it("answers another player's account, an unknown id and a malformed id with the same 404", async () => {
      const theirs = AccountChangeResponseSchema.parse((await other.post('add', { currency: 'USD' })).json());
      const usd = currencyAccount(theirs.accounts, 'USD')!;
      const foreign = expectError(await player.post('remove', { accountId: usd.id }), 404, 'not_found');
      const unknown = expectError(await player.post('remove', { accountId: '00000000-0000-4000-8000-000000000000' }), 404, 'not_found');
      const malformed = expectError(await player.post('remove', { accountId: 'nope' }), 404, 'not_found');
      expect(foreign).toEqual(unknown);
      expect(malformed).toEqual(unknown);
      expect(currencyAccount(await other.get(), 'USD')?.id).toBe(usd.id);
    });

    it('refuses a bad body with 400 and visitors with 401', async () => {
      expectError(await player.post('remove', {}), 400, 'invalid_request');
      expectError(await player.post('remove', { accountId: 7 }), 400, 'invalid_request');
      expectError(await call({ method: 'POST', url: `${BASE}/remove`, payload: { accountId: 'x' } }), 401, 'unauthorized');
    });
  });

  describe('POST active', () => {
    let player: Player;
    let other: Player;
    beforeAll(async () => {
      [player, other] = [await newPlayer('RUB'), await newPlayer('RUB')];
    });

    it('makes a currency account active; removing it makes the main account active again', async () => {
      const added = AccountChangeResponseSchema.parse((await player.post('add', { currency: 'USD' })).json());
      const usd = currencyAccount(added.accounts, 'USD')!;
      const res = await player.post('active', { accountId: usd.id.toUpperCase() });
      expect(res.statusCode).toBe(200);
      const body = AccountChangeResponseSchema.parse(res.json());
      expect(body.message).toContain(usd.id);
      expect(body.accounts.balance).toMatchObject({ id: usd.id, iso: 'USD', isActive: true });
      expect(body.accounts.all_accounts.filter((a) => a.isActive).map((a) => a.id)).toEqual([usd.id]);
      expect((await player.get()).balance.id).toBe(usd.id);

      const removed = AccountChangeResponseSchema.parse((await player.post('remove', { accountId: usd.id })).json());
      expect(removed.accounts.balance).toMatchObject({ type: 0, isActive: true });
    });

    it('can make the bonus account active', async () => {
      const { bonus } = await player.get();
      const body = AccountChangeResponseSchema.parse((await player.post('active', { accountId: bonus!.id })).json());
      expect(body.accounts.balance.type).toBe(4);
    });

    it("answers another player's account with 404 and changes nothing", async () => {
      const theirs = await other.get();
      const before = (await player.get()).balance.id;
      expectError(await player.post('active', { accountId: theirs.balance.id }), 404, 'not_found');
      expectError(await player.post('active', { accountId: 'nope' }), 404, 'not_found');
      expect((await player.get()).balance.id).toBe(before);
      expect((await other.get()).balance.id).toBe(theirs.balance.id);
    });

    it('refuses a bad body with 400 and visitors with 401', async () => {
      expectError(await player.post('active', { id: 'x' }), 400, 'invalid_request');
      expectError(await call({ method: 'POST', url: `${BASE}/active`, payload: { accountId: 'x' } }), 401, 'unauthorized');
    });
  });

  describe('POST hide-balance', () => {
    it('stores SPEC user_hide_balance (default true) per player', async () => {
      const [player, other] = [await newPlayer(), await newPlayer()];
      const res = await player.post('hide-balance', { hide: false });
      expect(res.statusCode).toBe(200);
      expect(AccountChangeResponseSchema.parse(res.json()).accounts.user_hide_balance).toBe(false);
      expect((await player.get()).user_hide_balance).toBe(false);
      expect((await other.get()).user_hide_balance).toBe(true);
      await player.post('hide-balance', { hide: true });
      expect((await player.get()).user_hide_balance).toBe(true);
    });

    it('refuses a bad body with 400 and visitors with 401', async () => {
      const player = await newPlayer();
      expectError(await player.post('hide-balance', { hide: 'yes' }), 400, 'invalid_request');
      expectError(await call({ method: 'POST', url: `${BASE}/hide-balance`, payload: { hide: true } }), 401, 'unauthorized');
    });
  });
});
