/**
 * HTTP of the limit service (contracts limits.ts, SPEC §7): the player's calls under
 * `/limit-service-api/api/external/web/v3/`, the reality check, and the operator's view.
 * Player calls need a session (X-Auth or the cookie; 401 otherwise).
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  AvailableLimitsSchema,
  DeleteLimitQuerySchema,
  LIMIT_VALUES,
  LIMITS_API,
  LimitActionRequestSchema,
  RealityCheckRequestSchema,
  SelfBlockRequestSchema,
  SetLimitsRequestSchema,
  SETTABLE_LIMIT_TYPES,
  TestAnswersRequestSchema,
  type AvailableLimits,
  type LimitActionResponse,
  type LimitPingResponse,
  type OpsPlayerLimits,
  type PlayerLimits,
  type RealityCheckState,
  type SelfExcludeReasons,
  type SetLimitsResponse,
  type TestAnswersResponse,
} from '@betsite/contracts';
import { AppError, notFound } from '../../lib/errors.ts';
import { parseParamsOr, parseRequest } from '../../lib/validate.ts';
import { requireOpsToken } from '../ops/auth.ts';
import { requireUser } from '../payments/routes.ts';
import { langOf, LIMIT_NAMES, SELF_EXCLUDE_REASONS, type LimitsService } from './service.ts';

const language = (request: FastifyRequest) => langOf(request.headers['accept-language']);

function available(lang: 'en' | 'ru', currency: string): AvailableLimits {
  const values: Record<number, readonly number[]> = {
    30: LIMIT_VALUES.selfExclusionDays,
    31: LIMIT_VALUES.sessionHours,
    32: LIMIT_VALUES.realityCheckMinutes,
    33: LIMIT_VALUES.timeoutDays,
  };
  return AvailableLimitsSchema.parse({
    limits: SETTABLE_LIMIT_TYPES.map((type) => {
      const money = !(type in values);
      return {
        type,
        measure: money ? 'currency' : type === 31 ? 'hours' : type === 32 ? 'minutes' : 'days',
        availableValues: [...(values[type] ?? [])],
        name: LIMIT_NAMES[lang][type]!,
        currency: money ? currency : null,
      };
    }),
  });
}

/** The session's start (reality check: elapsed time and net position since). */
async function sessionStart(request: FastifyRequest): Promise<Date | null> {
  const hash = request.authSession?.tokenHash;
  if (!hash) return null;
  const row = await request.server.db.selectFrom('sessions').select('created_at').where('token_hash', '=', hash).executeTakeFirst();
  return row?.created_at ?? null;
}

export const limitRoutes: FastifyPluginAsync<{ service: LimitsService }> = async (app, { service }) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(LIMITS_API.availableLimits, async (request): Promise<AvailableLimits> => {
    const userId = requireUser(request);
    const row = await app.db.selectFrom('player_protection').select('currency').where('user_id', '=', userId).executeTakeFirst();
    const main = row ?? (await app.db.selectFrom('ledger_accounts').select('currency').where('owner_id', '=', userId).where('kind', '=', 'player-main').executeTakeFirst());
    return available(language(request), main?.currency.trim() ?? 'EUR');
  });

  app.get(LIMITS_API.limits, async (request): Promise<PlayerLimits> => service.limits(requireUser(request)));

  app.post(LIMITS_API.limits, async (request): Promise<SetLimitsResponse> => {
    const userId = requireUser(request);
    const { limits } = parseRequest(SetLimitsRequestSchema, request.body, 'body');
    return service.setLimits(userId, limits, language(request));
  });

  app.post(LIMITS_API.testAnswers, async (request): Promise<TestAnswersResponse> => {
    const userId = requireUser(request);
    const { tokenGuid, answers } = parseRequest(TestAnswersRequestSchema, request.body, 'body');
    return service.testAnswers(userId, tokenGuid, answers);
  });

  app.post(LIMITS_API.limitAction, async (request): Promise<LimitActionResponse> => {
    const userId = requireUser(request);
    const { action, limitTypes } = parseRequest(LimitActionRequestSchema, request.body, 'body');
    return service.limitAction(userId, action, limitTypes, language(request));
  });

  app.delete(LIMITS_API.limit, async (request): Promise<LimitActionResponse> => {
    const userId = requireUser(request);
    const { limitType } = parseRequest(DeleteLimitQuerySchema, request.query, 'query');
    if (limitType !== undefined && !(SETTABLE_LIMIT_TYPES as readonly number[]).includes(limitType)) throw new AppError(400, 'invalid_request', 'No such limit type');
    return service.limitAction(userId, 'reject', limitType === undefined ? undefined : [limitType], language(request));
  });

  app.get(LIMITS_API.selfExcludeReasons, async (request): Promise<SelfExcludeReasons> => {
    requireUser(request);
    return { reasons: SELF_EXCLUDE_REASONS[language(request)] };
  });

  app.post(LIMITS_API.ping, async (request): Promise<LimitPingResponse> => service.ping(requireUser(request)));

  app.post(LIMITS_API.selfBlock, async (request) => {
    const userId = requireUser(request);
    const { days, selfExcludeReason } = parseRequest(SelfBlockRequestSchema, request.body, 'body');
    return service.selfBlock(userId, days, selfExcludeReason);
  });

  app.get(LIMITS_API.realityCheck, async (request): Promise<RealityCheckState> => {
    const userId = requireUser(request);
    return service.realityCheck(userId, await sessionStart(request));
  });

  app.post(LIMITS_API.realityCheck, async (request): Promise<RealityCheckState> => {
    const userId = requireUser(request);
    const { data } = parseRequest(RealityCheckRequestSchema, request.body, 'body');
    return service.reportRealityCheck(userId, await sessionStart(request), data.attributes);
  });
};

export const limitOpsRoutes: FastifyPluginAsync<{ service: LimitsService; token: string }> = async (app, { service, token }) => {
  app.addHook('onRequest', requireOpsToken(token));
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  app.get(LIMITS_API.opsPlayerLimits, async (request): Promise<OpsPlayerLimits> => {
    const { id } = parseParamsOr(z.object({ id: z.uuid() }), request.params, () => notFound('No such player'));
    const found = await service.opsView(id);
    if (!found) throw notFound('No such player');
    return found;
  });
};
