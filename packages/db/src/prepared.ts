/**
 * Statements run with the same text many times a second (the line's reads): on PostgreSQL
 * each is a named prepared statement, parsed and planned once per connection instead of
 * once per query. For a game's page planning took about as long as running (0.9 of 2 ms of
 * backend CPU). Their parameters are bound as for any query.
 *
 * A statement is named by its text: `prepared(text)` registers it, and the pool's clients
 * (create-db.ts) send a registered text by its name. Kysely's driver passes no name, so the
 * text is the key. The server's PGlite thread keeps them named too (decision 0047); PGlite
 * in-process (tests, tools) runs every statement as a query.
 *
 * Only texts that repeat belong here: each connection keeps every statement it prepared.
 * The registry stops naming new texts past `MAX_PREPARED`, so a caller that builds its text
 * from unbounded input cannot grow it without end.
 */
import { CompiledQuery, type Kysely, type QueryResult, type Transaction } from 'kysely';

export const MAX_PREPARED = 500;

const names = new Map<string, string>();

/** The statement name of a registered text; undefined for any other text. */
export function preparedName(text: string): string | undefined {
  return names.get(text);
}

/** Registers `text` (idempotent) and answers its name, or undefined when the registry is full. */
export function prepare(text: string): string | undefined {
  let name = names.get(text);
  if (name === undefined && names.size < MAX_PREPARED) {
    name = `betsite_${names.size + 1}`;
    names.set(text, name);
  }
  return name;
}

/**
 * Runs `text` (PostgreSQL's `$1`, `$2` … placeholders) with `parameters` as a prepared
 * statement, through Kysely's executor (its logging and connection handling), without
 * compiling anything per call.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function runPrepared<R>(db: Kysely<any> | Transaction<any>, text: string, parameters: readonly unknown[]): Promise<QueryResult<R>> {
  prepare(text);
  return db.executeQuery<R>(CompiledQuery.raw(text, [...parameters]));
}
