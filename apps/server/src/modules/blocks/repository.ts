import type { Kysely, Selectable } from 'kysely';
import type { BlockRulesTable, Database } from '@betsite/db';
import type { BlockReason, BlockRule } from '@betsite/contracts';

/** Newest first (the matcher's tie-break). */
export async function listBlockRules(db: Kysely<Database>): Promise<BlockRule[]> {
  const rows = await db.selectFrom('block_rules').selectAll().orderBy('created_at', 'desc').orderBy('id').execute();
  return rows.map(toBlockRule);
}

export interface NewBlockRule {
  reason: BlockReason;
  country: string | null;
  /** `address/prefix`; PostgreSQL (cidr) rejects host bits and stores the canonical form. */
  ipRange: string | null;
  userId: string | null;
  displayTypeId: number | null;
  templateTypeId: number | null;
  createdAt: Date;
}

export async function insertBlockRule(db: Kysely<Database>, rule: NewBlockRule): Promise<BlockRule> {
  const row = await db
    .insertInto('block_rules')
    .values({
      reason: rule.reason,
      country: rule.country,
      ip_range: rule.ipRange,
      user_id: rule.userId,
      display_type_id: rule.displayTypeId,
      template_type_id: rule.templateTypeId,
      created_at: rule.createdAt,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toBlockRule(row);
}

export async function deleteBlockRule(db: Kysely<Database>, id: string): Promise<boolean> {
  const result = await db.deleteFrom('block_rules').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

function toBlockRule(row: Selectable<BlockRulesTable>): BlockRule {
  return {
    id: row.id,
    // The operator API only stores valid reasons.
    reason: row.reason as BlockReason,
    country: row.country,
    ipRange: row.ip_range,
    userId: row.user_id,
    displayTypeId: row.display_type_id,
    templateTypeId: row.template_type_id,
    createdAt: row.created_at.toISOString(),
  };
}
