/**
 * The referral tags a registration sends (contracts `RegistrationReferralSchema`, SPEC §9
 * cookies): read from the cookies the referral guard stored on landing.
 */
import type { FullRegistrationRequest } from '@betsite/contracts';
import { PARTNER_COOKIE } from '@betsite/domain';
import { parseCookies } from '../../config/cookies.ts';

export type RegistrationReferral = NonNullable<FullRegistrationRequest['referral']>;

const MAX = 128;
const value = (raw: string | undefined): string | undefined => {
  const v = raw?.trim();
  return v && v.length <= MAX ? v : undefined;
};

/** The tags present (undefined when none), for the `referral` field of a registration body. */
export function registrationReferral(cookieHeader: string): RegistrationReferral | undefined {
  const cookies = parseCookies(cookieHeader);
  const referral: RegistrationReferral = {};
  const refererId = value(cookies['refererid']);
  const reflinkId = value(cookies['reflinkid']) ?? value(cookies['short_reflinkid']);
  const partnerId = value(cookies[PARTNER_COOKIE]);
  const subId = value(cookies['subid']);
  if (refererId) referral.refererId = refererId;
  if (reflinkId) referral.reflinkId = reflinkId;
  if (partnerId) referral.partnerId = partnerId;
  if (subId) referral.subId = subId;
  return Object.keys(referral).length > 0 ? referral : undefined;
}
