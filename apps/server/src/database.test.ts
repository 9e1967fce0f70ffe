import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateToLatest, PGliteDialect } from '@betsite/db';
import { loadEnv } from './config/env.ts';
import { openDatabase } from './database.ts';

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

async function migratedDump(file: string) {
  const pglite = await PGlite.create();
  const db = new Kysely({ dialect: new PGliteDialect(pglite) });
  await migrateToLatest(db);
  writeFileSync(file, Buffer.from(await (await pglite.dumpDataDir('none')).arrayBuffer()));
  await db.destroy();
}

describe('openDatabase on a new PGlite data directory', () => {
  it('starts from the initial dump, already migrated, seeds it, and keeps it for the next start', async () => {
    const dir = tempDir();
    const dump = join(dir, 'initial.tar');
    await migratedDump(dump);
    const env = loadEnv({ DATA_DIR: join(dir, 'data') });
    logs.length = 0;
    const first = await openDatabase(env, logger, new Date(), dump);
    expect(logs).not.toContain('database migrated');
    expect(logs).toContain('fresh database: demo data seeded');
    await first.close();
    expect(existsSync(join(dir, 'data', 'pglite', 'PG_VERSION'))).toBe(true);

    logs.length = 0;
    const again = await openDatabase(env, logger, new Date(), dump);
    expect(logs).toEqual([]);
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from site_config`.execute(again.db);
    expect(rows[0]?.n).toBe(1);
    await again.close();
  }, 120_000);

  it('runs initdb when the dump cannot be read', async () => {
    const dir = tempDir();
    const dump = join(dir, 'broken.tar');
    writeFileSync(dump, 'not a tar');
    logs.length = 0;
    const handle = await openDatabase(loadEnv({ DATA_DIR: join(dir, 'data') }), logger, new Date(), dump);
    expect(logs).toEqual(['the initial PGlite dump did not load: initdb instead', 'database migrated', 'fresh database: demo data seeded']);
    expect(await handle.ping()).toBe(true);
    await handle.close();
  }, 120_000);
});
