import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors.ts';

/**
 * Operator requests carry `Authorization: Bearer <OPS_TOKEN>`. Both sides are hashed
 * before the constant-time comparison so neither the token's content nor its length leaks
 * through timing.
 */
export function requireOpsToken(token: string): (request: FastifyRequest) => Promise<void> {
  return requireBearerToken(token, 'A valid operator token is required');
}

/** The same check for any bearer token (the metrics scraper's); 401 with `message` otherwise. */
export function requireBearerToken(token: string, message: string): (request: FastifyRequest) => Promise<void> {
  const expected = digest(token);
  return async (request) => {
    const match = /^Bearer (.+)$/.exec(request.headers.authorization ?? '');
    if (!match?.[1] || !timingSafeEqual(digest(match[1]), expected)) {
      throw new AppError(401, 'unauthorized', message);
    }
  };
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}
