/**
 * `GET /docs`: the API documentation (Swagger UI) and `GET /docs/json` the OpenAPI document
 * of the documented operations. Registered after every module (it lists what they serve);
 * the operator's operations are listed only where the operator API exists.
 */
import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { CASINO_LIVE_OPERATIONS, RGS_OPERATIONS, CASINO_OPERATIONS, CASINO_WALLET_OPERATIONS, PLAYER_STANDING_OPERATIONS, TERMS_OPERATIONS, COUPON_ACTION_OPERATIONS, COUPON_OPERATIONS, LIMITS_OPERATIONS, COUPON_OPS_OPERATIONS, COUPON_REVIEW_OPERATIONS, LINE_OPERATIONS, USER_CONFIG_OPERATIONS, type ApiOperation } from '@betsite/contracts';
import { openApiDocument } from './openapi.ts';

export const DOCS_PATH = '/docs';

/** Every documented operation of this build. */
export const DOCUMENTED_OPERATIONS: readonly ApiOperation[] = [...LINE_OPERATIONS, ...USER_CONFIG_OPERATIONS, ...COUPON_OPERATIONS, ...COUPON_ACTION_OPERATIONS, ...COUPON_REVIEW_OPERATIONS, ...COUPON_OPS_OPERATIONS, ...LIMITS_OPERATIONS, ...TERMS_OPERATIONS, ...PLAYER_STANDING_OPERATIONS, ...CASINO_WALLET_OPERATIONS, ...CASINO_OPERATIONS, ...CASINO_LIVE_OPERATIONS, ...RGS_OPERATIONS];

export async function registerDocs(app: FastifyInstance): Promise<void> {
  const operations = DOCUMENTED_OPERATIONS.filter((op) => op.auth !== 'operator' || app.env.OPS_TOKEN);
  // Filled at the first request under /docs: turning every operation's zod schemas into JSON
  // Schema took 0.1-0.3 s of each start, for a page few ever open. @fastify/swagger serves this object.
  const document: Record<string, unknown> = {};
  await app.register(async (docs) => {
    docs.addHook('onRequest', async () => {
      if (Object.keys(document).length > 0) return;
      Object.assign(
        document,
        openApiDocument(operations, {
          title: 'Betsite API',
          version: '1',
          description: [
            'The site\'s HTTP API (the documented part). Live data: one WebSocket per tab at `/web-api/live/v1/ws`',
            '(subscribe to `game:{id}`, `section:line|live`, `balance`; a snapshot, then numbered deltas, resumable).',
            'Coefficients have at most 3 decimals; times are epoch milliseconds; errors are `{ code, message, details? }`.',
          ].join(' '),
        }),
      );
    });
    await docs.register(swagger, { mode: 'static', specification: { document: document as never } });
    await docs.register(swaggerUi, {
      routePrefix: DOCS_PATH,
      staticCSP: true,
      uiConfig: { docExpansion: 'list', deepLinking: true },
    });
  });
}
