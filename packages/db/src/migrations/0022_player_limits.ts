import { sql, type Kysely } from 'kysely';

/**
 * Player limits (issue 12, decision 0019).
 *
 * `player_protection`: one row per player who ever set a limit — the row deposits and bets
 * lock (`for update`) to check the limits and insert their money movement in one transaction,
 * so two concurrent ones never both pass a limit. It also holds the money limits' currency
 * (the main account's when first set), today's session time (pings), and the reality check's
 * stored next-show time (survives a reload), and loosening changes held for the questionnaire.
 *
 * `player_limits`: one row per player and SPEC limit type: the value in force, when it started
 * (and, for exclusions, ends), a pending raise or removal and since when.
 *
 * `player_limit_audit`: append-only (a trigger refuses update and delete): who, when, what
 * type, old and new value, the state after.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('player_protection')
    .addColumn('user_id', 'uuid', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('currency', 'char(3)', (col) => col.notNull())
    .addColumn('session_day', 'timestamptz')
    .addColumn('session_used_seconds', 'integer', (col) => col.notNull().defaultTo(0).check(sql`session_used_seconds >= 0`))
    .addColumn('session_last_ping_at', 'timestamptz')
    .addColumn('reality_show_at', 'timestamptz')
    .addColumn('reality_do_not_show', 'boolean', (col) => col.notNull().defaultTo(false))
    // Changes held for the questionnaire (site.protection.questionnaireRequired): its token and the changes.
    .addColumn('questionnaire_token', 'uuid')
    .addColumn('questionnaire_changes', 'jsonb')
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('player_limits')
    .addColumn('user_id', 'uuid', (col) => col.notNull().references('player_protection.user_id').onDelete('cascade'))
    .addColumn('limit_type', 'smallint', (col) => col.notNull().check(sql`limit_type in (1, 2, 3, 10, 11, 12, 20, 21, 22, 30, 31, 32, 33)`))
    .addColumn('value', 'integer')
    .addColumn('started_at', 'timestamptz')
    .addColumn('ends_at', 'timestamptz')
    .addColumn('pending_value', 'integer')
    .addColumn('pending_since', 'timestamptz')
    .addColumn('reason', 'smallint')
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull())
    .addPrimaryKeyConstraint('player_limits_pk', ['user_id', 'limit_type'])
    .addCheckConstraint('player_limits_pending_pair', sql`(pending_value is null) = (pending_since is null)`)
    .execute();

  await db.schema
    .createTable('player_limit_audit')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'uuid', (col) => col.notNull().references('users.id'))
    .addColumn('limit_type', 'smallint', (col) => col.notNull())
    .addColumn('actor', 'text', (col) => col.notNull().check(sql`actor in ('player', 'operator', 'system')`))
    .addColumn('action', 'text', (col) => col.notNull().check(sql`length(action) between 1 and 40`))
    .addColumn('old_value', 'integer')
    .addColumn('new_value', 'integer')
    .addColumn('state', 'text', (col) => col.notNull().check(sql`state in ('PENDING', 'ACTIVE', 'INACTIVE')`))
    .addColumn('at', 'timestamptz', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('player_limit_audit_user').on('player_limit_audit').columns(['user_id', 'id']).execute();

  // Append-only, whatever code writes: an audit row is never changed or removed.
  await sql`
    create function player_limit_audit_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'player_limit_audit is append-only' using errcode = 'check_violation';
    end $$`.execute(db);
  await sql`
    create trigger player_limit_audit_append_only before update or delete on player_limit_audit
    for each row execute function player_limit_audit_append_only()`.execute(db);

  // Deposits in a rolling period per player (the deposit-limit usage).
  await db.schema.createIndex('payments_user_created').on('payments').columns(['user_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('payments_user_created').execute();
  await db.schema.dropTable('player_limit_audit').execute();
  await sql`drop function player_limit_audit_append_only()`.execute(db);
  await db.schema.dropTable('player_limits').execute();
  await db.schema.dropTable('player_protection').execute();
}
