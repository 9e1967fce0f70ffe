import { setTimeout as sleep } from 'node:timers/promises';
import { Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventLoopTurns, Mutex, PGliteDialect, QUERY_RUN_MS, type PgliteSession } from './pglite-dialect.ts';
import { prepare, runPrepared } from './prepared.ts';
import { createTestDb, type TestDb } from './testing.ts';

describe('Mutex', () => {
  it('hands the lock to waiters in arrival order', async () => {
    const mutex = new Mutex();
    const order: string[] = [];
    await mutex.lock();
    const waiters = ['b', 'c'].map(async (name) => {
      await mutex.lock();
      order.push(name);
      mutex.unlock();
    });
    order.push('a');
    mutex.unlock();
    await Promise.all(waiters);
    expect(order).toEqual(['a', 'b', 'c']);
  });
});

describe('EventLoopTurns', () => {
  it('lets back-to-back synchronous work hold the event loop for QUERY_RUN_MS, then gives it a turn', async () => {
    const turns = new EventLoopTurns();
    let turned = false;
    setImmediate(() => {
      turned = true;
    });
    const started = performance.now();
    let heldFor = 0;
    let queries = 0;
    while (!turned) {
      await turns.beforeQuery();
      if (turned) break;
      // A PGlite query: synchronous work whose promise is settled when it returns.
      const until = performance.now() + 2;
      while (performance.now() < until);
      heldFor = performance.now() - started;
      queries++;
    }
    // Everything before the turn was microtasks, so the callback could not run any sooner.
    expect(heldFor).toBeGreaterThanOrEqual(QUERY_RUN_MS);
    expect(queries).toBeGreaterThan(1);
  });
});

describe('PGlite dialect', () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb({ migrate: false });
    await sql`create table events (seq serial primary key, tx text not null)`.execute(t.db);
  });
  afterAll(() => t.close());

  it('runs concurrent transactions one after the other, never interleaved', async () => {
    const insert = (tx: string) => sql`insert into events (tx) values (${tx})`;
    const slow = t.db.transaction().execute(async (trx) => {
      await insert('slow').execute(trx);
      await sleep(30);
      await insert('slow').execute(trx);
    });
    const fast = t.db.transaction().execute(async (trx) => {
      await insert('fast').execute(trx);
      await insert('fast').execute(trx);
    });
    // A plain query issued meanwhile waits for the running transaction too.
    const plain = insert('plain').execute(t.db);
    await Promise.all([slow, fast, plain]);

    const { rows } = await sql<{ tx: string }>`select tx from events order by seq`.execute(t.db);
    expect(rows.map((r) => r.tx)).toEqual(['slow', 'slow', 'fast', 'fast', 'plain']);
  });

  it('gives the event loop a turn during a long run of back-to-back queries', async () => {
    // Each PGlite query settles at once: without the turn this loop would be one chain of
    // microtasks, and the callback (a request, a timer) would wait for the whole of it.
    let turned = false;
    setImmediate(() => {
      turned = true;
    });
    const started = performance.now();
    while (!turned && performance.now() - started < 3_000) await sql`select 1`.execute(t.db);
    expect(turned).toBe(true);
    expect(performance.now() - started).toBeLessThan(QUERY_RUN_MS + 1_000);
  });

  it('rolls back only the failing transaction', async () => {
    await sql`truncate events`.execute(t.db);
    const failing = t.db.transaction().execute(async (trx) => {
      await sql`insert into events (tx) values ('failing')`.execute(trx);
      await sleep(20);
      throw new Error('boom');
    });
    const committed = t.db.transaction().execute((trx) => sql`insert into events (tx) values ('committed')`.execute(trx));
    await expect(failing).rejects.toThrow('boom');
    await committed;

    const { rows } = await sql<{ tx: string }>`select tx from events`.execute(t.db);
    expect(rows.map((r) => r.tx)).toEqual(['committed']);
  });

  it('reports affected rows for writes', async () => {
    await sql`truncate events`.execute(t.db);
    await sql`insert into events (tx) values ('x'), ('y')`.execute(t.db);
    const result = await sql`update events set tx = 'z'`.execute(t.db);
    expect(result.numAffectedRows).toBe(2n);
  });
});

describe('PGlite dialect with a session that keeps named statements', () => {
  it('sends a registered text by its name and any other text as a query', async () => {
    const asked: string[] = [];
    const answer = { rows: [{ one: 1 }], command: 'SELECT' };
    const session: PgliteSession = {
      waitReady: Promise.resolve(),
      closed: false,
      query: (text) => {
        asked.push(`query ${text}`);
        return Promise.resolve(answer as never);
      },
      queryPrepared: (name, text, params) => {
        asked.push(`${name} ${text} ${JSON.stringify(params)}`);
        return Promise.resolve(answer as never);
      },
      close: () => Promise.resolve(),
    };
    const db = new Kysely<Record<string, never>>({ dialect: new PGliteDialect(session) });
    const text = 'select $1::int as one -- pglite-dialect.test';
    const name = prepare(text);
    expect((await runPrepared<{ one: number }>(db, text, [1])).rows).toEqual([{ one: 1 }]);
    await sql`select ${2}::int as one`.execute(db);
    expect(asked).toEqual([`${name} ${text} [1]`, 'query select $1::int as one']);
  });
});
