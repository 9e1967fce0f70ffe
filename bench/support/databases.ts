/**
 * The databases a benchmark runs on: the embedded one (PGlite, in the server process) and,
 * when there is a PostgreSQL server, a throwaway database on it — on DATABASE_URL's server
 * when that is set, else on 127.0.0.1:5432 if something answers there (as `postgres`, the
 * way README's examples connect). The throwaway database is `bench_<random>`, created with
 * the URL's credentials (as the db test helpers do) and dropped afterwards, so a benchmark
 * never writes its catalogue into a real database.
 *
 * BENCH_DB=pglite or BENCH_DB=postgres runs on that one only.
 */
import { randomUUID } from 'node:crypto';
import { connect } from 'node:net';
import pg from 'pg';

export interface BenchDatabase {
  /** `PGlite` or `PostgreSQL 15.4 at host:port`. */
  label: string;
  /** Environment for the server: DATABASE_URL (empty for PGlite: empty counts as unset). */
  env: { DATABASE_URL: string };
  /** Drops the throwaway database (nothing for PGlite). */
  drop(): Promise<void>;
}

const LOCAL_POSTGRES = 'postgres://postgres@127.0.0.1:5432/postgres';

function answers(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port, timeout: 1_000 });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.once('connect', () => done(true));
    socket.once('timeout', () => done(false));
    socket.once('error', () => done(false));
  });
}

async function withClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** A throwaway database on DATABASE_URL's server or the local one; null when there is none. */
export async function throwawayPostgres(): Promise<BenchDatabase | null> {
  const given = process.env.DATABASE_URL || undefined;
  const adminUrl = given ?? LOCAL_POSTGRES;
  const admin = new URL(adminUrl);
  if (!given && !(await answers(admin.hostname, Number(admin.port || 5432)))) return null;
  const name = `bench_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  let version: string;
  try {
    version = await withClient(adminUrl, async (client) => {
      await client.query(`create database ${name}`);
      const row = await client.query<{ server_version: string }>('show server_version');
      return row.rows[0]?.server_version ?? '?';
    });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    // Given explicitly: say why it cannot be used. Merely found on the default port: skip quietly-ish.
    if (given) throw new Error(`cannot create a throwaway database on DATABASE_URL's server: ${reason}`, { cause: error });
    console.warn(`PostgreSQL answers on ${admin.host} but no throwaway database could be made (${reason}); PostgreSQL skipped`);
    return null;
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    label: `PostgreSQL ${version.split(' ')[0]} at ${admin.host}`,
    env: { DATABASE_URL: url.toString() },
    async drop() {
      await withClient(adminUrl, (client) => client.query(`drop database if exists ${name} with (force)`));
    },
  };
}

const pglite: BenchDatabase = { label: 'PGlite', env: { DATABASE_URL: '' }, drop: async () => undefined };

/**
 * Runs `measure` on each database in turn (PGlite first), dropping throwaway databases
 * even when a run fails.
 */
export async function forEachDatabase(measure: (db: BenchDatabase) => Promise<void>): Promise<void> {
  const only = process.env.BENCH_DB;
  if (only !== undefined && only !== 'pglite' && only !== 'postgres') throw new Error('BENCH_DB must be pglite or postgres');
  if (only !== 'postgres') await measure(pglite);
  if (only === 'pglite') return;
  const postgres = await throwawayPostgres();
  if (!postgres) {
    if (only === 'postgres') throw new Error('BENCH_DB=postgres: no PostgreSQL (set DATABASE_URL or run one on 127.0.0.1:5432)');
    console.log('(PostgreSQL: none — set DATABASE_URL or run one on 127.0.0.1:5432 to measure it too)');
    return;
  }
  try {
    await measure(postgres);
  } finally {
    await postgres.drop();
  }
}
