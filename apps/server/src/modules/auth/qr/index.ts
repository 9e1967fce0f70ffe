/** QR login (SPEC §2 office auth_qr): the request service and its routes. */
import type { FastifyInstance } from 'fastify';
import type { LoginTokens } from '../token-login/index.ts';
import { DEFAULT_QR_RATE_LIMITS, qrLoginRoutes, type QrRateLimits } from './routes.ts';
import { createQrLoginService, type QrLoginService } from './service.ts';

export async function registerQrLogin(app: FastifyInstance, tokens: LoginTokens, rateLimits: Partial<QrRateLimits> = {}): Promise<QrLoginService> {
  const service = createQrLoginService(app.db, app.clock, tokens);
  await app.register(qrLoginRoutes, { service, rateLimits: { ...DEFAULT_QR_RATE_LIMITS, ...rateLimits } });
  return service;
}

export { DEFAULT_QR_RATE_LIMITS, qrApprovePath, type QrRateLimits } from './routes.ts';
export type { QrLoginService } from './service.ts';
