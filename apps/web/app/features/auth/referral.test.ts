import { describe, expect, it } from 'vitest';
import { registrationReferral } from './referral.ts';

describe('referral tags for registration', () => {
  it('maps the SPEC §9 cookies to the registration body', () => {
    expect(registrationReferral('refererid=42; reflinkid=L1; ref_partner_id=P9; subid=s-1; lng=en')).toEqual({
      refererId: '42',
      reflinkId: 'L1',
      partnerId: 'P9',
      subId: 's-1',
    });
    expect(registrationReferral('short_reflinkid=S5')).toEqual({ reflinkId: 'S5' });
    expect(registrationReferral('lng=en')).toBeUndefined();
    expect(registrationReferral(`refererid=${'x'.repeat(129)}`)).toBeUndefined();
  });
});
