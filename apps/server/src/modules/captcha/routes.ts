/**
 * `/web-api/captcha/v1/{update,validate,gettime}` (SPEC §7; contracts `captcha.ts`).
 * Answers are never cached. Per-IP rate limits bound how fast challenges can be fetched and
 * validated (each one costs the solver about a second of CPU, the server a hash).
 */
import type { FastifyPluginAsync } from 'fastify';
import {
  CAPTCHA_API,
  CaptchaValidateRequestSchema,
  type CaptchaChallenge,
  type CaptchaTimeResponse,
  type CaptchaValidateResponse,
} from '@betsite/contracts';
import { parseRequest } from '../../lib/validate.ts';
import type { CaptchaService } from './service.ts';

export interface CaptchaRateLimits {
  /** Challenges per IP per minute. */
  update: number;
  /** Validations per IP per minute. */
  validate: number;
}

export const DEFAULT_CAPTCHA_RATE_LIMITS: CaptchaRateLimits = { update: 30, validate: 30 };

export const captchaRoutes: FastifyPluginAsync<{ service: CaptchaService; rateLimits: CaptchaRateLimits }> = async (app, { service, rateLimits }) => {
  const updateLimit = app.rateLimit({ max: app.scaleRateLimit(rateLimits.update), timeWindow: 60_000 });
  const validateLimit = app.rateLimit({ max: app.scaleRateLimit(rateLimits.validate), timeWindow: 60_000 });

  app.route({
    method: ['GET', 'POST'],
    url: CAPTCHA_API.update,
    onRequest: updateLimit,
    handler: async (_request, reply): Promise<CaptchaChallenge> => {
      reply.header('cache-control', 'no-store');
      return service.issue();
    },
  });

  app.post(CAPTCHA_API.validate, { onRequest: validateLimit }, async (request, reply): Promise<CaptchaValidateResponse> => {
    reply.header('cache-control', 'no-store');
    const body = parseRequest(CaptchaValidateRequestSchema, request.body, 'body');
    return service.validate(body.payload);
  });

  app.get(CAPTCHA_API.gettime, async (_request, reply): Promise<CaptchaTimeResponse> => {
    reply.header('cache-control', 'no-store');
    const now = app.clock.now();
    return { time: new Date(now).toISOString(), timestamp: now };
  });
};
