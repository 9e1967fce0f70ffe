/**
 * `PATCH /ops-api/v1/players/:id/standing` (operator, bearer OPS_TOKEN): sets a player's ban
 * level and whether identification is required (decision 0020). The guards read both on the
 * player's next page; the money paths read the ban level at each bet and payment.
 */
import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import { PLAYER_STANDING_API, PlayerStandingPatchSchema, UuidParamsSchema, type PlayerStanding } from '@betsite/contracts';
import { AppError } from '../../lib/errors.ts';
import { parseRequest } from '../../lib/validate.ts';
import { requireOpsToken } from '../ops/auth.ts';

export const playerStandingRoutes: FastifyPluginAsync<{ token: string }> = async (app, { token }) => {
  app.addHook('onRequest', requireOpsToken(token));

  app.patch(PLAYER_STANDING_API.standing, async (request, reply): Promise<PlayerStanding> => {
    reply.header('cache-control', 'no-store');
    const { id } = parseRequest(UuidParamsSchema, request.params, 'params');
    const patch = parseRequest(PlayerStandingPatchSchema, request.body, 'body');
    const row = await app.db
      .updateTable('users')
      .set({
        ...(patch.banLevel !== undefined
          ? { ban_level: patch.banLevel, ban_version: sql<number>`case when ban_level = ${patch.banLevel} then ban_version else ban_version + 1 end` }
          : {}),
        ...(patch.needIdentification !== undefined ? { need_identification: patch.needIdentification } : {}),
      })
      .where('id', '=', id)
      .returning(['id', 'ban_level', 'ban_version', 'need_identification'])
      .executeTakeFirst();
    if (!row) throw new AppError(404, 'not_found', 'No such player');
    request.log.info({ userId: id, ...patch }, 'player standing changed');
    return { userId: row.id, banLevel: row.ban_level, banVersion: row.ban_version, needIdentification: row.need_identification };
  });
};
