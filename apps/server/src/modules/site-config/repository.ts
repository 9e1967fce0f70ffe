import type { Kysely, Transaction } from 'kysely';
import type { Database, JsonObject } from '@betsite/db';

export interface StoredSiteConfig {
  document: JsonObject;
  version: bigint;
}

export async function readSiteConfig(db: Kysely<Database>): Promise<StoredSiteConfig | undefined> {
  return db.selectFrom('site_config').select(['document', 'version']).where('id', '=', 1).executeTakeFirst();
}

/** Reads the row and locks it until the transaction ends, so concurrent patches apply one after the other. */
export async function lockSiteConfig(trx: Transaction<Database>): Promise<StoredSiteConfig | undefined> {
  return trx.selectFrom('site_config').select(['document', 'version']).where('id', '=', 1).forUpdate().executeTakeFirst();
}

export async function writeSiteConfig(trx: Transaction<Database>, document: object, updatedAt: Date): Promise<bigint> {
  const row = await trx
    .updateTable('site_config')
    .set((eb) => ({ document: JSON.stringify(document), version: eb('version', '+', 1n), updated_at: updatedAt }))
    .where('id', '=', 1)
    .returning('version')
    .executeTakeFirstOrThrow();
  return row.version;
}
