/**
 * `POST /web-api/auth/v1/login/token` (SPEC §7 login by token): spends a login token and
 * ends through the shared login kit (method `qr` or `token`), so the second-factor gate
 * applies as to every other login. 401 `invalid_credentials` for a bad sign, an unknown or
 * used token; 401 `login_token_expired` for a right one after its 2 minutes.
 */
import type { FastifyPluginAsync } from 'fastify';
import { AuthErrorCode, LoginTokenErrorCode, LoginTokenRequestSchema, SOCIAL_API, type LoginOutcome } from '@betsite/contracts';
import { AppError } from '../../../lib/errors.ts';
import { parseRequest } from '../../../lib/validate.ts';
import type { LoginTokens } from './login-tokens.ts';

export interface TokenLoginRoutesOptions {
  tokens: LoginTokens;
  /** Attempts per IP per minute. */
  perMinute: number;
}

export const tokenLoginRoutes: FastifyPluginAsync<TokenLoginRoutesOptions> = async (app, { tokens, perMinute }) => {
  const limit = app.rateLimit({ max: app.scaleRateLimit(perMinute), timeWindow: 60_000 });

  app.post(SOCIAL_API.loginToken, { onRequest: limit }, async (request, reply): Promise<LoginOutcome> => {
    reply.header('cache-control', 'no-store');
    const body = parseRequest(LoginTokenRequestSchema, request.body, 'body');
    const result = await tokens.redeem(body);
    if (result === 'expired') throw new AppError(401, LoginTokenErrorCode.expired, 'This login token has expired; ask for a new one');
    if (result === 'invalid') throw new AppError(401, AuthErrorCode.invalidCredentials, 'Invalid login token');
    return app.auth.completeLogin(request, reply, { userId: result.userId, remember: body.save, method: result.method === 'qr' ? 'qr' : 'token' });
  });
};
