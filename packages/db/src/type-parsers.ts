import { PGLITE_INT8_OID } from './pglite-settings.ts';

/**
 * How column values come back to JavaScript, the same in both dialects.
 *
 * BIGINT (int8, oid 20) is parsed as a JS `bigint`: money is stored as bigint minor units
 * and must never pass through a float. `pg` would give a string and PGlite a lossy
 * number; both are overridden here. A `bigint` is not JSON-serialisable, so code that
 * answers HTTP converts it explicitly (`String(v)`), which keeps the conversion visible.
 * NUMERIC stays a string, timestamptz a Date and json/jsonb parsed values (the defaults of both).
 * Parameters: pass `bigint` as is; pass json/jsonb as `JSON.stringify(value)` (pg would
 * turn a JS array parameter into a PostgreSQL array).
 */
export const INT8_OID = PGLITE_INT8_OID;

export function parseInt8(value: string): bigint {
  return BigInt(value);
}
