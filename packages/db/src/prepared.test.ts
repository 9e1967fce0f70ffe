import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { MAX_PREPARED, prepare, preparedName, runPrepared } from './prepared.ts';
import { describeEachDb } from './testing.ts';

/** Registered before the registry is filled below (names given are kept). */
const text = `select $1::int + 1 as next, $2::text as label`;
prepare(text);

describe('prepared statement names', () => {
  it('names a text once, and no other text', () => {
    const text = `select 'named once' as v where $1::int > 0`;
    const name = prepare(text);
    expect(name).toMatch(/^betsite_\d+$/);
    expect(prepare(text)).toBe(name);
    expect(preparedName(text)).toBe(name);
    expect(preparedName(`select 'never registered'`)).toBeUndefined();
    expect(prepare(`select 'another' as v`)).not.toBe(name);
  });

  it('stops naming new texts when full, and keeps the names it gave', () => {
    const first = prepare('select 1 as first_registered');
    for (let i = 0; prepare(`select ${i} as filler`) !== undefined; i++) if (i > MAX_PREPARED) throw new Error('the registry did not stop');
    expect(prepare('select 2 as past_the_end')).toBeUndefined();
    expect(prepare('select 1 as first_registered')).toBe(first);
  });
});

describeEachDb('runPrepared', (t) => {
  it('answers as the same statement sent as text, every time', async () => {
    for (let i = 0; i < 3; i++) {
      const { rows } = await runPrepared<{ next: number; label: string }>(t.db, text, [i, `run ${i}`]);
      expect(rows).toEqual([{ next: i + 1, label: `run ${i}` }]);
    }
  });

  it('is a named prepared statement of the connection on PostgreSQL', async () => {
    // One connection for both statements: a transaction holds it.
    const names = await t.db.transaction().execute(async (trx) => {
      await runPrepared(trx, text, [1, 'in a transaction']);
      const { rows } = await sql<{ name: string; statement: string }>`select name, statement from pg_prepared_statements`.execute(trx);
      return rows;
    });
    if (t.kind === 'postgres') expect(names).toContainEqual({ name: preparedName(text), statement: text });
    else expect(names).toEqual([]);
  });
});
