/** What the user config is made of, read from the database in one go. */
import { sql, type Kysely } from 'kysely';
import type { Database } from '@betsite/db';
import type { UserData } from '@betsite/domain';
import { disallowedSportsOf } from './disallowed-sports.ts';

/** SPEC §9: user_hide_balance defaults to true (as the accounts module). */
const DEFAULT_HIDE_BALANCE = true;

export interface PlayerRecord {
  id: string;
  accountNumber: bigint;
  email: string | null;
  phone: string | null;
  country: string;
  registrationType: 'fast_reg' | 'phone_reg' | 'full_reg' | 'soc_reg';
  activationType: number;
  banLevel: number;
  banVersion: number;
  createdAt: Date;
  emailVerifiedAt: Date | null;
  phoneVerifiedAt: Date | null;
  passwordChangedAt: Date | null;
  bonusChoice: number | null;
  userStatusId: number;
  internalVerificationStatus: number;
  verificationStatus: number;
  verificationStatusGroupCode: string | null;
  verificationTypes: string[];
  requestedAdditionalDocument: boolean;
  needIdentification: boolean;
  identificationBonus: boolean;
  lineCoefCut: boolean;
  liveCoefCut: boolean;
  requiredTransfer: boolean;
  userData: UserData;
  disallowedLine: number[];
  disallowedLive: number[];
  hasDeposit: boolean;
  hideBalance: boolean;
}

export async function loadPlayerRecord(db: Kysely<Database>, userId: string): Promise<PlayerRecord | null> {
  const user = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
  if (!user) return null;
  const profile = await db
    .selectFrom('user_profiles')
    .select([
      'name',
      'surname',
      'passport',
      'inn',
      'registration_address',
      'document_type_id',
      // `date` columns as text: the drivers would make local-midnight Dates of them.
      sql<string | null>`date_birthday::text`.as('date_birthday'),
      sql<string | null>`passport_date::text`.as('passport_date'),
      sql<string | null>`passport_end_date::text`.as('passport_end_date'),
    ])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  const sports = await disallowedSportsOf(db, userId);
  const deposit = await db
    .selectFrom('payments')
    .select('id')
    .where('user_id', '=', userId)
    .where('direction', '=', 'deposit')
    .where('status', '=', 'succeeded')
    .limit(1)
    .executeTakeFirst();
  const prefs = await db.selectFrom('account_preferences').select('hide_balance').where('user_id', '=', userId).executeTakeFirst();

  return {
    id: user.id,
    accountNumber: user.account_number,
    email: user.email,
    phone: user.phone,
    country: user.country,
    registrationType: user.registration_type,
    activationType: user.activation_type,
    banLevel: user.ban_level,
    banVersion: user.ban_version,
    createdAt: user.created_at,
    emailVerifiedAt: user.email_verified_at,
    phoneVerifiedAt: user.phone_verified_at,
    passwordChangedAt: user.password_changed_at,
    bonusChoice: user.bonus_choice,
    userStatusId: user.user_status_id,
    internalVerificationStatus: user.internal_verification_status,
    verificationStatus: user.verification_status,
    verificationStatusGroupCode: user.verification_status_group_code,
    verificationTypes: user.verification_types,
    requestedAdditionalDocument: user.requested_additional_document,
    needIdentification: user.need_identification,
    identificationBonus: user.identification_bonus,
    lineCoefCut: user.line_coef_cut,
    liveCoefCut: user.live_coef_cut,
    requiredTransfer: user.required_transfer,
    userData: {
      date_birthday: profile?.date_birthday ?? null,
      document_type_id: profile?.document_type_id ?? null,
      inn: profile?.inn ?? null,
      name: profile?.name ?? null,
      passport: profile?.passport ?? null,
      passport_date: profile?.passport_date ?? null,
      passport_end_date: profile?.passport_end_date ?? null,
      registration_address: profile?.registration_address ?? null,
      surname: profile?.surname ?? null,
    },
    disallowedLine: sports.line,
    disallowedLive: sports.live,
    hasDeposit: deposit !== undefined,
    hideBalance: prefs?.hide_balance ?? DEFAULT_HIDE_BALANCE,
  };
}

/** Records the bonus choice of a player who has none yet; false when one was made already. */
export async function chooseBonus(db: Kysely<Database>, userId: string, choice: number): Promise<boolean> {
  const updated = await db
    .updateTable('users')
    .set({ bonus_choice: choice })
    .where('id', '=', userId)
    .where('bonus_choice', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return updated !== undefined;
}
