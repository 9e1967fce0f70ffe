/**
 * The SPEC §3 user config and the rights of a player, from their record (repository.ts),
 * their protection (security module) and the site config. The rules themselves are the
 * domain's (verification.ts).
 */
import type { BonusChoice, Protection, RightsResponse, SiteConfig, UserConfig } from '@betsite/contracts';
import {
  areContactsFilled,
  findPhoneCountry,
  isProfileComplete,
  isVerified,
  playerRights,
  remainingDaysToActivate,
  type ActivationType,
  type PlayerState,
} from '@betsite/domain';
import { phoneParts } from './phone-parts.ts';
import type { PlayerRecord } from './repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

function playerState(record: PlayerRecord, site: SiteConfig, now: number): PlayerState {
  return {
    banLevel: record.banLevel,
    internalVerificationStatus: record.internalVerificationStatus,
    verificationStatusGroupCode: record.verificationStatusGroupCode,
    requestedAdditionalDocument: record.requestedAdditionalDocument,
    needsIdentification: record.needIdentification,
    remainingDaysToActivate: daysToActivate(record, site, now),
  };
}

/** SPEC remaining_days_to_activate of a player's row (null: nothing to confirm). */
export function daysToActivate(
  user: Pick<PlayerRecord, 'registrationType' | 'email' | 'emailVerifiedAt' | 'createdAt'>,
  site: SiteConfig,
  now: number,
): number | null {
  return remainingDaysToActivate({
    // Only e-mail registrations confirm by link; others proved a phone, a social account or nothing to confirm.
    needsEmailActivation: user.registrationType === 'full_reg' && user.email !== null,
    emailVerifiedAt: user.emailVerifiedAt?.getTime() ?? null,
    registeredAt: user.createdAt.getTime(),
    now,
    periodDays: site.session.activationDays,
  });
}

export function buildUserConfig(record: PlayerRecord, protection: Protection, site: SiteConfig, now: number): UserConfig {
  const state = playerState(record, site, now);
  const verified = isVerified(state);
  const profileComplete = isProfileComplete(record.userData);
  const phone = record.phoneVerifiedAt !== null ? record.phone : null;
  return {
    user_id: record.id,
    disallow_line_sport: [...record.disallowedLine].sort((a, b) => a - b),
    disallow_live_sport: [...record.disallowedLive].sort((a, b) => a - b),
    ...phoneParts(phone, record.country),
    user_country_code: record.country.toLowerCase(),
    user_country_id: findPhoneCountry(record.country)?.id ?? null,
    user_email: record.email,
    user_name: String(record.accountNumber),
    user_ref_id: site.ref_id,
    // Messages arrive with the office messages section; none yet.
    user_msg_count: 0,
    activation_type: record.activationType as ActivationType,
    is_active_secure_question: protection.protection_methods.enable_security_question,
    user_hide_balance: record.hideBalance,
    changed_pass_day_count: Math.max(0, Math.floor((now - (record.passwordChangedAt ?? record.createdAt).getTime()) / DAY_MS)),
    user_data: record.userData,
    protection_level: protection.protection_level,
    protection_methods: { ...protection.protection_methods },
    // The methods come from the server's own records: nothing for the browser to sync.
    should_sync_protection_methods: false,
    is_need_identification: record.needIdentification && !verified,
    ban_level: record.banLevel,
    ban_version: record.banVersion,
    user_status_id: record.userStatusId,
    internal_verification_status: record.internalVerificationStatus,
    verification_status: record.verificationStatus,
    verification_status_group_code: record.verificationStatusGroupCode,
    verification_types: record.verificationTypes,
    requested_additional_document: record.requestedAdditionalDocument,
    has_deposit: record.hasDeposit,
    is_identification_bonus: record.identificationBonus,
    show_verification_modal_on_deposit_page: record.needIdentification && !verified,
    remaining_days_to_activate: state.remainingDaysToActivate,
    is_email_verified: record.email !== null && record.emailVerifiedAt !== null,
    is_phone_verified: phone !== null,
    line_coef_cut: record.lineCoefCut,
    live_coef_cut: record.liveCoefCut,
    isRequiredTransfer: record.requiredTransfer,
    need_data_after_registration: record.needIdentification && !profileComplete,
    bonus_choice: record.bonusChoice as BonusChoice | null,
    is_profile_complete: profileComplete,
    is_contacts_filled: areContactsFilled({ phone, email: record.email }),
    is_verified: verified,
  };
}

export function buildRights(record: PlayerRecord, site: SiteConfig, now: number): RightsResponse {
  const state = playerState(record, site, now);
  const rights = playerRights(state);
  return {
    userId: record.id,
    ...rights,
    banLevel: record.banLevel,
    isVerified: isVerified(state),
    isEmailVerified: record.email !== null && record.emailVerifiedAt !== null,
    remainingDaysToActivate: state.remainingDaysToActivate,
    needsIdentification: record.needIdentification && !isVerified(state),
  };
}
