/**
 * The user-config module: the player's SPEC §3 user config, their rights and the bonus
 * choice after registration. Needs the auth module (request.userId) and the site config.
 */
import type { FastifyInstance } from 'fastify';
import { userConfigRoutes } from './routes.ts';

export async function registerUserConfig(app: FastifyInstance): Promise<void> {
  await app.register(userConfigRoutes);
}

export { loadPlayerRecord, type PlayerRecord } from './repository.ts';
export { buildRights, buildUserConfig } from './service.ts';
