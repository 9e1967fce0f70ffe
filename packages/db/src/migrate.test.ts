import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { migrateDown, migrateDownAll, migrateToLatest } from './migrate.ts';
import { migrations } from './migrations/index.ts';
import { describeEachDb } from './testing.ts';

const TABLES = [
  'account_closures',
  'account_preferences',
  'activation_tokens',
  'block_rules',
  'captcha_challenges',
  'casino_categories',
  'casino_favorites',
  'casino_games',
  'casino_launch_tokens',
  'casino_providers',
  'casino_recent',
  'casino_rounds',
  'casino_shared_bets',
  'casino_shared_rounds',
  'casino_wallet_transactions',
  'champs',
  'config_groups',
  'countries',
  'coupon_codes',
  'coupon_resettlements',
  'coupon_selections',
  'coupons',
  'feed_cursors',
  'games',
  'ledger_accounts',
  'ledger_entries',
  'ledger_transactions',
  'line_list_rows',
  'login_attempts',
  'login_tokens',
  'markets',
  'outbox',
  'outcomes',
  'payment_request_messages',
  'payment_request_subtopics',
  'payment_request_topics',
  'payment_requests',
  'payments',
  'player_limit_audit',
  'player_limits',
  'player_protection',
  'qr_login_requests',
  'redirect_rules',
  'rgs_rounds',
  'rgs_seeds',
  'rgs_sessions',
  'sandbox_idp_codes',
  'scheduled_jobs',
  'security_answers',
  'sessions',
  'site_config',
  'social_auth_states',
  'social_identities',
  'social_one_tap_uses',
  'social_pending_registrations',
  'sports',
  'teams',
  'two_step_recovery_codes',
  'two_step_secrets',
  'two_step_tickets',
  'user_disallowed_sports',
  'user_profiles',
  'users',
  'verification_codes',
];
const NAMES = Object.keys(migrations);

describeEachDb(
  'migrations',
  (t) => {
    const tables = async () => {
      const { rows } = await sql<{ table_name: string }>`
        select table_name from information_schema.tables
        where table_schema = 'public' and table_name not like 'kysely_%' order by table_name`.execute(t.db);
      return rows.map((r) => r.table_name);
    };
    // Every column and index of every table, and every function: what a migration changes, whether or not it adds tables.
    const shape = async () => {
      const { rows } = await sql<{ c: string }>`
        select table_name || '.' || column_name as c from information_schema.columns
        where table_schema = 'public' and table_name not like 'kysely_%'
        union all
        select tablename || ' index ' || indexname from pg_indexes
        where schemaname = 'public' and tablename not like 'kysely_%'
        union all
        select 'function ' || p.proname from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = 'public' order by 1`.execute(t.db);
      return rows.map((r) => r.c);
    };

    it('go up, down one by one, and up again', async () => {
      expect(await migrateToLatest(t.db)).toEqual(Object.keys(migrations));
      expect(await tables()).toEqual(TABLES);
      expect(await migrateToLatest(t.db)).toEqual([]);
      const latest = await shape();

      expect(await migrateDown(t.db)).toEqual(NAMES.slice(-1));
      expect(await shape()).not.toEqual(latest);
      expect(await migrateToLatest(t.db)).toEqual(NAMES.slice(-1));
      expect(await shape()).toEqual(latest);

      expect(await migrateDownAll(t.db)).toEqual(NAMES.slice().reverse());
      expect(await tables()).toEqual([]);

      expect(await migrateToLatest(t.db)).toEqual(Object.keys(migrations));
      expect(await tables()).toEqual(TABLES);
    });

    it('enforce the block rule and redirect constraints', async () => {
      const rule = { reason: 1, country: null, ip_range: null, user_id: null };
      await expect(t.db.insertInto('block_rules').values(rule).execute()).rejects.toThrow(/block_rules_one_target/);
      await expect(t.db.insertInto('block_rules').values({ ...rule, country: 'RU', user_id: 'u1' }).execute()).rejects.toThrow(
        /block_rules_one_target/,
      );
      await expect(t.db.insertInto('block_rules').values({ ...rule, country: 'ru' }).execute()).rejects.toThrow(/check constraint/);
      const redirect = { from_path: '/a', to_url: '/b', reason: 'moved' };
      // @ts-expect-error 300 is not a redirect code we allow; the database refuses it too.
      await expect(t.db.insertInto('redirect_rules').values({ ...redirect, code: 300 }).execute()).rejects.toThrow(/check constraint/);
      await t.db.insertInto('redirect_rules').values({ ...redirect, code: 301 }).execute();
      await expect(t.db.insertInto('redirect_rules').values({ ...redirect, code: 302 }).execute()).rejects.toThrow(/unique/);
    });

    it('give players unique, normalised e-mails and phones and sequential account numbers', async () => {
      await migrateToLatest(t.db);
      const player = { password_hash: 'x', registration_type: 'full_reg' as const, country: 'GB', currency: 'GBP', language: 'en' };
      const [a, b] = await t.db
        .insertInto('users')
        .values([
          { ...player, email: 'a@example.com' },
          { ...player, phone: '+447700900123' },
        ])
        .returning(['account_number'])
        .execute();
      expect(b!.account_number - a!.account_number).toBe(1n);
      await expect(t.db.insertInto('users').values({ ...player, email: 'a@example.com' }).execute()).rejects.toThrow(/unique/);
      await expect(t.db.insertInto('users').values({ ...player, email: 'A@example.com' }).execute()).rejects.toThrow(/check constraint/);
      await expect(t.db.insertInto('users').values({ ...player, phone: '07700900123' }).execute()).rejects.toThrow(/check constraint/);
    });
  },
  { migrate: false },
);
