import type { Kysely } from 'kysely';
import type { Database } from '@betsite/db';
import type { ConfigGroupsResponse } from '@betsite/contracts';

export async function listConfigGroups(db: Kysely<Database>): Promise<ConfigGroupsResponse['groups']> {
  return db.selectFrom('config_groups').select(['id', 'name', 'ref_id']).orderBy('id').execute();
}
