/** Helpers shared by the two-step and security integration tests. */
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { generateSync } from 'otplib';
import { FastRegistrationResponseSchema, SECURITY_API, TwoStepSetupResponseSchema, RecoveryCodesResponseSchema } from '@betsite/contracts';
import type { ServerClock } from '../../lib/clock.ts';

let ipCounter = 0;
/** Each call from its own address, so per-IP rate limits only meet the tests about them. */
export const nextIp = () => {
  ipCounter++;
  return `10.77.${Math.floor(ipCounter / 250) % 250}.${(ipCounter % 250) + 1}`;
};

export interface Player {
  userId: string;
  /** Account number. */
  login: string;
  password: string;
  token: string;
}

export function cookieOf(res: LightMyRequestResponse, name: string) {
  return res.cookies.find((c) => c.name === name);
}

export function harness(app: () => FastifyInstance, clock: () => ServerClock) {
  const call = (options: InjectOptions) => app().inject({ remoteAddress: nextIp(), ...options });

  /** As the browser does it: the session cookie and X-Requested-With. */
  const as = (player: Pick<Player, 'token'>) => ({
    get: (url: string) => call({ method: 'GET', url, cookies: { user_token: player.token } }),
    post: (url: string, payload: Record<string, unknown> = {}) =>
      call({ method: 'POST', url, payload, cookies: { user_token: player.token }, headers: { 'x-requested-with': 'XMLHttpRequest' } }),
  });

  const newPlayer = async (): Promise<Player> => {
    const res = await call({
      method: 'POST',
      url: '/web-api/registration/v1/fast',
      payload: { country: 'gb', currency: 'GBP', language: 'en', bonusChoice: 0 },
    });
    expect(res.statusCode).toBe(201);
    const body = FastRegistrationResponseSchema.parse(res.json());
    return { userId: body.userId, login: body.login, password: body.password, token: body.token };
  };

  const passwordLogin = (player: Pick<Player, 'login' | 'password'>, save = false) =>
    call({ method: 'POST', url: '/web-api/auth/v1/login', payload: { uLogin: player.login, uPassword: player.password, save } });

  /** A second session of the player (another device), by password. */
  const anotherSession = async (player: Player): Promise<Player> => {
    const res = await passwordLogin(player);
    expect(res.statusCode).toBe(200);
    return { ...player, token: (res.json() as { token: string }).token };
  };

  const reauth = async (player: Player) => {
    const res = await as(player).post(SECURITY_API.reauth, { password: player.password });
    expect(res.statusCode).toBe(200);
  };

  const totp = (secret: string, atMs = clock().now()) => generateSync({ secret, epoch: Math.floor(atMs / 1000) });

  /** Turns two-step on for the player; answers the secret and the recovery codes. */
  const enableTwoStep = async (player: Player) => {
    await reauth(player);
    const setup = await as(player).post(SECURITY_API.twoStepSetup);
    expect(setup.statusCode).toBe(200);
    const { secret } = TwoStepSetupResponseSchema.parse(setup.json());
    const enabled = await as(player).post(SECURITY_API.twoStepEnable, { code: totp(secret) });
    expect(enabled.statusCode).toBe(200);
    return { secret, recoveryCodes: RecoveryCodesResponseSchema.parse(enabled.json()).recoveryCodes };
  };

  const isAnonymous = async (player: Pick<Player, 'token'>) => (await call({ url: '/web-api/auth/v1/user-id', headers: { 'x-auth': player.token } })).statusCode === 401;

  return { call, as, newPlayer, passwordLogin, anotherSession, reauth, totp, enableTwoStep, isAnonymous };
}
