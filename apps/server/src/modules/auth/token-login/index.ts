/** Login by token: the token service (issued by QR login and deep links) and its login route. */
import type { FastifyInstance } from 'fastify';
import { createLoginTokens, type LoginTokens } from './login-tokens.ts';
import { tokenLoginRoutes } from './routes.ts';
import { deriveLoginKey } from './secret.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Single-use login tokens (QR login, deep links): `issue(userId, method)`. */
    loginTokens: LoginTokens;
  }
}

export const DEFAULT_TOKEN_LOGIN_PER_MINUTE = 10;

export async function registerTokenLogin(app: FastifyInstance, perMinute = DEFAULT_TOKEN_LOGIN_PER_MINUTE): Promise<LoginTokens> {
  const tokens = createLoginTokens(app.db, app.clock, deriveLoginKey(app.env, 'login-token-sign'));
  app.decorate('loginTokens', tokens);
  await app.register(tokenLoginRoutes, { tokens, perMinute });
  return tokens;
}

export { createLoginTokens, LOGIN_TOKEN_TTL_MS, type LoginTokens, type Redemption } from './login-tokens.ts';
export { deriveLoginKey, type KeyLabel } from './secret.ts';
