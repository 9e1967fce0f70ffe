/**
 * The referral cookies (SPEC §9) a social registration keeps, named as the registration
 * contract names them (`RegistrationReferralSchema`). Read at the start of the round trip
 * and stored with it, so nothing depends on the browser still having them at the end.
 */
import { RegistrationReferralSchema } from '@betsite/contracts';
import { PARTNER_COOKIE } from '@betsite/domain';

type ReferralField = keyof typeof RegistrationReferralSchema.shape;
const FROM_COOKIES: readonly [field: ReferralField, cookies: readonly string[]][] = [
  ['refererId', ['refererid']],
  ['reflinkId', ['reflinkid', 'short_reflinkid']],
  ['partnerId', [PARTNER_COOKIE]],
  ['subId', ['subid']],
];

export function referralFromCookies(cookies: Readonly<Record<string, string | undefined>>): Record<string, string> {
  const referral: Record<string, string> = {};
  for (const [field, names] of FROM_COOKIES) {
    // The registration contract's rule for the field (length, storable text); a cookie that breaks it is ignored.
    const value = names
      .map((name) => cookies[name]?.trim())
      .find((v) => v !== undefined && v !== '' && RegistrationReferralSchema.shape[field].safeParse(v).success);
    if (value !== undefined) referral[field] = value;
  }
  return referral;
}
