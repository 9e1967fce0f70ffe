import type { Kysely } from 'kysely';
import type { Database } from '@betsite/db';
import type { ServerClock } from './clock.ts';
import type { Bus, BusLogger } from './bus.ts';

/** What the cached services (site config, block rules, redirect rules) are built from. */
export interface ServiceDeps {
  db: Kysely<Database>;
  bus: Bus;
  clock: ServerClock;
  logger: BusLogger;
}
