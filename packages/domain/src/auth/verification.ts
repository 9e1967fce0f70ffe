/**
 * Who a player is and what they may do (SPEC §3 user config, §4 face-id results, §5
 * verification rules, §2 ban handling).
 *
 * - Required profile fields are complete only when birth date, name, surname, passport,
 *   passport date and registration address are all present (non-blank).
 * - Contact fields are filled when phone and e-mail are both present.
 * - A player is verified when the internal status is 1 or the group code is
 *   VERIFICATION_SUCCESSFUL, and no extra document is requested.
 * - Face-id results: Closed → VERIFICATION_DENIED, Active → VERIFICATION_SUCCESSFUL,
 *   UNVERIFIED → pending.
 */

/** SPEC §3 `verification_status_group_code` values the site acts on. */
export const VerificationGroupCode = {
  successful: 'VERIFICATION_SUCCESSFUL',
  denied: 'VERIFICATION_DENIED',
  pending: 'VERIFICATION_PENDING',
} as const;
export type VerificationGroupCode = (typeof VerificationGroupCode)[keyof typeof VerificationGroupCode];

/** SPEC §3 `internal_verification_status`: 1 verified. */
export const INTERNAL_STATUS_VERIFIED = 1;

/** SPEC §3 user_data (the personal data of the office). Dates are `YYYY-MM-DD`. */
export interface UserData {
  date_birthday: string | null;
  document_type_id: number | null;
  inn: string | null;
  name: string | null;
  passport: string | null;
  passport_date: string | null;
  passport_end_date: string | null;
  registration_address: string | null;
  surname: string | null;
}

export const REQUIRED_PROFILE_FIELDS = ['date_birthday', 'name', 'surname', 'passport', 'passport_date', 'registration_address'] as const satisfies readonly (keyof UserData)[];

const present = (value: string | number | null | undefined): boolean =>
  value !== null && value !== undefined && (typeof value !== 'string' || value.trim() !== '');

/** SPEC §5: every required profile field is present. */
export function isProfileComplete(data: Partial<UserData>): boolean {
  return REQUIRED_PROFILE_FIELDS.every((field) => present(data[field]));
}

/** The required profile fields still missing, in SPEC order (what the office asks for). */
export function missingProfileFields(data: Partial<UserData>): (typeof REQUIRED_PROFILE_FIELDS)[number][] {
  return REQUIRED_PROFILE_FIELDS.filter((field) => !present(data[field]));
}

/** SPEC §5: phone and e-mail both present. */
export function areContactsFilled(contacts: { phone: string | null | undefined; email: string | null | undefined }): boolean {
  return present(contacts.phone) && present(contacts.email);
}

export interface VerificationState {
  internalVerificationStatus: number | null;
  verificationStatusGroupCode: string | null;
  requestedAdditionalDocument: boolean;
}

/** SPEC §5: internal status 1 or group code successful, and no extra document requested. */
export function isVerified(state: VerificationState): boolean {
  if (state.requestedAdditionalDocument) return false;
  return state.internalVerificationStatus === INTERNAL_STATUS_VERIFIED || state.verificationStatusGroupCode === VerificationGroupCode.successful;
}

/** Face-id service states (SPEC §4). */
export type FaceIdResult = 'Closed' | 'Active' | 'UNVERIFIED';

/** SPEC §4: the verification group code a face-id result stands for. */
export function faceIdGroupCode(result: FaceIdResult): VerificationGroupCode {
  switch (result) {
    case 'Closed':
      return VerificationGroupCode.denied;
    case 'Active':
      return VerificationGroupCode.successful;
    case 'UNVERIFIED':
      return VerificationGroupCode.pending;
  }
}

/** SPEC §3 activation_type: 0 none, 1 e-mail, 2 both, 3 phone. */
export type ActivationType = 0 | 1 | 2 | 3;

/**
 * The activation type once another contact is proven (SPEC §4 "phone update: activation
 * type 0 becomes 3, 1 becomes 2"; the same for a proven e-mail: 0 → 1, 3 → 2).
 */
export function activationTypeWith(type: ActivationType, proven: 'email' | 'phone'): ActivationType {
  const email = type === 1 || type === 2 || proven === 'email';
  const phone = type === 2 || type === 3 || proven === 'phone';
  return email && phone ? 2 : email ? 1 : phone ? 3 : 0;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * SPEC §3 remaining_days_to_activate: whole days (rounded up) left to confirm the e-mail of
 * an e-mail registration; 0 once the period is over; null when there is nothing to
 * activate (confirmed already, or a player who did not register by e-mail).
 */
export function remainingDaysToActivate(input: {
  needsEmailActivation: boolean;
  emailVerifiedAt: number | null;
  registeredAt: number;
  now: number;
  periodDays: number;
}): number | null {
  if (!input.needsEmailActivation || input.emailVerifiedAt !== null) return null;
  const left = input.registeredAt + input.periodDays * DAY_MS - input.now;
  return left <= 0 ? 0 : Math.ceil(left / DAY_MS);
}

/** SPEC §2 ban handling: level 1 may only reach the withdrawal (code 53); higher levels nothing (code 45). */
export const BAN_CODE_WITHDRAWAL_ONLY = 53;
export const BAN_CODE_BLOCKED = 45;

export function banCode(banLevel: number): number | null {
  if (banLevel <= 0) return null;
  return banLevel === 1 ? BAN_CODE_WITHDRAWAL_ONLY : BAN_CODE_BLOCKED;
}

export interface PlayerState extends VerificationState {
  banLevel: number;
  /** Days left to confirm the e-mail (`remainingDaysToActivate`); null: nothing to confirm. */
  remainingDaysToActivate: number | null;
  /** The operator asks this player to pass identification first (SPEC §3 is_need_identification). */
  needsIdentification: boolean;
}

export interface PlayerRights {
  canBet: boolean;
  canPlayCasino: boolean;
  canDeposit: boolean;
  canWithdraw: boolean;
  /** SPEC §2 ban code (53 withdrawal only, 45 blocked), null when not banned. */
  banCode: number | null;
}

/** Bets, casino and deposits: not banned, and not past the period to confirm the e-mail. */
export function mayPlay(state: Pick<PlayerState, 'banLevel' | 'remainingDaysToActivate'>): boolean {
  return state.banLevel === 0 && state.remainingDaysToActivate !== 0;
}

/**
 * What a logged-in player may do.
 *
 * - Banned (level > 0): no bets, no casino, no deposits; level 1 may still withdraw (SPEC §2).
 * - An e-mail registration not yet confirmed: may play and deposit during the activation
 *   period, never withdraw (money leaves only to a player whose address is proven); once the
 *   period is over, bets, casino and deposits stop too until the e-mail is confirmed.
 * - A player the operator sent to identification may not withdraw until verified.
 */
export function playerRights(state: PlayerState): PlayerRights {
  const unconfirmed = state.remainingDaysToActivate !== null;
  const play = mayPlay(state);
  const identified = !state.needsIdentification || isVerified(state);
  return {
    canBet: play,
    canPlayCasino: play,
    canDeposit: play,
    canWithdraw: state.banLevel <= 1 && !unconfirmed && identified,
    banCode: banCode(state.banLevel),
  };
}
