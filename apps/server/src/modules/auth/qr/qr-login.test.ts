/**
 * QR login (SPEC §2 auth_qr): a visitor's browser asks, a logged-in device approves or
 * rejects, the visitor's browser logs in once with the login token it is handed.
 */
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDb } from '@betsite/db/testing';
import { FastRegistrationResponseSchema, LoginResponseSchema, QrCreateResponseSchema, QrDetailsResponseSchema, QrPollResponseSchema } from '@betsite/contracts';
import { buildTestApp } from '../../../testing.ts';
import { createClock, type ServerClock } from '../../../lib/clock.ts';

let ipCounter = 0;
const nextIp = () => `10.31.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;
const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

describeEachDb('QR login', (t) => {
  let app: FastifyInstance;
  let clock: ServerClock;

  beforeAll(async () => {
    clock = createClock({ fake: true });
    app = await buildTestApp(t.handle, { clock, auth: { qrRateLimits: { create: 1000, poll: 1000, decide: 1000 }, tokenLoginPerMinute: 1000 } });
  });
  afterAll(() => app.close());

  const call = (options: InjectOptions) => app.inject({ remoteAddress: nextIp(), ...options });

  async function newPlayer(): Promise<{ userId: string; token: string }> {
    const res = await call({ method: 'POST', url: '/web-api/registration/v1/fast', payload: { currency: 'EUR', country: 'DE', language: 'en', bonusChoice: 0 } });
    const body = FastRegistrationResponseSchema.parse(res.json());
    return { userId: body.userId, token: body.token };
  }
  /** A logged-in device, as the browser calls: session cookie and X-Requested-With. */
  const device = (player: { token: string }) => ({
    post: (url: string, payload: Record<string, unknown>) =>
      call({ method: 'POST', url, payload, cookies: { user_token: player.token }, headers: { 'x-requested-with': 'XMLHttpRequest' } }),
  });

  async function newRequest(language = 'en') {
    const res = await call({ method: 'POST', url: '/web-api/auth/v1/qr', payload: { language }, headers: { 'user-agent': CHROME }, remoteAddress: '203.0.113.7' });
    expect(res.statusCode).toBe(201);
    return QrCreateResponseSchema.parse(res.json());
  }
  const poll = async (id: string, secret: string) => {
    const res = await call({ url: `/web-api/auth/v1/qr/${id}`, headers: { 'x-qr-secret': secret } });
    expect(res.statusCode).toBe(200);
    return QrPollResponseSchema.parse(res.json());
  };

  it('logs the waiting browser in as the approving player, once', async () => {
    const player = await newPlayer();
    const request = await newRequest();
    expect(request.code).toMatch(/^[A-HJKMNP-Z2-9]{8}$/);
    expect(request.approveUrl).toBe(`http://localhost:80/en/office/auth-qr?code=${request.code}`);
    expect(request.svg).toMatch(/^<svg[\s\S]*<\/svg>$/);
    expect(await poll(request.id, request.pollSecret)).toEqual({ status: 'pending', expiresAt: request.expiresAt });

    // The approving device sees who asks, typed with spaces and in lower case as people do.
    const typed = `${request.code.slice(0, 4).toLowerCase()} ${request.code.slice(4)}`;
    const details = await device(player).post('/web-api/office/v1/auth-qr/lookup', { code: typed });
    expect(details.statusCode).toBe(200);
    expect(QrDetailsResponseSchema.parse(details.json())).toMatchObject({ code: request.code, browser: 'Chrome 126', os: 'Windows', device: 'desktop', ip: '203.0.113.7', language: 'en' });

    const approved = await device(player).post('/web-api/office/v1/auth-qr/approve', { code: request.code });
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toEqual({ status: 'approved' });

    const answer = await poll(request.id, request.pollSecret);
    if (answer.status !== 'approved') throw new Error(`expected approved, got ${answer.status}`);
    expect(answer.login.method_id).toBe('qr');
    // Handed out once.
    expect(await poll(request.id, request.pollSecret)).toEqual({ status: 'consumed' });

    const login = await call({ method: 'POST', url: '/web-api/auth/v1/login/token', payload: { method_id: 'qr', token: answer.login.token, sign: answer.login.sign, lng: 'en' } });
    expect(login.statusCode).toBe(200);
    expect(LoginResponseSchema.parse(login.json()).userId).toBe(player.userId);
    const replay = await call({ method: 'POST', url: '/web-api/auth/v1/login/token', payload: { method_id: 'qr', token: answer.login.token, sign: answer.login.sign } });
    expect(replay.statusCode).toBe(401);
  });

  it('lets no second player approve (or reject) a request another one answered', async () => {
    const first = await newPlayer();
    const second = await newPlayer();
    const request = await newRequest();
    expect((await device(first).post('/web-api/office/v1/auth-qr/approve', { code: request.code })).statusCode).toBe(200);
    for (const url of ['/web-api/office/v1/auth-qr/approve', '/web-api/office/v1/auth-qr/reject', '/web-api/office/v1/auth-qr/lookup']) {
      const res = await device(second).post(url, { code: request.code });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'qr_already_decided' });
    }
    const answer = await poll(request.id, request.pollSecret);
    if (answer.status !== 'approved') throw new Error('expected approved');
    const login = await call({ method: 'POST', url: '/web-api/auth/v1/login/token', payload: { ...answer.login } });
    expect(LoginResponseSchema.parse(login.json()).userId).toBe(first.userId);
  });

  it('tells the waiting browser about a rejection, and nothing can approve it after', async () => {
    const player = await newPlayer();
    const request = await newRequest();
    expect((await device(player).post('/web-api/office/v1/auth-qr/reject', { code: request.code })).json()).toEqual({ status: 'rejected' });
    expect(await poll(request.id, request.pollSecret)).toEqual({ status: 'rejected' });
    expect((await device(player).post('/web-api/office/v1/auth-qr/approve', { code: request.code })).statusCode).toBe(409);
    expect(await t.db.selectFrom('login_tokens').select('token_hash').where('user_id', '=', player.userId).execute()).toEqual([]);
  });

  it('expires after 2 minutes: the browser is told, the approving device gets 410', async () => {
    const player = await newPlayer();
    const request = await newRequest();
    clock.advance!(121);
    expect(await poll(request.id, request.pollSecret)).toEqual({ status: 'expired' });
    for (const url of ['/web-api/office/v1/auth-qr/lookup', '/web-api/office/v1/auth-qr/approve']) {
      const res = await device(player).post(url, { code: request.code });
      expect(res.statusCode).toBe(410);
      expect(res.json()).toMatchObject({ code: 'qr_expired' });
    }
  });

  describe('refuses', () => {
    it('to approve without a live session (401), or cookie calls without X-Requested-With (403)', async () => {
      const request = await newRequest();
      for (const url of ['/web-api/office/v1/auth-qr/approve', '/web-api/office/v1/auth-qr/lookup', '/web-api/office/v1/auth-qr/reject']) {
        const anonymous = await call({ method: 'POST', url, payload: { code: request.code } });
        expect(anonymous.statusCode).toBe(401);
        expect(anonymous.json()).toMatchObject({ code: 'unauthorized' });
      }
      const player = await newPlayer();
      const noProof = await call({ method: 'POST', url: '/web-api/office/v1/auth-qr/approve', payload: { code: request.code }, cookies: { user_token: player.token } });
      expect(noProof.statusCode).toBe(403);
      // A revoked session is no session.
      await call({ method: 'POST', url: '/web-api/auth/v1/disconnect', headers: { 'x-auth': player.token } });
      expect((await device(player).post('/web-api/office/v1/auth-qr/approve', { code: request.code })).statusCode).toBe(401);
      expect(await poll(request.id, request.pollSecret)).toMatchObject({ status: 'pending' });
    });

    it('to poll with a wrong secret or an unknown id (404), without telling which', async () => {
      const request = await newRequest();
      for (const [id, secret] of [
        [request.id, 'x'.repeat(43)],
        [request.id, ''],
        ['00000000-0000-4000-8000-000000000000', request.pollSecret],
        ['not-a-uuid', request.pollSecret],
      ] as const) {
        const res = await call({ url: `/web-api/auth/v1/qr/${id}`, headers: { 'x-qr-secret': secret } });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toMatchObject({ code: 'qr_not_found' });
      }
    });

    it('an unknown code (404) and a malformed one (400)', async () => {
      const player = await newPlayer();
      const unknown = await device(player).post('/web-api/office/v1/auth-qr/approve', { code: 'ZZZZ2222' });
      expect(unknown.statusCode).toBe(404);
      expect((await device(player).post('/web-api/office/v1/auth-qr/approve', { code: 'O0I1' })).statusCode).toBe(400);
    });

    it('a QR request from a browser that is logged in already', async () => {
      const player = await newPlayer();
      const res = await call({ method: 'POST', url: '/web-api/auth/v1/qr', payload: {}, headers: { 'x-auth': player.token } });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'already_logged_in' });
    });

    it('guessing codes beyond the per-IP budget', async () => {
      const limited = await buildTestApp(t.handle, { clock, auth: { qrRateLimits: { decide: 3 } } });
      try {
        const player = await newPlayer();
        const statuses = [];
        for (let i = 0; i < 4; i++) {
          const res = await limited.inject({
            method: 'POST',
            url: '/web-api/office/v1/auth-qr/approve',
            payload: { code: `ABCDEFG${i + 2}` },
            cookies: { user_token: player.token },
            headers: { 'x-requested-with': 'XMLHttpRequest' },
            remoteAddress: '10.31.250.9',
          });
          statuses.push(res.statusCode);
        }
        expect(statuses).toEqual([404, 404, 404, 429]);
      } finally {
        await limited.close();
      }
    });
  });
});
