import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDb } from '@betsite/db/testing';
import {
  ApiErrorSchema,
  BonusChoiceResponseSchema,
  FastRegistrationResponseSchema,
  LoginResponseSchema,
  RightsResponseSchema,
  UserConfigResponseSchema,
  type UserConfig,
} from '@betsite/contracts';
import { buildTestApp } from '../../testing.ts';
import { createClock, type ServerClock } from '../../lib/clock.ts';

let ipCounter = 0;
const nextIp = () => {
  ipCounter++;
  return `10.5.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
};
const DAY_S = 24 * 3600;
const XRW = { 'x-requested-with': 'XMLHttpRequest' };

describeEachDb('user config, rights and bonus choice', (t) => {
  let app: FastifyInstance;
  let clock: ServerClock;
  let counter = 0;

  beforeAll(async () => {
    clock = createClock({ fake: true });
    app = await buildTestApp(t.handle, { clock });
  });
  afterAll(() => app.close());

  const call = (options: InjectOptions) => app.inject({ remoteAddress: nextIp(), ...options });
  const fastPlayer = async (bonusChoice = 1) => {
    const res = await call({ method: 'POST', url: '/web-api/registration/v1/fast', payload: { country: 'gb', currency: 'GBP', language: 'en', bonusChoice } });
    return FastRegistrationResponseSchema.parse(res.json());
  };
  /** An e-mail player who logged in ("save": the tests span days) without confirming the address. */
  const emailPlayer = async () => {
    const email = `config.${++counter}@example.com`;
    await call({ method: 'POST', url: '/web-api/registration/v1/full', payload: { email, password: 'correct horse battery', currency: 'RUB', country: 'RU', language: 'ru', bonusChoice: 2 } });
    const login = LoginResponseSchema.parse((await call({ method: 'POST', url: '/web-api/auth/v1/login', payload: { uLogin: email, uPassword: 'correct horse battery', save: true } })).json());
    return { email, ...login };
  };
  const configOf = async (token: string): Promise<UserConfig> => {
    const res = await call({ url: '/web-api/office/v1/user-config', headers: { 'x-auth': token } });
    expect(res.statusCode).toBe(200);
    const body = UserConfigResponseSchema.parse(res.json());
    expect(body.error).toBeNull();
    return body.result!;
  };
  const rightsOf = async (token: string) => RightsResponseSchema.parse((await call({ url: '/web-api/auth/v1/rights', headers: { 'x-auth': token } })).json());
  /** Keeps a session alive across a long clock jump (auto logoff would end it). */
  const later = async (seconds: number, token: string) => {
    for (let left = seconds; left > 0; left -= 20 * 60) {
      clock.advance!(Math.min(left, 20 * 60));
      await call({ url: '/web-api/auth/v1/user-id', headers: { 'x-auth': token } });
    }
  };
  const expectError = (res: LightMyRequestResponse, status: number, code: string) => {
    expect(res.statusCode).toBe(status);
    expect(ApiErrorSchema.parse(res.json()).code).toBe(code);
  };

  describe('visitors', () => {
    it('get 401 everywhere', async () => {
      for (const headers of [{}, { 'x-auth': 'A'.repeat(22) }]) {
        expectError(await call({ url: '/web-api/office/v1/user-config', headers }), 401, 'unauthorized');
        expectError(await call({ url: '/web-api/auth/v1/rights', headers }), 401, 'unauthorized');
        expectError(await call({ method: 'POST', url: '/web-api/office/v1/bonus-choice', headers, payload: { choice: 1 } }), 401, 'unauthorized');
      }
    });
  });

  describe('GET user-config', () => {
    it('describes a fresh one-click player, uncached', async () => {
      const player = await fastPlayer();
      const res = await call({ url: '/web-api/office/v1/user-config', headers: { 'x-auth': player.token } });
      expect(res.headers['cache-control']).toContain('no-store');
      expect(res.headers.pragma).toBe('no-cache');
      expect(UserConfigResponseSchema.parse(res.json()).result).toEqual({
        user_id: player.userId,
        disallow_line_sport: [],
        disallow_live_sport: [],
        phone_number: null,
        phone_code: null,
        user_country_code: 'gb',
        user_country_id: 826,
        user_email: null,
        user_name: player.login,
        user_ref_id: 1,
        user_msg_count: 0,
        activation_type: 0,
        is_active_secure_question: false,
        user_hide_balance: true,
        changed_pass_day_count: 0,
        user_data: {
          date_birthday: null,
          document_type_id: null,
          inn: null,
          name: null,
          passport: null,
          passport_date: null,
          passport_end_date: null,
          registration_address: null,
          surname: null,
        },
        protection_level: 0,
        protection_methods: {
          is_changed_password: false,
          enable_two_factor_auth: false,
          enable_phone_binding: false,
          enable_security_question: false,
          enable_email_auth: false,
        },
        should_sync_protection_methods: false,
        is_need_identification: false,
        ban_level: 0,
        ban_version: 0,
        user_status_id: 0,
        internal_verification_status: 0,
        verification_status: 1,
        verification_status_group_code: null,
        verification_types: [],
        requested_additional_document: false,
        has_deposit: false,
        is_identification_bonus: false,
        show_verification_modal_on_deposit_page: false,
        remaining_days_to_activate: null,
        is_email_verified: false,
        is_phone_verified: false,
        line_coef_cut: false,
        live_coef_cut: false,
        isRequiredTransfer: false,
        need_data_after_registration: false,
        bonus_choice: 1,
        is_profile_complete: false,
        is_contacts_filled: false,
        is_verified: false,
      } satisfies UserConfig);
    });

    it('counts the days an e-mail player has left to confirm, and stops once confirmed', async () => {
      const player = await emailPlayer();
      expect(await configOf(player.token)).toMatchObject({ user_email: player.email, activation_type: 1, remaining_days_to_activate: 14, is_email_verified: false, bonus_choice: 2 });
      await later(DAY_S + 60, player.token);
      expect((await configOf(player.token)).remaining_days_to_activate).toBe(13);
      await t.db.updateTable('users').set({ email_verified_at: new Date(clock.now()) }).where('id', '=', player.userId).execute();
      const confirmed = await configOf(player.token);
      expect(confirmed).toMatchObject({ remaining_days_to_activate: null, is_email_verified: true, changed_pass_day_count: 1 });
      expect(confirmed.protection_methods.enable_email_auth).toBe(true);
      expect(confirmed.protection_level).toBeGreaterThan(0);
    });

    it('follows changes: profile, phone, hidden sports, verification, deposit, balance hiding, ban', async () => {
      const player = await emailPlayer();
      const id = player.userId;
      await t.db
        .insertInto('user_profiles')
        .values({
          user_id: id,
          name: 'Anna',
          surname: 'Ivanova',
          date_birthday: '1990-05-17',
          passport: '4509 123456',
          passport_date: '2010-06-01',
          registration_address: 'Moscow, Tverskaya 1',
          document_type_id: 1,
          updated_at: new Date(clock.now()),
        })
        .execute();
      await t.db.updateTable('users').set({ phone: `+7916${String(1000000 + counter).slice(-7)}`, phone_verified_at: new Date(clock.now()) }).where('id', '=', id).execute();
      await t.db
        .insertInto('user_disallowed_sports')
        .values([
          { user_id: id, market: 'line', sport_id: 40 },
          { user_id: id, market: 'line', sport_id: 3 },
          { user_id: id, market: 'live', sport_id: 7 },
        ])
        .execute();
      await t.db.updateTable('users').set({ need_identification: true, requested_additional_document: true, verification_status_group_code: 'VERIFICATION_SUCCESSFUL' }).where('id', '=', id).execute();

      const pending = await configOf(player.token);
      expect(pending).toMatchObject({
        user_data: { name: 'Anna', surname: 'Ivanova', date_birthday: '1990-05-17', passport_date: '2010-06-01', document_type_id: 1 },
        is_profile_complete: true,
        phone_code: '+7',
        is_phone_verified: true,
        is_contacts_filled: true,
        disallow_line_sport: [3, 40],
        disallow_live_sport: [7],
        // An extra document is requested: not verified, identification still needed.
        is_verified: false,
        is_need_identification: true,
        show_verification_modal_on_deposit_page: true,
        need_data_after_registration: false,
      });
      expect(pending.phone_number).toMatch(/^916\d{7}$/);

      await t.db.updateTable('users').set({ requested_additional_document: false }).where('id', '=', id).execute();
      expect(await configOf(player.token)).toMatchObject({ is_verified: true, is_need_identification: false, show_verification_modal_on_deposit_page: false });

      const main = await t.db.selectFrom('ledger_accounts').select('id').where('owner_id', '=', id).where('spec_type', '=', 0).executeTakeFirstOrThrow();
      const now = new Date(clock.now());
      const deposit = {
        user_id: id,
        account_id: main.id,
        direction: 'deposit' as const,
        method: 'card' as const,
        currency: 'RUB',
        amount: 10_000n,
        provider: 'sandbox',
        provider_ref: null,
        redirect_url: null,
        return_language: 'ru',
        request_hash: 'h',
        failure_reason: null,
        created_at: now,
        updated_at: now,
      };
      await t.db.insertInto('payments').values({ ...deposit, status: 'failed', idempotency_key: `cfg-failed-${id}` }).execute();
      expect((await configOf(player.token)).has_deposit).toBe(false);
      await t.db.insertInto('payments').values({ ...deposit, status: 'succeeded', idempotency_key: `cfg-ok-${id}` }).execute();
      expect((await configOf(player.token)).has_deposit).toBe(true);

      const hide = await call({ method: 'POST', url: '/web-api/office/v1/accounts/hide-balance', headers: { 'x-auth': player.token }, payload: { hide: false } });
      expect(hide.statusCode).toBe(200);
      expect((await configOf(player.token)).user_hide_balance).toBe(false);

      await t.db.updateTable('users').set({ ban_level: 1, ban_version: 3 }).where('id', '=', id).execute();
      expect(await configOf(player.token)).toMatchObject({ ban_level: 1, ban_version: 3 });
    });
  });

  describe('GET rights', () => {
    it('lets a player in good standing do everything', async () => {
      const player = await fastPlayer();
      expect(await rightsOf(player.token)).toEqual({
        userId: player.userId,
        canBet: true,
        canPlayCasino: true,
        canDeposit: true,
        canWithdraw: true,
        banLevel: 0,
        banCode: null,
        isVerified: false,
        isEmailVerified: false,
        remainingDaysToActivate: null,
        needsIdentification: false,
      });
    });

    it('keeps an unconfirmed e-mail player from withdrawing, and from playing after the period', async () => {
      const player = await emailPlayer();
      expect(await rightsOf(player.token)).toMatchObject({ canBet: true, canDeposit: true, canWithdraw: false, remainingDaysToActivate: 14 });
      await later(14 * DAY_S, player.token);
      expect(await rightsOf(player.token)).toMatchObject({ canBet: false, canPlayCasino: false, canDeposit: false, canWithdraw: false, remainingDaysToActivate: 0 });
    });

    it('follows the ban level', async () => {
      const player = await fastPlayer();
      await t.db.updateTable('users').set({ ban_level: 1 }).where('id', '=', player.userId).execute();
      expect(await rightsOf(player.token)).toMatchObject({ canBet: false, canDeposit: false, canWithdraw: true, banLevel: 1, banCode: 53 });
      await t.db.updateTable('users').set({ ban_level: 2 }).where('id', '=', player.userId).execute();
      expect(await rightsOf(player.token)).toMatchObject({ canWithdraw: false, banCode: 45 });
    });
  });

  describe('POST bonus-choice', () => {
    const choose = (token: string, payload: unknown, via: 'header' | 'cookie' = 'header', headers: Record<string, string> = {}) =>
      call({
        method: 'POST',
        url: '/web-api/office/v1/bonus-choice',
        payload: payload as Record<string, unknown>,
        ...(via === 'header' ? { headers: { 'x-auth': token, ...headers } } : { cookies: { user_token: token }, headers }),
      });

    it('records the choice of a player without one, once', async () => {
      const player = await fastPlayer();
      await t.db.updateTable('users').set({ bonus_choice: null }).where('id', '=', player.userId).execute();
      expect((await configOf(player.token)).bonus_choice).toBeNull();

      const res = await choose(player.token, { choice: 2 }, 'cookie', XRW);
      expect(res.statusCode).toBe(200);
      expect(BonusChoiceResponseSchema.parse(res.json())).toEqual({ success: true, bonusChoice: 2 });
      expect((await configOf(player.token)).bonus_choice).toBe(2);
      expectError(await choose(player.token, { choice: 0 }), 409, 'bonus_choice_made');
      expect((await configOf(player.token)).bonus_choice).toBe(2);
    });

    it('records a refusal (0) as a choice', async () => {
      const player = await fastPlayer();
      await t.db.updateTable('users').set({ bonus_choice: null }).where('id', '=', player.userId).execute();
      expect((await choose(player.token, { choice: 0 })).statusCode).toBe(200);
      expect((await configOf(player.token)).bonus_choice).toBe(0);
    });

    it('refuses a choice made at registration already', async () => {
      const player = await fastPlayer(1);
      expectError(await choose(player.token, { choice: 2 }), 409, 'bonus_choice_made');
    });

    it.each([[{ choice: 3 }], [{ choice: '1' }], [{}], [{ choice: 1, extra: true }]])('refuses %j with 400', async (payload) => {
      const player = await fastPlayer();
      expectError(await choose(player.token, payload), 400, 'invalid_request');
    });

    it('needs X-Requested-With on a cookie call', async () => {
      const player = await fastPlayer();
      await t.db.updateTable('users').set({ bonus_choice: null }).where('id', '=', player.userId).execute();
      expectError(await choose(player.token, { choice: 1 }, 'cookie'), 403, 'csrf');
      expect((await configOf(player.token)).bonus_choice).toBeNull();
    });
  });
});
