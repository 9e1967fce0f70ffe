import type { Kysely, Selectable } from 'kysely';
import type { Database, RedirectRulesTable } from '@betsite/db';
import type { RedirectRule, RedirectRuleInput } from '@betsite/contracts';

export async function listRedirectRules(db: Kysely<Database>): Promise<RedirectRule[]> {
  const rows = await db.selectFrom('redirect_rules').selectAll().orderBy('from_path').execute();
  return rows.map(toRedirectRule);
}

export async function insertRedirectRule(db: Kysely<Database>, rule: RedirectRuleInput, createdAt: Date): Promise<RedirectRule> {
  const row = await db
    .insertInto('redirect_rules')
    .values({ from_path: rule.fromPath, to_url: rule.toUrl, code: rule.code, reason: rule.reason, created_at: createdAt })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toRedirectRule(row);
}

export async function deleteRedirectRule(db: Kysely<Database>, id: string): Promise<boolean> {
  const result = await db.deleteFrom('redirect_rules').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

function toRedirectRule(row: Selectable<RedirectRulesTable>): RedirectRule {
  return {
    id: row.id,
    fromPath: row.from_path,
    toUrl: row.to_url,
    code: row.code,
    reason: row.reason,
    createdAt: row.created_at.toISOString(),
  };
}
