/**
 * The casino catalogue module (issue 13, decision 0024): the lobby API, favorites and
 * recently played, the operator's catalogue endpoints, and the demo catalogue seeded on start
 * when there is none. `app.casinoCatalogue` is what the launch path (its `launch` check and
 * record) and the game server (a game's engine and stakes, `gameById`) read.
 */
import type { FastifyInstance } from 'fastify';
import { beforeServing } from '../../lib/before-serving.ts';
import { casinoCatalogueOpsRoutes, casinoCatalogueRoutes } from './routes.ts';
import { catalogueIsEmpty, seedCasinoCatalogue } from './seed.ts';
import { createCasinoCatalogue, type CasinoCatalogue } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    casinoCatalogue: CasinoCatalogue;
  }
}

export async function registerCasinoCatalogue(app: FastifyInstance): Promise<CasinoCatalogue> {
  const catalogue = createCasinoCatalogue({ db: app.db, clock: app.clock });
  void beforeServing(app, async () => {
    if (!(await catalogueIsEmpty(app.db))) return;
    const added = await seedCasinoCatalogue(app.db, new Date(app.clock.now()));
    app.log.info({ games: added }, 'empty casino catalogue: demo catalogue seeded');
  });
  app.decorate('casinoCatalogue', catalogue);
  await app.register(casinoCatalogueRoutes, { catalogue });
  if (app.env.OPS_TOKEN) await app.register(casinoCatalogueOpsRoutes, { catalogue, token: app.env.OPS_TOKEN });
  return catalogue;
}

export { createCasinoCatalogue, RECENT_KEPT, type CasinoCatalogue, type LaunchGames } from './service.ts';
export { DEMO_GAMES, DEMO_CATEGORIES, DEMO_PROVIDERS, seedCasinoCatalogue } from './seed.ts';
