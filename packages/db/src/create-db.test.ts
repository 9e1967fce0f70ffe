import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createDb, deferredPglite, deferredPostgres, openPgliteCluster } from './create-db.ts';
import { createTestDb, describeEachDb, testDbKinds } from './testing.ts';

describeEachDb('createDb', (t) => {
  it('parses BIGINT as a JS bigint, beyond the float range', async () => {
    const { rows } = await sql<{ big: bigint }>`select ${9007199254740993n}::bigint as big`.execute(t.db);
    expect(rows[0]?.big).toBe(9007199254740993n);
  });

  it('answers timestamps as Date and jsonb as parsed JSON', async () => {
    const { rows } = await sql<{ at: Date; doc: unknown }>`select '2030-01-02T03:04:05Z'::timestamptz as at, ${JSON.stringify([1, { a: 2 }])}::jsonb as doc`.execute(t.db);
    expect(rows[0]?.at).toEqual(new Date('2030-01-02T03:04:05Z'));
    expect(rows[0]?.doc).toEqual([1, { a: 2 }]);
  });

  it('pings while open', async () => {
    expect(await t.handle.ping()).toBe(true);
  });
});

describe('createDb with PGlite on disk', () => {
  it('keeps data across restarts and stops answering pings once closed', async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'betsite-db-')), 'pglite');
    try {
      const first = await createDb({ dataDir });
      expect(first.kind).toBe('pglite');
      // A small buffer cache: it is resident memory of the server process.
      const { rows: buffers } = await sql<{ shared_buffers: string }>`show shared_buffers`.execute(first.db);
      expect(buffers[0]?.shared_buffers).toBe('16MB');
      await sql`create table kept (v text)`.execute(first.db);
      await sql`insert into kept values ('still here')`.execute(first.db);
      await first.close();
      expect(await first.ping()).toBe(false);

      const second = await createDb({ dataDir });
      const { rows } = await sql<{ v: string }>`select v from kept`.execute(second.db);
      expect(rows).toEqual([{ v: 'still here' }]);
      await second.close();
    } finally {
      rmSync(join(dataDir, '..'), { recursive: true, force: true });
    }
  });
});

describe('deferredPglite', () => {
  it('answers at once; its queries wait for PGlite to open and for the setup to finish first', async () => {
    let open!: () => void;
    const opening = new Promise<void>((resolve) => (open = resolve)).then(() => openPgliteCluster(undefined));
    const order: string[] = [];
    const { handle, ready } = deferredPglite(opening, async (db) => {
      await sql`create table early (id int)`.execute(db);
      await sql`insert into early values (1)`.execute(db);
      order.push('setup');
    });
    const query = sql<{ n: number }>`select count(*)::int as n from early`.execute(handle.db).then((r) => {
      order.push('query');
      return r.rows[0]?.n;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(order).toEqual([]);
    open();
    expect(await query).toBe(1);
    await ready;
    expect(order).toEqual(['setup', 'query']);
    expect(await handle.ping()).toBe(true);
    await handle.close();
    expect(await handle.ping()).toBe(false);
  });

  it('fails its queries and ready when the setup fails, and still closes', async () => {
    const { handle, ready } = deferredPglite(openPgliteCluster(undefined), async (db) => {
      await sql`select * from no_such_table`.execute(db);
    });
    await expect(ready).rejects.toThrow(/no_such_table/);
    await expect(sql`select 1`.execute(handle.db)).rejects.toThrow(/no_such_table/);
    await handle.close();
  });
});

// Only where there is a PostgreSQL to test against (TEST_DATABASE_URL).
for (const kind of testDbKinds.filter((k) => k === 'postgres')) {
  describe(`deferredPostgres [${kind}]`, () => {
    it('answers at once; its queries wait for the setup to finish first', async () => {
      const empty = await createTestDb({ kind, migrate: false });
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      const order: string[] = [];
      const { handle, ready } = await deferredPostgres(empty.url ?? '', async (db) => {
        await held;
        await sql`create table early (id int)`.execute(db);
        await sql`insert into early values (1)`.execute(db);
        order.push('setup');
      });
      try {
        const query = sql<{ n: number }>`select count(*)::int as n from early`.execute(handle.db).then((r) => {
          order.push('query');
          return r.rows[0]?.n;
        });
        await new Promise((resolve) => setTimeout(resolve, 20));
        expect(order).toEqual([]);
        release();
        expect(await query).toBe(1);
        await ready;
        expect(order).toEqual(['setup', 'query']);
        expect(await handle.ping()).toBe(true);
      } finally {
        await handle.close();
        await empty.close();
      }
      expect(await handle.ping()).toBe(false);
    });

    it('fails its queries and ready when the setup fails, and still closes', async () => {
      const empty = await createTestDb({ kind, migrate: false });
      const { handle, ready } = await deferredPostgres(empty.url ?? '', async (db) => {
        await sql`select * from no_such_table`.execute(db);
      });
      try {
        await expect(ready).rejects.toThrow(/no_such_table/);
        await expect(sql`select 1`.execute(handle.db)).rejects.toThrow(/no_such_table/);
      } finally {
        await handle.close();
        await empty.close();
      }
    });
  });
}
