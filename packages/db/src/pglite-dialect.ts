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
import type { PGlite } from '@electric-sql/pglite';
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

export class PGliteDialect implements Dialect {
  readonly #source: PGlite | Promise<PGlite> | PGliteDriver;
  readonly #gate: Promise<unknown> | undefined;

  /**
   * The dialect owns `pglite`: destroying the Kysely instance closes it. A promise: PGlite
   * still opening, the first query waits for it. A driver: another Kysely instance's session
   * (one mutex for both). `gate`: the first query also waits for it (the migrations another
   * instance runs first).
   */
  constructor(source: PGlite | Promise<PGlite> | PGliteDriver, gate?: Promise<unknown>) {
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
  readonly #opening: Promise<PGlite>;
  #pglite: PGlite | undefined;
  #connection: PGliteConnection | undefined;
  readonly #mutex = new Mutex();
  #destroyed = false;

  constructor(pglite: PGlite | Promise<PGlite>) {
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

/** A driver whose first use waits for `gate` (the setup another Kysely instance runs on the same session). */
class GatedDriver implements Driver {
  constructor(
    readonly inner: PGliteDriver,
    readonly gate: Promise<unknown>,
  ) {}

  async init(): Promise<void> {
    await this.gate;
    await this.inner.init();
  }

  acquireConnection = () => this.inner.acquireConnection();
  beginTransaction = (connection: DatabaseConnection, settings: TransactionSettings) => this.inner.beginTransaction(connection, settings);
  commitTransaction = (connection: DatabaseConnection) => this.inner.commitTransaction(connection);
  rollbackTransaction = (connection: DatabaseConnection) => this.inner.rollbackTransaction(connection);
  savepoint = (connection: DatabaseConnection, name: string) => this.inner.savepoint(connection, name);
  rollbackToSavepoint = (connection: DatabaseConnection, name: string) => this.inner.rollbackToSavepoint(connection, name);
  releaseSavepoint = (connection: DatabaseConnection, name: string) => this.inner.releaseSavepoint(connection, name);
  releaseConnection = () => this.inner.releaseConnection();
  destroy = () => this.inner.destroy();
}

const WRITE_COMMANDS = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE']);

class PGliteConnection implements DatabaseConnection {
  readonly #pglite: PGlite;

  constructor(pglite: PGlite) {
    this.#pglite = pglite;
  }

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.#pglite.query<R>(compiledQuery.sql, [...compiledQuery.parameters], { rowMode: 'object' });
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
