import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateToLatest, PGliteDialect } from '@betsite/db';
import { createTestDb, testDbKinds } from '@betsite/db/testing';
import { loadEnv } from './config/env.ts';
import { openDatabase } from './database.ts';
import { MigrationThread } from './migration-thread.ts';
import { PgliteThread } from './pglite-thread.ts';

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

  it('uses the thread started before it was called (server.ts)', async () => {
    const dir = tempDir();
    const initial = join(dir, 'initial');
    await migratedCluster(initial);
    const started = new PgliteThread(join(dir, 'data', 'pglite'), initial);
    expect(await started.opened).toEqual({ fellBack: null });
    expect(existsSync(join(dir, 'data', 'pglite', 'PG_VERSION'))).toBe(true);
    expect(readdirSync(join(dir, 'data'))).toEqual(['pglite']);
    logs.length = 0;
    const handle = await openDatabase(loadEnv({ DATA_DIR: join(dir, 'data') }), logger, new Date(), initial, started);
    expect(logs).toEqual(['fresh database: demo data seeded']);
    expect(await handle.ping()).toBe(true);
    await handle.close();
    expect(started.closed).toBe(true);

    // Not a new data directory any more: nothing to copy, PGlite opens what is there.
    const again = new PgliteThread(join(dir, 'data', 'pglite'), initial);
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
    logs.length = 0;
    const handle = await openDatabase(loadEnv({ DATA_DIR: join(dir, 'data') }), logger, new Date(), initial);
    expect(logs).toEqual(['the initial PGlite cluster did not open: initdb instead', 'database migrated', 'fresh database: demo data seeded']);
    // Nothing of the failed copy is left beside the new cluster.
    expect(readdirSync(join(dir, 'data'))).toEqual(['pglite']);
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

// Only where there is a PostgreSQL to test against (TEST_DATABASE_URL).
for (const kind of testDbKinds.filter((k) => k === 'postgres')) {
  describe(`openDatabase on PostgreSQL with the migrations server.ts started [${kind}]`, () => {
    it("waits for the thread's migrations, then seeds; on the migrated database the thread applies none", async () => {
      const empty = await createTestDb({ kind, migrate: false });
      const env = loadEnv({ DATABASE_URL: empty.url ?? '' });
      try {
        const started = new MigrationThread(env.DATABASE_URL ?? '');
        logs.length = 0;
        const handle = await openDatabase(env, logger, new Date(), undefined, started);
        expect(logs).toEqual(['database migrated', 'fresh database: demo data seeded']);
        const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(handle.db);
        expect(await started.applied).toEqual(rows.map((row) => row.name));
        await handle.close();

        const again = new MigrationThread(env.DATABASE_URL ?? '');
        logs.length = 0;
        const reopened = await openDatabase(env, logger, new Date(), undefined, again);
        expect(await again.applied).toEqual([]);
        expect(logs).toEqual([]);
        await reopened.close();
      } finally {
        await empty.close();
      }
    }, 120_000);

    it("fails with the thread's error when the database cannot be migrated", async () => {
      const empty = await createTestDb({ kind, migrate: false });
      // Nothing listens on port 1: the thread cannot connect.
      const url = new URL(empty.url ?? '');
      url.port = '1';
      try {
        const env = loadEnv({ DATABASE_URL: url.href });
        await expect(openDatabase(env, logger, new Date(), undefined, new MigrationThread(url.href))).rejects.toThrow(/ECONNREFUSED/);
      } finally {
        await empty.close();
      }
    }, 60_000);
  });
}

describe('MigrationThread', () => {
  it('stops when closed before it answers', async () => {
    // A TEST-NET address that never answers: the thread would wait for its connection timeout.
    const thread = new MigrationThread('postgres://postgres@192.0.2.1:5432/none');
    await thread.close();
    await expect(thread.applied).rejects.toThrow(/exited/);
  });
});

describe('PgliteThread', () => {
  let thread: PgliteThread;
  afterAll(async () => {
    await thread?.close();
  });

  it("answers PGlite's queries from its thread: values as the dialect parses them, PostgreSQL's errors with their code", async () => {
    const dir = tempDir();
    thread = new PgliteThread(join(dir, 'pglite'));
    await thread.waitReady;
    const at = new Date('2026-11-29T10:00:00.000Z');
    const { rows } = await thread.query<{ big: bigint; at: Date; doc: unknown; bytes: Uint8Array }>(
      'select $1::bigint as big, $2::timestamptz as at, $3::jsonb as doc, $4::bytea as bytes',
      [9007199254740993n, at, JSON.stringify({ a: [1, 2] }), new Uint8Array([1, 2, 3])],
    );
    expect(rows).toEqual([{ big: 9007199254740993n, at, doc: { a: [1, 2] }, bytes: new Uint8Array([1, 2, 3]) }]);

    await thread.query('create table kept (id int primary key)', []);
    const insert = await thread.query('insert into kept values (1), (2)', []);
    expect(insert).toMatchObject({ command: 'INSERT', affectedRows: 2 });
    const duplicate = thread.query('insert into kept values (1)', []);
    await expect(duplicate).rejects.toMatchObject({ code: '23505', constraint: 'kept_pkey' });
    // The session goes on after an error.
    expect((await thread.query<{ n: number }>('select count(*)::int as n from kept', [])).rows).toEqual([{ n: 2 }]);

    await thread.close();
    expect(thread.closed).toBe(true);
    await expect(thread.query('select 1', [])).rejects.toThrow(/closed/);
    // Closed cleanly: the next open finds the table.
    thread = new PgliteThread(join(dir, 'pglite'));
    expect((await thread.query<{ id: number }>('select id from kept order by id', [])).rows).toEqual([{ id: 1 }, { id: 2 }]);
  }, 120_000);

  it('answers named statements as it answers queries: the same values, writes with their count, errors with their code, the session going on after one', async () => {
    thread = new PgliteThread(join(tempDir(), 'pglite'));
    await thread.waitReady;
    const values = "select $1::bigint as big, $2::timestamptz as at, $3::jsonb as doc, $4::bytea as bytes, $5::int as none, $6::int[] as ids, json_build_array(7, 'card') as built";
    const at = new Date('2026-11-29T10:00:00.000Z');
    const answer = ({ rows, command, affectedRows }: Awaited<ReturnType<PgliteThread['query']>>) => ({ rows, command, affectedRows });
    for (const params of [
      [9007199254740993n, at, JSON.stringify({ a: [1, 2] }), new Uint8Array([1, 2, 3]), null, [3, 1, 2]],
      [-1n, new Date(0), '"text"', new Uint8Array([]), null, []],
    ]) {
      const plain = answer(await thread.query(values, params));
      expect(plain.rows).toHaveLength(1);
      // Arrays go as arrays, json comes back parsed (a feed batch's opening statement reads its cards so).
      expect(plain.rows[0]).toMatchObject({ ids: params[5], built: [7, 'card'] });
      // Twice: parsed and described the first time, only bound and run the second.
      expect(answer(await thread.queryPrepared('t_values', values, params))).toEqual(plain);
      expect(answer(await thread.queryPrepared('t_values', values, params))).toEqual(plain);
    }

    await thread.query('create table named (id int primary key, name text not null)', []);
    const insert = 'insert into named (id, name) values ($1, $2)';
    expect(await thread.queryPrepared('t_insert', insert, [1, 'one'])).toMatchObject({ command: 'INSERT', affectedRows: 1 });
    await expect(thread.queryPrepared('t_insert', insert, [1, 'again'])).rejects.toMatchObject({ code: '23505', constraint: 'named_pkey' });
    await expect(thread.queryPrepared('t_insert', insert, ['not a number', 'x'])).rejects.toMatchObject({ code: '22P02' });
    await expect(thread.queryPrepared('t_bad', 'select from nowhere_at_all', [])).rejects.toMatchObject({ code: '42P01' });
    expect(await thread.queryPrepared('t_insert', insert, [2, 'two'])).toMatchObject({ affectedRows: 1 });
    // Inside a transaction, rolled back with it.
    await thread.query('begin', []);
    await thread.queryPrepared('t_insert', insert, [3, 'three']);
    await thread.query('rollback', []);
    expect((await thread.queryPrepared<{ id: number; name: string }>('t_all', 'select id, name from named order by id', [])).rows).toEqual([
      { id: 1, name: 'one' },
      { id: 2, name: 'two' },
    ]);
  }, 120_000);
});
