import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateToLatest, PGliteDialect } from '@betsite/db';
import { loadEnv } from './config/env.ts';
import { openDatabase } from './database.ts';
import { preparePglite } from './database-prepare.ts';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function tempDir() {
  const dir = mkdtempSync(join(tmpdir(), 'betsite-open-db-'));
  dirs.push(dir);
  return dir;
}

const logs: string[] = [];
const logger = { debug: () => undefined, info: (_: object, msg: string) => void logs.push(msg), warn: (_: object, msg: string) => void logs.push(msg) };

/** What build.ts makes beside the bundle: a migrated cluster, shut down cleanly. */
async function migratedCluster(dataDir: string) {
  const db = new Kysely({ dialect: new PGliteDialect(await PGlite.create({ dataDir })) });
  await migrateToLatest(db);
  await db.destroy();
}

describe('openDatabase on a new PGlite data directory', () => {
  it('starts from a copy of the initial cluster, already migrated, seeds it, and keeps it for the next start; the initial cluster is left as it was', async () => {
    const dir = tempDir();
    const initial = join(dir, 'initial');
    await migratedCluster(initial);
    const initialFiles = readdirSync(initial, { recursive: true }).length;
    const env = loadEnv({ DATA_DIR: join(dir, 'data') });
    logs.length = 0;
    const first = await openDatabase(env, logger, new Date(), initial);
    expect(logs).not.toContain('database migrated');
    expect(logs).toContain('fresh database: demo data seeded');
    await first.close();
    expect(existsSync(join(dir, 'data', 'pglite', 'PG_VERSION'))).toBe(true);
    // Nothing of the copy's making is left beside it.
    expect(readdirSync(join(dir, 'data'))).toEqual(['pglite']);

    logs.length = 0;
    const again = await openDatabase(env, logger, new Date(), initial);
    expect(logs).toEqual([]);
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from site_config`.execute(again.db);
    expect(rows[0]?.n).toBe(1);
    await again.close();

    // The next new data directory starts from the same, unseeded cluster.
    expect(readdirSync(initial, { recursive: true }).length).toBe(initialFiles);
    logs.length = 0;
    const other = await openDatabase(loadEnv({ DATA_DIR: join(dir, 'other') }), logger, new Date(), initial);
    expect(logs).toEqual(['fresh database: demo data seeded']);
    await other.close();
  }, 120_000);

  it('takes an empty data directory for a new one', async () => {
    const dir = tempDir();
    const initial = join(dir, 'initial');
    await migratedCluster(initial);
    mkdirSync(join(dir, 'data', 'pglite'), { recursive: true });
    logs.length = 0;
    const handle = await openDatabase(loadEnv({ DATA_DIR: join(dir, 'data') }), logger, new Date(), initial);
    expect(logs).toEqual(['fresh database: demo data seeded']);
    await handle.close();
  }, 120_000);

  it('uses the copy started before it was called (server.ts)', async () => {
    const dir = tempDir();
    const initial = join(dir, 'initial');
    await migratedCluster(initial);
    const prepared = preparePglite(join(dir, 'data', 'pglite'), initial);
    expect(await prepared.copied).toBeNull();
    expect(existsSync(join(dir, 'data', 'pglite', 'PG_VERSION'))).toBe(true);
    expect(readdirSync(join(dir, 'data'))).toEqual(['pglite']);
    logs.length = 0;
    const handle = await openDatabase(loadEnv({ DATA_DIR: join(dir, 'data') }), logger, new Date(), initial, prepared);
    expect(logs).toEqual(['fresh database: demo data seeded']);
    expect(await handle.ping()).toBe(true);
    await handle.close();

    // Not a new data directory any more: nothing to copy, PGlite opens what is there.
    const again = preparePglite(join(dir, 'data', 'pglite'), initial);
    expect(again.copied).toBeNull();
    const reopened = await openDatabase(loadEnv({ DATA_DIR: join(dir, 'data') }), logger, new Date(), initial, again);
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from site_config`.execute(reopened.db);
    expect(rows[0]?.n).toBe(1);
    await reopened.close();
  }, 120_000);

  it('runs initdb when the copy fails', async () => {
    const dir = tempDir();
    const initial = join(dir, 'initial');
    mkdirSync(initial);
    writeFileSync(join(initial, 'PG_VERSION'), '18\n');
    // A named pipe, which a copy refuses (ERR_FS_CP_FIFO_PIPE).
    execFileSync('mkfifo', [join(initial, 'pipe')]);
    const prepared = preparePglite(join(dir, 'data', 'pglite'), initial);
    expect(await prepared.copied).toBeInstanceOf(Error);
    expect(existsSync(join(dir, 'data', 'pglite'))).toBe(false);
    logs.length = 0;
    const handle = await openDatabase(loadEnv({ DATA_DIR: join(dir, 'data') }), logger, new Date(), initial, prepared);
    expect(logs).toEqual(['the initial PGlite cluster did not open: initdb instead', 'database migrated', 'fresh database: demo data seeded']);
    await handle.close();
  }, 120_000);

  it('runs initdb when the initial cluster does not open', async () => {
    const dir = tempDir();
    const initial = join(dir, 'broken');
    mkdirSync(initial);
    // A cluster of a PostgreSQL this PGlite is not.
    writeFileSync(join(initial, 'PG_VERSION'), '99\n');
    logs.length = 0;
    const handle = await openDatabase(loadEnv({ DATA_DIR: join(dir, 'data') }), logger, new Date(), initial);
    expect(logs).toEqual(['the initial PGlite cluster did not open: initdb instead', 'database migrated', 'fresh database: demo data seeded']);
    expect(await handle.ping()).toBe(true);
    await handle.close();
  }, 120_000);
});
