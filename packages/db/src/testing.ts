/**
 * Databases for tests: a fresh, migrated database per test file (or describe block).
 * PGlite in memory always; PostgreSQL too when TEST_DATABASE_URL points at a server where
 * we may create databases (each test database is `test_<random>`, dropped on close).
 */
import { createHash, randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe } from 'vitest';
import pg from 'pg';
import { Kysely } from 'kysely';
import { PGlite } from '@electric-sql/pglite';
import { createDb, type DbHandle, type DbKind } from './create-db.ts';
import { migrateToLatest } from './migrate.ts';
import { migrations } from './migrations/index.ts';
import { PGliteDialect } from './pglite-dialect.ts';
import type { Database } from './schema.ts';

export interface TestDb extends DbHandle {
  /** Connection string of this test database (PostgreSQL), so a test can open a second handle. */
  url: string | null;
}

export interface TestDbOptions {
  kind?: DbKind;
  /** Run the migrations (default true). */
  migrate?: boolean;
}

/** The database kinds integration tests run against. */
export const testDbKinds: DbKind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export async function createTestDb({ kind = 'pglite', migrate = true }: TestDbOptions = {}): Promise<TestDb> {
  if (kind === 'pglite' && migrate) return { ...(await createDb({ memory: true, loadDataDir: await migratedPglite() })), url: null };
  if (kind === 'postgres') return createPostgresTestDb(migrate ? await migratedPostgresTemplate() : undefined);
  const testDb = { ...(await createDb({ memory: true })), url: null };
  if (migrate) await migrateToLatest(testDb.db);
  return testDb;
}

let migratedDump: Promise<Blob> | undefined;
/**
 * A migrated PGlite data directory: a new in-memory PGlite runs initdb (about 3 s here) and
 * then every migration, while one loaded from this dump starts in about 1 s, already
 * migrated. Made once and kept in the temp directory under a hash of the migrations' source
 * and PGlite's version, so every test file (each in its own process) reuses it; a changed
 * migration makes a new one.
 */
function migratedPglite(): Promise<Blob> {
  migratedDump ??= (async () => {
    const file = join(tmpdir(), `betsite-test-pglite-${templateKey()}.tar`);
    if (existsSync(file)) return new Blob([readFileSync(file)]);
    const pglite = await PGlite.create();
    const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
    try {
      await migrateToLatest(db);
      const dump = await pglite.dumpDataDir('none');
      // Written whole then renamed: a file running beside never reads half a dump.
      const partial = `${file}.${process.pid}.partial`;
      writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
      renameSync(partial, file);
      return dump;
    } finally {
      await db.destroy();
    }
  })();
  return migratedDump;
}

function templateKey(): string {
  const dir = fileURLToPath(new URL('./migrations/', import.meta.url));
  const hash = createHash('sha256');
  for (const name of readdirSync(dir).sort()) hash.update(name).update(readFileSync(join(dir, name)));
  // The migrations this process runs, too: a test run started before a migration was added
  // serves its workers the old module list while the disk has the new file, and must not
  // leave a template without the new migration under the new files' name.
  hash.update(Object.keys(migrations).join(','));
  // The workspace's hoisted copy (its package.json is not among the package's exports).
  const pglitePackage = fileURLToPath(new URL('../../../node_modules/@electric-sql/pglite/package.json', import.meta.url));
  if (existsSync(pglitePackage)) hash.update(readFileSync(pglitePackage));
  return hash.digest('hex').slice(0, 16);
}

let postgresTemplate: Promise<string> | undefined;
/**
 * A migrated PostgreSQL database to copy (`create database … template`): copying takes a
 * fraction of a second where running every migration takes several. Named by the same hash
 * as the PGlite dump and made once per server under an advisory lock, so test files running
 * side by side wait for one maker; a changed migration makes a new one.
 */
function migratedPostgresTemplate(): Promise<string> {
  postgresTemplate ??= (async () => {
    const name = `test_template_${templateKey()}`;
    await withAdmin(adminUrl(), async (admin) => {
      await admin.query('select pg_advisory_lock(724001)');
      try {
        const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
        if (found.rowCount) return;
        const building = `${name}_building`;
        await admin.query(`drop database if exists ${building} with (force)`);
        await admin.query(`create database ${building}`);
        const handle = await createDb({ databaseUrl: databaseUrl(building) });
        try {
          await migrateToLatest(handle.db);
        } finally {
          await handle.close();
        }
        // Renamed only when whole: a crash half way leaves no template that looks ready.
        await admin.query(`alter database ${building} rename to ${name}`);
      } finally {
        await admin.query('select pg_advisory_unlock(724001)');
      }
    });
    return name;
  })();
  return postgresTemplate;
}

function adminUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  return url;
}

function databaseUrl(name: string): string {
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

async function createPostgresTestDb(template?: string): Promise<TestDb> {
  const name = `test_${randomUUID().replaceAll('-', '').slice(0, 20)}`;
  await withAdmin(adminUrl(), (admin) => admin.query(`create database ${name}${template ? ` template ${template}` : ''}`));
  const url = new URL(databaseUrl(name));
  const handle = await createDb({ databaseUrl: url.toString() });
  return {
    ...handle,
    url: url.toString(),
    async close() {
      await handle.close();
      await withAdmin(adminUrl(), (admin) => admin.query(`drop database if exists ${name} with (force)`));
    },
  };
}

async function withAdmin<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** What a `describeEachDb` body gets: the database of the current kind, ready in tests and hooks. */
export interface TestDbContext {
  readonly kind: DbKind;
  readonly handle: TestDb;
  readonly db: Kysely<Database>;
}

/**
 * `describe` once per database kind (`name [pglite]`, `name [postgres]`), with a fresh
 * database created before the block's tests and dropped after them.
 */
export function describeEachDb(name: string, body: (ctx: TestDbContext) => void, options: Omit<TestDbOptions, 'kind'> = {}): void {
  describe.each(testDbKinds)(`${name} [%s]`, (kind) => {
    let current: TestDb | undefined;
    const ready = (): TestDb => {
      if (!current) throw new Error('the test database is only available inside tests and hooks');
      return current;
    };
    beforeAll(async () => {
      current = await createTestDb({ ...options, kind });
    });
    afterAll(async () => {
      await current?.close();
    });
    body({
      kind,
      get handle() {
        return ready();
      },
      get db() {
        return ready().db;
      },
    });
  });
}
