/**
 * The player's real state (issue 12 part 5, decision 0020): terms status, accept and the
 * 451; registration refused when closed or on a VIP domain; the operator's ban level and
 * identification request; the guard facts the pages read.
 */
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { describeEachDb } from '@betsite/db/testing';
import {
  ApiErrorSchema,
  FastRegistrationResponseSchema,
  PlayerStandingSchema,
  TERMS_API,
  TermsAcceptResponseSchema,
  TermsStatusResponseSchema,
  type SiteConfigPatch,
} from '@betsite/contracts';
import { buildTestApp, opsHeaders } from '../../testing.ts';
import { createClock, type ServerClock } from '../../lib/clock.ts';
import { loadPlayerGuardFacts } from '../user-config/index.ts';

let ipCounter = 0;
const nextIp = () => {
  ipCounter++;
  return `10.12.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
};
const DISALLOWED = '/web-api/office/v1/disallowed-sports';
const standingUrl = (id: string) => `/ops-api/v1/players/${id}/standing`;

describeEachDb('player state: terms, registration, standing', (t) => {
  let app: FastifyInstance;
  let clock: ServerClock;

  beforeAll(async () => {
    clock = createClock({ fake: true });
    app = await buildTestApp(t.handle, { clock });
  });
  afterAll(() => app.close());

  const call = (options: InjectOptions) => app.inject({ remoteAddress: nextIp(), ...options });
  const patchSite = async (patch: SiteConfigPatch) => {
    const res = await call({ method: 'PATCH', url: '/ops-api/v1/site-config', headers: { ...opsHeaders, 'content-type': 'application/merge-patch+json' }, payload: JSON.stringify(patch) });
    expect(res.statusCode, res.body).toBe(200);
  };
  const fastPlayer = async () => {
    const res = await call({ method: 'POST', url: '/web-api/registration/v1/fast', payload: { country: 'gb', currency: 'GBP', language: 'en', bonusChoice: 1 } });
    expect(res.statusCode, res.body).toBe(201);
    const body = FastRegistrationResponseSchema.parse(res.json());
    return { userId: body.userId, headers: { 'x-auth': body.token } };
  };
  const expectError = (res: LightMyRequestResponse, status: number, code: string) => {
    expect(res.statusCode, res.body).toBe(status);
    expect(ApiErrorSchema.parse(res.json()).code).toBe(code);
  };
  const status = async (headers: Record<string, string>) => {
    const res = await call({ url: TERMS_API.status, headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toContain('no-store');
    return TermsStatusResponseSchema.parse(res.json());
  };
  /** Publishes terms version `version` one second from now: every player registered so far must confirm it. */
  const publishTerms = async (version: number) => {
    await patchSite({ flags: { confirmTermsEnabled: true }, terms: { version, updatedAt: new Date(clock.now() + 1000).toISOString() } });
  };
  const write = (headers: Record<string, string>) => call({ method: 'PUT', url: DISALLOWED, headers, payload: { line: [], live: [] } });

  beforeEach(async () => {
    await patchSite({ flags: { confirmTermsEnabled: false }, registrationAllowed: true, isVipDomain: false });
  });

  describe('agreement-rules status (SPEC §7)', () => {
    it('answers 401 to a visitor and to an unknown token', async () => {
      expectError(await call({ url: TERMS_API.status }), 401, 'unauthorized');
      expectError(await call({ url: TERMS_API.status, headers: { 'x-auth': 'A'.repeat(22) } }), 401, 'unauthorized');
    });

    it('says false while the confirm-terms option is off, whatever the versions', async () => {
      const player = await fastPlayer();
      await patchSite({ terms: { version: 7, updatedAt: new Date(clock.now() + 1000).toISOString() } });
      expect(await status(player.headers)).toMatchObject({ result: false, version: 7 });
      expect((await write(player.headers)).statusCode).toBe(200);
    });

    it('says true with the publication time once newer terms are published, false again after the accept', async () => {
      const player = await fastPlayer();
      await publishTerms(2);
      const changed = await status(player.headers);
      expect(changed).toMatchObject({ result: true, version: 2 });
      expect(changed.updatedAt).not.toBeNull();

      clock.advance!(5);
      const res = await call({ method: 'POST', url: TERMS_API.accept, headers: player.headers, payload: { version: 2 } });
      expect(res.statusCode, res.body).toBe(200);
      const accepted = TermsAcceptResponseSchema.parse(res.json());
      expect(Date.parse(accepted.acceptedAt)).toBe(clock.now());
      const row = await t.db.selectFrom('users').select(['terms_accepted_version', 'terms_accepted_at']).where('id', '=', player.userId).executeTakeFirstOrThrow();
      expect(row.terms_accepted_version).toBe(2);
      expect(row.terms_accepted_at?.getTime()).toBe(clock.now());
      expect(await status(player.headers)).toMatchObject({ result: false });

      // A second accept (another tab) keeps the first time.
      clock.advance!(5);
      const again = TermsAcceptResponseSchema.parse((await call({ method: 'POST', url: TERMS_API.accept, headers: player.headers, payload: { version: 2 } })).json());
      expect(again.acceptedAt).toBe(accepted.acceptedAt);
    });

    it('a player registered after the publication accepted the terms at registration', async () => {
      await patchSite({ flags: { confirmTermsEnabled: true }, terms: { version: 3, updatedAt: new Date(clock.now() - 1000).toISOString() } });
      const player = await fastPlayer();
      expect(await status(player.headers)).toMatchObject({ result: false, version: 3 });
      expect((await write(player.headers)).statusCode).toBe(200);
    });
  });

  describe('451 on player calls while the terms are not accepted (SPEC §8)', () => {
    it('refuses writes with exception_code 1, lets reads, logout-free exemptions and the accept through', async () => {
      const player = await fastPlayer();
      await publishTerms(4);
      const refused = await write(player.headers);
      expect(refused.statusCode).toBe(451);
      expect(refused.json()).toMatchObject({ code: 'terms_not_accepted', exception_code: 1 });
      // A deposit is refused the same way.
      const deposit = await call({ method: 'POST', url: '/web-api/payments/v1/deposits', headers: { ...player.headers, 'idempotency-key': 'k'.repeat(20) }, payload: {} });
      expect(deposit.statusCode).toBe(451);
      // Reads stay open: the confirm page and the history still load.
      expect((await call({ url: DISALLOWED, headers: player.headers })).statusCode).toBe(200);
      expect((await call({ url: '/web-api/office/v1/user-config', headers: player.headers })).statusCode).toBe(200);
      // Withdrawal is not refused for the terms (it fails on its own merits: no body).
      expect((await call({ method: 'POST', url: '/web-api/payments/v1/withdrawals', headers: player.headers, payload: {} })).statusCode).not.toBe(451);

      expect((await call({ method: 'POST', url: TERMS_API.accept, headers: player.headers, payload: { version: 4 } })).statusCode).toBe(200);
      expect((await write(player.headers)).statusCode).toBe(200);
    });

    it('visitors are not asked about terms (their writes answer as before)', async () => {
      await publishTerms(5);
      expectError(await call({ method: 'PUT', url: DISALLOWED, payload: { line: [], live: [] } }), 401, 'unauthorized');
    });

    it('logging out is never refused', async () => {
      const player = await fastPlayer();
      await publishTerms(6);
      const out = await call({ method: 'POST', url: '/web-api/auth/v1/disconnect', headers: player.headers, payload: {} });
      expect(out.statusCode).toBe(200);
    });
  });

  describe('accept (validation)', () => {
    it('401 for a visitor, 400 for a bad body, 409 for another version', async () => {
      expectError(await call({ method: 'POST', url: TERMS_API.accept, payload: { version: 1 } }), 401, 'unauthorized');
      const player = await fastPlayer();
      await publishTerms(8);
      for (const payload of [{}, { version: 'x' }, { version: 0 }, { version: 8, extra: true }]) {
        expectError(await call({ method: 'POST', url: TERMS_API.accept, headers: player.headers, payload }), 400, 'invalid_request');
      }
      expectError(await call({ method: 'POST', url: TERMS_API.accept, headers: player.headers, payload: { version: 7 } }), 409, 'terms_version_mismatch');
      expect(await status(player.headers)).toMatchObject({ result: true });
    });
  });

  describe('registration allowed (SPEC §5)', () => {
    const routes: [string, Record<string, unknown>][] = [
      ['/web-api/registration/v1/fast', { country: 'gb', currency: 'GBP', language: 'en', bonusChoice: 1 }],
      ['/web-api/registration/v1/full', { email: 'closed@example.com', password: 'correct horse battery', currency: 'RUB', country: 'RU', language: 'ru', bonusChoice: 2 }],
      ['/web-api/registration/v1/phone', { phone: '+447700900123', code: '1234', password: 'correct horse battery', country: 'GB', currency: 'GBP', language: 'en' }],
      ['/web-api/registration/v1/social', {}],
    ];

    it.each([
      ['not allowed', { registrationAllowed: false }, 'Registration is closed'],
      ['on a VIP domain', { isVipDomain: true }, 'Registration is not available on this domain'],
    ])('every registration route refuses when %s', async (_name, patch, message) => {
      await patchSite(patch);
      const users = async () => Number((await t.db.selectFrom('users').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
      const before = await users();
      for (const [url, payload] of routes) {
        const res = await call({ method: 'POST', url, payload });
        expectError(res, 403, 'registration_closed');
        expect(ApiErrorSchema.parse(res.json()).message).toBe(message);
      }
      expect(await users()).toBe(before);
    });

    it('opens again when allowed', async () => {
      await patchSite({ registrationAllowed: false });
      expectError(await call({ method: 'POST', url: routes[0]![0], payload: routes[0]![1] }), 403, 'registration_closed');
      await patchSite({ registrationAllowed: true });
      await fastPlayer();
    });
  });

  describe('standing (operator) and the guard facts', () => {
    it('401 without the operator token, 400 for a bad patch, 404 for no such player', async () => {
      const player = await fastPlayer();
      expectError(await call({ method: 'PATCH', url: standingUrl(player.userId), payload: { banLevel: 1 } }), 401, 'unauthorized');
      expectError(await call({ method: 'PATCH', url: standingUrl(player.userId), headers: player.headers, payload: { banLevel: 1 } }), 401, 'unauthorized');
      for (const payload of [{}, { banLevel: -1 }, { banLevel: 1.5 }, { needIdentification: 'yes' }, { other: 1 }]) {
        expectError(await call({ method: 'PATCH', url: standingUrl(player.userId), headers: opsHeaders, payload }), 400, 'invalid_request');
      }
      expectError(await call({ method: 'PATCH', url: standingUrl('nope'), headers: opsHeaders, payload: { banLevel: 1 } }), 400, 'invalid_request');
      expectError(await call({ method: 'PATCH', url: standingUrl('00000000-0000-4000-8000-000000000000'), headers: opsHeaders, payload: { banLevel: 1 } }), 404, 'not_found');
    });

    it('the ban level and identification reach the guard facts, the rights and the user config', async () => {
      const player = await fastPlayer();
      const site = () => app.siteConfig.get();
      expect(await loadPlayerGuardFacts(t.db, player.userId, await site())).toEqual({ banLevel: 0, termsChanged: false, identificationRequired: false });

      const res = await call({ method: 'PATCH', url: standingUrl(player.userId), headers: opsHeaders, payload: { banLevel: 1, needIdentification: true } });
      expect(res.statusCode, res.body).toBe(200);
      const standing = PlayerStandingSchema.parse(res.json());
      expect(standing).toMatchObject({ banLevel: 1, needIdentification: true });
      // Same level again: the ban version stays.
      const same = PlayerStandingSchema.parse((await call({ method: 'PATCH', url: standingUrl(player.userId), headers: opsHeaders, payload: { banLevel: 1 } })).json());
      expect(same.banVersion).toBe(standing.banVersion);

      await publishTerms(9);
      expect(await loadPlayerGuardFacts(t.db, player.userId, await site())).toEqual({ banLevel: 1, termsChanged: true, identificationRequired: true });
      const rights = (await call({ url: '/web-api/auth/v1/rights', headers: player.headers })).json();
      expect(rights).toMatchObject({ banCode: 53, canBet: false, canWithdraw: false });

      // Verified by the operator: identification is no longer required.
      await t.db.updateTable('users').set({ internal_verification_status: 1 }).where('id', '=', player.userId).execute();
      expect((await loadPlayerGuardFacts(t.db, player.userId, await site()))?.identificationRequired).toBe(false);
      expect(await loadPlayerGuardFacts(t.db, '00000000-0000-4000-8000-000000000000', await site())).toBeNull();
    });
  });
});
