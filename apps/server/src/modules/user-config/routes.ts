/**
 * The player's own state (SPEC §3 user config, §7 "user config", "get rights"):
 *
 * - `GET /web-api/office/v1/user-config` → `{ result, error }`, never cached;
 * - `GET /web-api/auth/v1/rights`;
 * - `POST /web-api/office/v1/bonus-choice { choice }`: the bonus (0 refuse, 1 sports,
 *   2 casino) of a player who registered without choosing one (social, phone); made once
 *   (409 afterwards);
 * - `GET` / `PUT /web-api/office/v1/disallowed-sports { line, live }`: the sports the player
 *   hides from line and live (SPEC §7 "save disallowed sports"); a PUT replaces both lists
 *   at once (400 `invalid_request` for unknown or repeated sport ids), never cached.
 *
 * Players only: 401 `unauthorized` for visitors.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  BonusChoiceRequestSchema,
  DisallowedSportsSchema,
  UserConfigErrorCode,
  USER_CONFIG_API,
  type BonusChoiceResponse,
  type DisallowedSportsResponse,
  type RightsResponse,
  type UserConfigResponse,
} from '@betsite/contracts';
import { announce } from '../../lib/bus.ts';
import { AppError } from '../../lib/errors.ts';
import { parseRequest } from '../../lib/validate.ts';
import { protectionOf } from '../security/index.ts';
import { disallowedSportsOf, saveDisallowedSports } from './disallowed-sports.ts';
import { chooseBonus, loadPlayerRecord, type PlayerRecord } from './repository.ts';
import { buildRights, buildUserConfig } from './service.ts';

export async function userConfigRoutes(app: FastifyInstance): Promise<void> {
  const notLoggedIn = () => new AppError(401, UserConfigErrorCode.unauthorized, 'Not logged in');
  const record = async (request: FastifyRequest): Promise<PlayerRecord> => {
    if (!request.userId) throw notLoggedIn();
    const found = await loadPlayerRecord(app.db, request.userId);
    if (!found) throw notLoggedIn();
    return found;
  };

  app.get(USER_CONFIG_API.userConfig, async (request, reply): Promise<UserConfigResponse> => {
    // SPEC §7 "no cache".
    reply.header('cache-control', 'no-store, no-cache, must-revalidate').header('pragma', 'no-cache');
    const player = await record(request);
    const [protection, site] = [await protectionOf(app.db, player.id), await app.siteConfig.get()];
    return { result: buildUserConfig(player, protection, site, app.clock.now()), error: null };
  });

  app.get(USER_CONFIG_API.rights, async (request, reply): Promise<RightsResponse> => {
    reply.header('cache-control', 'no-store');
    const player = await record(request);
    return buildRights(player, await app.siteConfig.get(), app.clock.now());
  });

  app.post(USER_CONFIG_API.bonusChoice, async (request, reply): Promise<BonusChoiceResponse> => {
    reply.header('cache-control', 'no-store');
    if (!request.userId) throw notLoggedIn();
    const { choice } = parseRequest(BonusChoiceRequestSchema, request.body, 'body');
    if (!(await chooseBonus(app.db, request.userId, choice))) {
      throw new AppError(409, UserConfigErrorCode.bonusChoiceMade, 'The bonus was chosen already');
    }
    request.log.info({ userId: request.userId, choice }, 'bonus chosen');
    return { success: true, bonusChoice: choice };
  });

  app.get(USER_CONFIG_API.disallowedSports, async (request, reply): Promise<DisallowedSportsResponse> => {
    reply.header('cache-control', 'no-store');
    if (!request.userId) throw notLoggedIn();
    return disallowedSportsOf(app.db, request.userId);
  });

  app.put(USER_CONFIG_API.disallowedSports, async (request, reply): Promise<DisallowedSportsResponse> => {
    reply.header('cache-control', 'no-store');
    if (!request.userId) throw notLoggedIn();
    const lists = parseRequest(DisallowedSportsSchema, request.body, 'body');
    const saved = await saveDisallowedSports(app.db, request.userId, lists);
    if (!saved) throw notLoggedIn();
    request.log.info({ userId: request.userId, line: saved.line, live: saved.live }, 'disallowed sports saved');
    await announce(app.bus, request.log, 'player-view.changed', { userId: request.userId });
    return saved;
  });
}
