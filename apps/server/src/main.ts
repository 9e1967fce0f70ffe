/**
 * The process, once server.ts has started preparing the database: read the environment,
 * open the database, listen, shut down gracefully. Everything else lives in `build()`.
 */
import { fileURLToPath } from 'node:url';
import { pino } from 'pino';
import { EnvError, loadEnv, type AppEnv } from './config/env.ts';
import { startDatabase, type StartedEarly } from './database.ts';
import { createClock } from './lib/clock.ts';
import { closeGracefully } from './lib/shutdown.ts';
import { build } from './app.ts';
import { ssrPlugin } from './ssr/plugin.ts';

function readEnv(): AppEnv | null {
  try {
    return loadEnv(process.env);
  } catch (error) {
    if (!(error instanceof EnvError)) throw error;
    console.error(`${error.message}\nSee .env.example for every variable.`);
    return null;
  }
}

/** `initialCluster`: see openDatabase; `started`: PGlite's thread or PostgreSQL's migrations, which server.ts started. */
export async function main(initialCluster: string, started: StartedEarly): Promise<void> {
  const env = readEnv();
  if (!env) {
    // A copy in progress would be left half made beside the data directory; migrations roll back.
    await started?.close();
    process.exit(1);
  }
  const logger = pino({ level: env.LOG_LEVEL });
  const clock = createClock({ fake: env.FAKE_CLOCK });
  // WEB_BUILD_DIR: a build elsewhere than apps/web/build (parallel builds during development).
  const buildDir = process.env.WEB_BUILD_DIR ?? fileURLToPath(new URL('../../web/build', import.meta.url));
  // The casino games' build: named here, where the path is the same from src/ and from the bundle in dist/ (build.ts).
  const gamesDir = env.RGS_APP_DIR ?? fileURLToPath(new URL('../../games/dist', import.meta.url));

  function fail(message: string, cleanUp: () => Promise<unknown> = async () => undefined) {
    return async (error: unknown): Promise<never> => {
      logger.fatal({ err: error }, message);
      await cleanUp().catch(() => undefined);
      process.exit(1);
    };
  }

  // The application builds while the database opens (PGlite) or a new one is migrated and seeded; its queries wait for it.
  const { handle: database, ready } = await startDatabase(env, logger, new Date(clock.now()), initialCluster, started).catch(fail('cannot open the database'));
  const opened = ready.then(
    () => true,
    async (error: unknown) => fail('cannot open the database', () => database.close())(error),
  );
  const app = await build({ env, db: database, clock, logger, rgs: { appDir: gamesDir }, ssr: ssrPlugin({ buildDir, pageCacheTtlMs: env.PAGE_CACHE_TTL_MS }) }).catch(
    fail('cannot start the server', () => database.close()),
  );
  await opened;
  await app.listen({ host: env.HOST, port: env.PORT }).catch(
    fail(`cannot listen on ${env.HOST}:${env.PORT}`, () => app.close().then(() => database.close())),
  );

  const origin = env.PUBLIC_ORIGIN ?? `http://${['0.0.0.0', '::'].includes(env.HOST) ? 'localhost' : env.HOST}:${env.PORT}`;
  const storage = env.DATABASE_URL ? 'PostgreSQL at DATABASE_URL' : `embedded PostgreSQL (PGlite) in ${env.DATA_DIR}/pglite`;
  console.log(`Site and API on ${origin} (${storage}${env.REDIS_URL ? ', Redis bus' : ''}${env.FAKE_CLOCK ? ', fake clock' : ''})`);

  // First signal: drain (lib/shutdown.ts: live sockets, jobs and the feed stop, requests in
  // flight finish within 10 s, no new connections), then close the database. Second: exit now.
  let shuttingDown = false;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      if (shuttingDown) {
        console.error(`${signal} again: exiting without waiting`);
        process.exit(1);
      }
      shuttingDown = true;
      logger.info({ signal }, 'shutting down');
      closeGracefully(app, { logger })
        .then(() => database.close())
        .then(
          () => {
            logger.info('stopped');
            process.exit(0);
          },
          (error: unknown) => {
            logger.error({ err: error }, 'unclean shutdown');
            process.exit(1);
          },
        );
    });
  }
}
