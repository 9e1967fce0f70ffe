import type { Migration } from 'kysely';
import * as m0001 from './0001_site_config.ts';
import * as m0002 from './0002_guard_rules.ts';
import * as m0003 from './0003_scheduled_jobs.ts';
import * as m0004 from './0004_users.ts';
import * as m0005 from './0005_sessions.ts';
import * as m0006 from './0006_ledger.ts';
import * as m0007 from './0007_account_preferences.ts';
import * as m0008 from './0008_payments.ts';
import * as m0009 from './0009_outbox_and_codes.ts';
import * as m0010 from './0010_player_security.ts';
import * as m0011 from './0011_social_and_qr.ts';
import * as m0012 from './0012_two_step_and_security.ts';
import * as m0013 from './0013_user_profile.ts';
import * as m0014 from './0014_payment_requests.ts';
import * as m0015 from './0015_sportsbook.ts';
import * as m0016 from './0016_feed_lease_generation.ts';
import * as m0017 from './0017_house_account_shards.ts';
import * as m0018 from './0018_coupons.ts';
import * as m0019 from './0019_coupon_settlement_index.ts';
import * as m0020 from './0020_coupon_cash_out_insurance_codes.ts';
import * as m0021 from './0021_coupon_vip_and_resettlement.ts';
import * as m0022 from './0022_player_limits.ts';
import * as m0023 from './0023_terms_acceptance.ts';
import * as m0024 from './0024_casino_rounds.ts';
import * as m0025 from './0025_casino_catalogue.ts';
import * as m0026 from './0026_rgs.ts';
import * as m0027 from './0027_casino_live.ts';
import * as m0028 from './0028_casino_shared_bets_player.ts';
import * as m0029 from './0029_line_list_rows.ts';
import * as m0030 from './0030_ledger_and_wallet_functions.ts';

/**
 * Every migration, by name. A static map rather than a folder scan, so migrations work
 * bundled or not. Add new files here; names sort in the order they run.
 */
export const migrations: Record<string, Migration> = {
  '0001_site_config': m0001,
  '0002_guard_rules': m0002,
  '0003_scheduled_jobs': m0003,
  '0004_users': m0004,
  '0005_sessions': m0005,
  '0006_ledger': m0006,
  '0007_account_preferences': m0007,
  '0008_payments': m0008,
  '0009_outbox_and_codes': m0009,
  '0010_player_security': m0010,
  '0011_social_and_qr': m0011,
  '0012_two_step_and_security': m0012,
  '0013_user_profile': m0013,
  '0014_payment_requests': m0014,
  '0015_sportsbook': m0015,
  '0016_feed_lease_generation': m0016,
  '0017_house_account_shards': m0017,
  '0018_coupons': m0018,
  '0019_coupon_settlement_index': m0019,
  '0020_coupon_cash_out_insurance_codes': m0020,
  '0021_coupon_vip_and_resettlement': m0021,
  '0022_player_limits': m0022,
  '0023_terms_acceptance': m0023,
  '0024_casino_rounds': m0024,
  '0025_casino_catalogue': m0025,
  '0026_rgs': m0026,
  '0027_casino_live': m0027,
  '0028_casino_shared_bets_player': m0028,
  '0029_line_list_rows': m0029,
  '0030_ledger_and_wallet_functions': m0030,
};
