/**
 * The captcha module: our proof-of-work captcha service (service.ts, ALTCHA) and its API
 * (routes.ts). The auth module uses a service on the same database and keys as its default
 * `CaptchaVerifier`, so a token issued here lets a login through once.
 */
import type { FastifyInstance } from 'fastify';
import { captchaRoutes, DEFAULT_CAPTCHA_RATE_LIMITS, type CaptchaRateLimits } from './routes.ts';
import { createCaptchaService, type CaptchaServiceOptions } from './service.ts';

export interface CaptchaOptions extends CaptchaServiceOptions {
  rateLimits?: Partial<CaptchaRateLimits>;
}

export async function registerCaptcha(app: FastifyInstance, options: CaptchaOptions = {}): Promise<void> {
  await app.register(captchaRoutes, {
    service: createCaptchaService(app, options),
    rateLimits: { ...DEFAULT_CAPTCHA_RATE_LIMITS, ...options.rateLimits },
  });
}

export {
  createCaptchaService,
  DEFAULT_CAPTCHA_DIFFICULTY,
  type CaptchaDifficulty,
  type CaptchaService,
  type CaptchaServiceOptions,
} from './service.ts';
