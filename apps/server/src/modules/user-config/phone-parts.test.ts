import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { phoneParts } from './phone-parts.ts';

describe('phone parts of the user config', () => {
  it.each([
    ['+447700900123', 'GB', '+44', '7700900123'],
    ['+79161234567', 'RU', '+7', '9161234567'],
    ['+77011234567', 'KZ', '+7', '7011234567'],
    ['+12025550123', 'US', '+1', '2025550123'],
    ['+380441234567', 'UA', '+380', '441234567'],
    ['+998901234567', 'UZ', '+998', '901234567'],
    // A number of another country than the player's: the table, then the ITU rule.
    ['+4915123456789', 'GB', '+49', '15123456789'],
    ['+35312345678', 'RU', '+353', '12345678'],
    ['+2348012345678', null, '+234', '8012345678'],
    ['+6591234567', null, '+65', '91234567'],
  ])('%s (%s) → %s %s', (phone, country, code, number) => {
    expect(phoneParts(phone, country)).toEqual({ phone_code: code, phone_number: number });
  });

  it('answers nulls without a (valid) phone', () => {
    expect(phoneParts(null, 'GB')).toEqual({ phone_code: null, phone_number: null });
    expect(phoneParts('07700900123', 'GB')).toEqual({ phone_code: null, phone_number: null });
  });

  it('splits every E.164 number into a 1-3 digit code and the rest, losing nothing (property)', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\+[1-9][0-9]{6,14}$/), fc.constantFrom('GB', 'RU', 'KZ', 'US', 'DE', 'XX', null), (phone, country) => {
        const { phone_code, phone_number } = phoneParts(phone, country);
        expect(phone_code).toMatch(/^\+[1-9][0-9]{0,2}$/);
        expect(`${phone_code}${phone_number}`).toBe(phone);
      }),
    );
  });
});
