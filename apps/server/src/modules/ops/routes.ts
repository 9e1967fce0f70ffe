/**
 * Operator API under /ops-api/v1, registered only when OPS_TOKEN is set (otherwise every
 * path answers 404). Every route requires the bearer token.
 */
import type { FastifyPluginAsync } from 'fastify';
import {
  BlockRuleInputSchema,
  ClockAdvanceSchema,
  RedirectRuleInputSchema,
  RuleIdParamsSchema,
  SiteConfigPatchSchema,
  type BlockRule,
  type BlockRuleList,
  type ClockState,
  type RedirectRule,
  type RedirectRuleList,
  type SiteConfig,
} from '@betsite/contracts';
import { parseRequest } from '../../lib/validate.ts';
import { requireOpsToken } from './auth.ts';

export const opsRoutes: FastifyPluginAsync<{ token: string }> = async (app, { token }) => {
  app.addHook('onRequest', requireOpsToken(token));
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  // RFC 7396 media type; parsed like JSON (with Fastify's prototype-poisoning protection).
  app.addContentTypeParser('application/merge-patch+json', { parseAs: 'string' }, app.getDefaultJsonParser('error', 'error'));

  const clockState = (): ClockState => ({ now: new Date(app.clock.now()).toISOString(), fake: app.clock.fake });

  app.get('/ops-api/v1/clock', async () => clockState());

  // Only the fake clock can be moved; with the system clock the route does not exist (404).
  const advance = app.clock.advance?.bind(app.clock);
  if (advance) {
    app.post('/ops-api/v1/clock/advance', async (request): Promise<ClockState> => {
      const { seconds } = parseRequest(ClockAdvanceSchema, request.body, 'body');
      advance(seconds);
      request.log.info({ seconds, now: clockState().now }, 'fake clock advanced');
      return clockState();
    });
  }

  app.patch('/ops-api/v1/site-config', async (request, reply): Promise<SiteConfig> => {
    const patch = parseRequest(SiteConfigPatchSchema, request.body, 'body');
    const { config, version } = await app.siteConfig.patch(patch);
    request.log.info({ version, fields: Object.keys(patch) }, 'site config changed');
    reply.header('etag', `W/"${version}"`);
    return config;
  });

  app.get('/ops-api/v1/block-rules', async (): Promise<BlockRuleList> => ({ rules: await app.blockService.list() }));

  app.post('/ops-api/v1/block-rules', async (request, reply): Promise<BlockRule> => {
    const rule = await app.blockService.create(parseRequest(BlockRuleInputSchema, request.body, 'body'));
    request.log.info({ rule }, 'block rule created');
    reply.code(201);
    return rule;
  });

  app.delete('/ops-api/v1/block-rules/:id', async (request, reply) => {
    const { id } = parseRequest(RuleIdParamsSchema, request.params, 'params');
    await app.blockService.remove(id);
    request.log.info({ id }, 'block rule deleted');
    return reply.code(204).send();
  });

  app.get('/ops-api/v1/redirects', async (): Promise<RedirectRuleList> => ({ rules: await app.redirectService.list() }));

  app.post('/ops-api/v1/redirects', async (request, reply): Promise<RedirectRule> => {
    const rule = await app.redirectService.create(parseRequest(RedirectRuleInputSchema, request.body, 'body'));
    request.log.info({ rule }, 'redirect rule created');
    reply.code(201);
    return rule;
  });

  app.delete('/ops-api/v1/redirects/:id', async (request, reply) => {
    const { id } = parseRequest(RuleIdParamsSchema, request.params, 'params');
    await app.redirectService.remove(id);
    request.log.info({ id }, 'redirect rule deleted');
    return reply.code(204).send();
  });
};
