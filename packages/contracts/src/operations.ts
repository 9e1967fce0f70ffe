/**
 * An API operation as the docs describe it: method, path, the zod schemas of its parts
 * and answers. The server turns lists of these into the OpenAPI document at `/docs`; the
 * routes validate with the very same schemas, and a test checks every listed operation is
 * served.
 */
import type { z } from 'zod';

export interface ApiOperation {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** Fastify style: `/web-api/line/v1/games/:id`. */
  path: string;
  summary: string;
  description?: string;
  tag: string;
  /** Who may call it: anyone, a logged-in player (X-Auth or the session cookie), the operator (bearer OPS_TOKEN). */
  auth: 'public' | 'player' | 'operator';
  query?: z.ZodType;
  params?: z.ZodType;
  body?: z.ZodType;
  /** Answers by status; null for an answer without a body. Errors use `ApiErrorSchema`. */
  responses: Record<number, z.ZodType | null>;
}
