/**
 * A Kysely dialect for PGlite (PostgreSQL compiled to WebAssembly, running in-process).
 *
 * PGlite is one database session. Kysely assumes a pool: it acquires a connection for each
 * query, and holds one for the whole of a transaction. With a single session, two
 * "connections" handed out at once would interleave their statements inside one
 * transaction, so the driver hands out its only connection under a mutex: a transaction
 * holds the mutex from BEGIN to COMMIT and every other query waits for it.
 *
 * Consequence for callers: inside `db.transaction().execute(trx => …)` use `trx`, never
 * `db`; a query on `db` there waits for the transaction that waits for it (deadlock).
 */
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import { GatedDriver } from './gated-driver.ts';
import { preparedName } from './prepared.ts';

/**
 * What the dialect needs of a PGlite session: PGlite itself, or PGlite in a worker thread
 * (the server's, apps/server/src/pglite-thread.ts).
 */
export interface PgliteSession {
  readonly waitReady: Promise<void>;
  readonly closed: boolean;
  query<R>(sql: string, params: unknown[], options: { rowMode: 'object' }): Promise<{ rows: R[]; command?: string; affectedRows?: number }>;
  /** A registered statement (prepared.ts) by its name, where the session keeps named statements (the server's PGlite thread). */
  queryPrepared?<R>(name: string, sql: string, params: unknown[]): Promise<{ rows: R[]; command?: string; affectedRows?: number }>;
  close(): Promise<void>;
}

export class PGliteDialect implements Dialect {
  readonly #source: PgliteSession | Promise<PgliteSession> | PGliteDriver;
  readonly #gate: Promise<unknown> | undefined;

  /**
   * The dialect owns `pglite`: destroying the Kysely instance closes it. A promise: PGlite
   * still opening, the first query waits for it. A driver: another Kysely instance's session
   * (one mutex for both). `gate`: the first query also waits for it (the migrations another
   * instance runs first).
   */
  constructor(source: PgliteSession | Promise<PgliteSession> | PGliteDriver, gate?: Promise<unknown>) {
    this.#source = source;
    this.#gate = gate;
  }

  createAdapter(): DialectAdapter {
    return new PostgresAdapter();
  }

  createDriver(): Driver {
    const driver = this.#source instanceof PGliteDriver ? this.#source : new PGliteDriver(this.#source);
    return this.#gate ? new GatedDriver(driver, this.#gate) : driver;
  }

  // Kysely's signature uses Kysely<any>.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return new PostgresIntrospector(db);
  }

  createQueryCompiler(): QueryCompiler {
    return new PostgresQueryCompiler();
  }
}

/** First come, first served lock; `unlock` hands the lock straight to the next waiter. */
export class Mutex {
  #locked = false;
  readonly #waiters: (() => void)[] = [];

  async lock(): Promise<void> {
    if (!this.#locked) {
      this.#locked = true;
      return;
    }
    await new Promise<void>((resolve) => this.#waiters.push(resolve));
  }

  unlock(): void {
    const next = this.#waiters.shift();
    if (next) next();
    else this.#locked = false;
  }
}

export class PGliteDriver implements Driver {
  readonly #opening: Promise<PgliteSession>;
  #pglite: PgliteSession | undefined;
  #connection: PGliteConnection | undefined;
  readonly #mutex = new Mutex();
  #destroyed = false;

  constructor(pglite: PgliteSession | Promise<PgliteSession>) {
    this.#opening = Promise.resolve(pglite);
  }

  async init(): Promise<void> {
    if (this.#connection) return;
    const pglite = await this.#opening;
    await pglite.waitReady;
    this.#pglite = pglite;
    this.#connection ??= new PGliteConnection(pglite);
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.#mutex.lock();
    if (this.#destroyed || !this.#connection) {
      this.#mutex.unlock();
      throw new Error(this.#destroyed ? 'driver has already been destroyed' : 'driver is not initialised');
    }
    return this.#connection;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const options = [
      settings.isolationLevel ? `isolation level ${settings.isolationLevel}` : '',
      settings.accessMode ?? '',
    ].filter(Boolean);
    await connection.executeQuery(CompiledQuery.raw(options.length ? `start transaction ${options.join(' ')}` : 'begin'));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async savepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`savepoint ${quoteIdentifier(name)}`));
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`rollback to savepoint ${quoteIdentifier(name)}`));
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`release savepoint ${quoteIdentifier(name)}`));
  }

  async releaseConnection(): Promise<void> {
    this.#mutex.unlock();
  }

  /** Waits for the running query or transaction to finish, then closes PGlite. */
  async destroy(): Promise<void> {
    if (this.#destroyed) return;
    await this.#mutex.lock();
    try {
      this.#destroyed = true;
      // Still opening: closed once open (an open that failed has nothing to close).
      const pglite = this.#pglite ?? (await this.#opening.catch(() => undefined));
      if (pglite && !pglite.closed) await pglite.close();
    } finally {
      this.#mutex.unlock();
    }
  }
}

const WRITE_COMMANDS = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE']);

/** Back-to-back queries longer than this give the event loop a turn before the next one. */
export const QUERY_RUN_MS = 20;

/**
 * PGlite runs a statement synchronously and its promise is already settled when it returns,
 * so code awaiting query after query (a start-up's catalogue upsert, a settlement run) runs
 * as one chain of microtasks: no timer fires and no request is read until the chain ends.
 * Before a query, if the event loop has not turned for QUERY_RUN_MS, this waits for one turn
 * (`setImmediate` runs after the I/O of that turn), so requests keep being answered.
 */
export class EventLoopTurns {
  #runSince = 0;
  #turnPending = false;
  readonly #turned = () => {
    this.#turnPending = false;
  };

  /** Resolves at once, or after the event loop's next turn when queries have held it QUERY_RUN_MS. */
  async beforeQuery(): Promise<void> {
    if (!this.#turnPending) {
      this.#turnPending = true;
      this.#runSince = performance.now();
      setImmediate(this.#turned);
      return;
    }
    if (performance.now() - this.#runSince < QUERY_RUN_MS) return;
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

class PGliteConnection implements DatabaseConnection {
  readonly #pglite: PgliteSession;
  readonly #turns = new EventLoopTurns();

  constructor(pglite: PgliteSession) {
    this.#pglite = pglite;
  }

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    await this.#turns.beforeQuery();
    const { sql } = compiledQuery;
    const params = [...compiledQuery.parameters];
    const name = preparedName(sql);
    const result = name !== undefined && this.#pglite.queryPrepared ? await this.#pglite.queryPrepared<R>(name, sql, params) : await this.#pglite.query<R>(sql, params, { rowMode: 'object' });
    return {
      rows: result.rows,
      numAffectedRows:
        result.command !== undefined && WRITE_COMMANDS.has(result.command) ? BigInt(result.affectedRows ?? 0) : undefined,
    };
  }

  /** PGlite has no cursors: the whole result is read, then handed out in chunks. */
  async *streamQuery<R>(compiledQuery: CompiledQuery, chunkSize = 100): AsyncIterableIterator<QueryResult<R>> {
    const { rows } = await this.executeQuery<R>(compiledQuery);
    for (let i = 0; i < rows.length; i += chunkSize) yield { rows: rows.slice(i, i + chunkSize) };
  }
}

function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
