/**
 * The user-config module: the player's SPEC §3 user config, their rights and the bonus
 * choice after registration. Needs the auth module (request.userId) and the site config.
 */
import type { FastifyInstance } from 'fastify';
import type { RightsResponse } from '@betsite/contracts';
import { userConfigRoutes } from './routes.ts';
import { playerStandingRoutes } from './standing-routes.ts';
import { loadPlayerRecord } from './repository.ts';
import { buildRights } from './service.ts';

export async function registerUserConfig(app: FastifyInstance): Promise<void> {
  await app.register(userConfigRoutes);
  // The operator's ban level and identification request (decision 0020).
  if (app.env.OPS_TOKEN) await app.register(playerStandingRoutes, { token: app.env.OPS_TOKEN });
}

export { loadPlayerRecord, type PlayerRecord } from './repository.ts';
export { buildRights, buildUserConfig } from './service.ts';
export { disallowedSportsOf } from './disallowed-sports.ts';
export { loadMustConfirmTerms, loadPlayerGuardFacts } from './guard-facts.ts';

/** What the player may do now (bet, deposit, withdraw …), as `GET /web-api/auth/v1/rights` answers it; null for no such player. */
export async function rightsOf(app: FastifyInstance, userId: string): Promise<RightsResponse | null> {
  const player = await loadPlayerRecord(app.db, userId);
  return player ? buildRights(player, await app.siteConfig.get(), app.clock.now()) : null;
}
