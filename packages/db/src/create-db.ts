import { Kysely, PostgresDialect, sql, type Driver, type LogEvent } from 'kysely';
import { mkdirSync } from 'node:fs';
import type { Client as PgClient, Pool } from 'pg';
import type { PGlite } from '@electric-sql/pglite';
import { GatedDriver } from './gated-driver.ts';
import { PGliteDialect, PGliteDriver, type PgliteSession } from './pglite-dialect.ts';
import { PGLITE_START_PARAMS } from './pglite-settings.ts';
import { preparedName } from './prepared.ts';
import { INT8_OID, parseInt8 } from './type-parsers.ts';
import type { Database } from './schema.ts';

export type DbKind = 'pglite' | 'postgres';

/** The part of a pino-style logger the database uses. */
export interface DbLogger {
  debug(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface CreateDbOptions {
  /** `postgres://…`: use PostgreSQL through `pg`. Otherwise PGlite in-process. */
  databaseUrl?: string;
  /** PGlite data directory (created if missing); default `./data/pglite`. */
  dataDir?: string;
  /** PGlite in memory (tests); wins over `dataDir`. */
  memory?: boolean;
  /** PGlite: start from this dump of a data directory (`dumpDataDir`) instead of an empty cluster. */
  loadDataDir?: Blob;
  /** Every query is logged at debug level with its duration. */
  logger?: DbLogger;
  /** Pool size for PostgreSQL (default 10). */
  maxConnections?: number;
}

export interface DbHandle {
  db: Kysely<Database>;
  kind: DbKind;
  /** Idempotent. After it, queries fail and `ping()` answers false. */
  close(): Promise<void>;
  /** True when `SELECT 1` answers within 2 s. */
  ping(): Promise<boolean>;
}

const PING_TIMEOUT_MS = 2_000;

export async function createDb(options: CreateDbOptions = {}): Promise<DbHandle> {
  const log = options.logger ? queryLogger(options.logger) : undefined;
  // Each driver is loaded only when used: a server on PGlite starts without loading `pg`, one
  // on PostgreSQL without PGlite.
  if (options.databaseUrl) return handle(new Kysely<Database>({ dialect: new PostgresDialect({ pool: await postgresPool(options.databaseUrl, options) }), log }), 'postgres');

  const dataDir = options.memory ? undefined : (options.dataDir ?? './data/pglite');
  const pglite = await openPgliteCluster(dataDir, options.loadDataDir);
  return handle(new Kysely<Database>({ dialect: new PGliteDialect(pglite), log }), 'pglite');
}

/** A pool of `pg` clients with the site's settings (`maxConnections` default 10). */
async function postgresPool(databaseUrl: string, options: Pick<CreateDbOptions, 'logger' | 'maxConnections'>): Promise<Pool> {
  const { default: pg } = await import('pg');
  /** Sends a registered statement's text by its name (prepared.ts): parsed and planned once per connection. */
  class Client extends pg.Client {}
  const query = pg.Client.prototype.query as (this: PgClient, ...args: unknown[]) => unknown;
  Client.prototype.query = function namedQuery(this: PgClient, ...args: unknown[]) {
    const [text, values] = args;
    const name = args.length <= 2 && typeof text === 'string' ? preparedName(text) : undefined;
    return name === undefined ? query.apply(this, args) : query.call(this, { name, text, values });
  } as PgClient['query'];
  const pool = new pg.Pool({
    Client: Client as typeof pg.Client,
    connectionString: databaseUrl,
    max: options.maxConnections ?? 10,
    // Without it a down database makes every query (and the health check) wait forever.
    connectionTimeoutMillis: 5_000,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === INT8_OID && format !== 'binary' ? parseInt8 : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  // An idle client losing its connection emits here; without a listener it would crash the process.
  pool.on('error', (error) => options.logger?.warn({ err: error }, 'idle PostgreSQL client error'));
  return pool;
}

/** PostgreSQL whose queries wait for `gate` (see deferredPostgres). */
class GatedPostgresDialect extends PostgresDialect {
  constructor(
    pool: Pool,
    readonly gate: Promise<unknown>,
  ) {
    super({ pool });
  }

  override createDriver(): Driver {
    return new GatedDriver(super.createDriver(), this.gate);
  }
}

/**
 * PostgreSQL answered at once, as deferredPglite: `setup` runs first on the pool, and every
 * query of the handle's `db` waits for it, so a server builds its application while a new
 * database is migrated and seeded. `ready` settles with the setup.
 */
export async function deferredPostgres(databaseUrl: string, setup: (db: Kysely<Database>) => Promise<void>, options: Pick<CreateDbOptions, 'logger' | 'maxConnections'> = {}): Promise<{ handle: DbHandle; ready: Promise<void> }> {
  const log = options.logger ? queryLogger(options.logger) : undefined;
  const pool = await postgresPool(databaseUrl, options);
  // The setup's instance shares the pool and is never destroyed: closing the handle ends the pool.
  const ready = setup(new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log }));
  ready.catch(() => undefined);
  return { handle: handle(new Kysely<Database>({ dialect: new GatedPostgresDialect(pool, ready), log }), 'postgres'), ready };
}

/** PGlite on `dataDir` (created if missing; in memory when undefined) with the site's settings. */
export async function openPgliteCluster(dataDir: string | undefined, loadDataDir?: Blob): Promise<PGlite> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const { PGlite } = await import('@electric-sql/pglite');
  return PGlite.create({
    dataDir,
    parsers: { [INT8_OID]: parseInt8 },
    startParams: [...PGlite.defaultStartParams, ...PGLITE_START_PARAMS],
    ...(loadDataDir ? { loadDataDir } : {}),
  });
}

/**
 * PGlite that may still be opening, answered at once, so a server builds its application
 * meanwhile (decision 0036): `setup` (migrations, seeding) runs on the session first, as soon
 * as it is open, and every query of the handle's `db` waits for it. `ready` settles with it.
 */
export function deferredPglite(pglite: Promise<PgliteSession>, setup: (db: Kysely<Database>) => Promise<void>, logger?: DbLogger): { handle: DbHandle; ready: Promise<void> } {
  const log = logger ? queryLogger(logger) : undefined;
  const driver = new PGliteDriver(pglite);
  const ready = setup(new Kysely<Database>({ dialect: new PGliteDialect(driver), log }));
  // Awaited by whoever holds `ready`; here only so a failure is not also an unhandled rejection.
  ready.catch(() => undefined);
  return { handle: handle(new Kysely<Database>({ dialect: new PGliteDialect(driver, ready), log }), 'pglite'), ready };
}

function handle(db: Kysely<Database>, kind: DbKind): DbHandle {
  let closing: Promise<void> | undefined;
  return {
    db,
    kind,
    close: () => (closing ??= db.destroy()),
    async ping() {
      if (closing) return false;
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<false>((resolve) => {
        timer = setTimeout(() => resolve(false), PING_TIMEOUT_MS);
      });
      const query = sql`select 1`.execute(db).then(
        () => true,
        () => false,
      );
      try {
        return await Promise.race([query, timeout]);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

function queryLogger(logger: DbLogger): (event: LogEvent) => void {
  return (event) => {
    const fields = { sql: event.query.sql, durationMs: Math.round(event.queryDurationMillis * 10) / 10 };
    if (event.level === 'error') logger.debug({ ...fields, err: event.error }, 'query failed');
    else logger.debug(fields, 'query');
  };
}
