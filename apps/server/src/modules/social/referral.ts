/**
 * The referral cookies (SPEC §9) a social registration keeps, named as the registration
 * contract names them (`RegistrationReferralSchema`). Read at the start of the round trip
 * and stored with it, so nothing depends on the browser still having them at the end.
 */
import { PARTNER_COOKIE } from '@betsite/domain';

const FROM_COOKIES: readonly [field: string, cookies: readonly string[]][] = [
  ['refererId', ['refererid']],
  ['reflinkId', ['reflinkid', 'short_reflinkid']],
  ['partnerId', [PARTNER_COOKIE]],
  ['subId', ['subid']],
];

export function referralFromCookies(cookies: Readonly<Record<string, string | undefined>>): Record<string, string> {
  const referral: Record<string, string> = {};
  for (const [field, names] of FROM_COOKIES) {
    const value = names.map((name) => cookies[name]?.trim()).find((v) => v !== undefined && v !== '' && v.length <= 128);
    if (value !== undefined) referral[field] = value;
  }
  return referral;
}
