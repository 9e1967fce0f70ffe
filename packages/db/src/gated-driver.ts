/**
 * A driver whose first use waits for `gate`: the setup (migrations, seeding) another Kysely
 * instance runs on the same database first, so a server builds its application meanwhile
 * (decision 0036). A gate that fails fails every query with its error.
 */
import type { DatabaseConnection, Driver, QueryCompiler, TransactionSettings } from 'kysely';

type Compile = QueryCompiler['compileQuery'];

export class GatedDriver implements Driver {
  constructor(
    readonly inner: Driver,
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
  savepoint = (connection: DatabaseConnection, name: string, compile: Compile) => this.#inner('savepoint').call(this.inner, connection, name, compile);
  rollbackToSavepoint = (connection: DatabaseConnection, name: string, compile: Compile) => this.#inner('rollbackToSavepoint').call(this.inner, connection, name, compile);
  releaseSavepoint = (connection: DatabaseConnection, name: string, compile: Compile) => this.#inner('releaseSavepoint').call(this.inner, connection, name, compile);
  releaseConnection = (connection: DatabaseConnection) => this.inner.releaseConnection(connection);
  destroy = () => this.inner.destroy();

  #inner(method: 'savepoint' | 'rollbackToSavepoint' | 'releaseSavepoint') {
    const call = this.inner[method];
    if (!call) throw new Error(`the driver does not support ${method}`);
    return call;
  }
}
