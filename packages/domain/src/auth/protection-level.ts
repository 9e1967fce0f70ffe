/**
 * The account protection level (SPEC §3 user config `protection_level` and
 * `protection_methods`, §4 "Protection level status").
 *
 * The level is the sum of the weights of the protection methods the player has turned on,
 * from 0 to 100. The weights follow how much each method stops an account takeover:
 *
 * | method                     | weight | why                                                        |
 * | -------------------------- | -----: | ---------------------------------------------------------- |
 * | `enable_two_factor_auth`   |     40 | a stolen password alone no longer logs anyone in           |
 * | `enable_phone_binding`     |     20 | a proven phone: recovery and codes reach the real owner    |
 * | `enable_email_auth`        |     15 | a proven e-mail: recovery and notices reach the real owner |
 * | `is_changed_password`      |     15 | a password the player chose and changed, not a generated one |
 * | `enable_security_question` |     10 | one more check the support desk can ask                    |
 *
 * So two-step alone is "normal" (40), two-step with a proven phone and e-mail "good" (75),
 * everything "full" (100), and a player with only a changed password and a proven e-mail
 * stays "bad" (30).
 *
 * Statuses (SPEC §4): null → none; ≤ 30 bad; above 30 and below 70 normal; 70 to below
 * 100 good; 100 full.
 */

export const PROTECTION_METHODS = [
  'is_changed_password',
  'enable_two_factor_auth',
  'enable_phone_binding',
  'enable_security_question',
  'enable_email_auth',
] as const;

export type ProtectionMethod = (typeof PROTECTION_METHODS)[number];
export type ProtectionMethods = Readonly<Record<ProtectionMethod, boolean>>;

export const PROTECTION_WEIGHTS: Readonly<Record<ProtectionMethod, number>> = {
  enable_two_factor_auth: 40,
  enable_phone_binding: 20,
  enable_email_auth: 15,
  is_changed_password: 15,
  enable_security_question: 10,
};

/** SPEC §9 defaults: "protection thresholds 30, 70, 100". */
export const PROTECTION_THRESHOLDS = { bad: 30, good: 70, full: 100 } as const;

export type ProtectionStatus = 'none' | 'bad' | 'normal' | 'good' | 'full';

/** 0 to 100: the sum of the weights of the methods turned on. */
export function protectionLevel(methods: ProtectionMethods): number {
  let level = 0;
  for (const method of PROTECTION_METHODS) if (methods[method]) level += PROTECTION_WEIGHTS[method];
  return level;
}

/** The status shown for a level (SPEC §4); null or a non-number is "none". */
export function protectionStatus(level: number | null): ProtectionStatus {
  if (level === null || !Number.isFinite(level)) return 'none';
  if (level <= PROTECTION_THRESHOLDS.bad) return 'bad';
  if (level < PROTECTION_THRESHOLDS.good) return 'normal';
  if (level < PROTECTION_THRESHOLDS.full) return 'good';
  return 'full';
}
