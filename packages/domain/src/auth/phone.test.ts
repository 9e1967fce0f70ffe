import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isE164, normaliseCountryCode, normalisePhoneCode, normalisePhoneCountry, phoneLoginKey, toE164 } from './phone.ts';

describe('phone normalisation (SPEC §5)', () => {
  it.each([
    ['44', '+44'],
    ['+44', '+44'],
    [' 0044 ', '+44'],
    [7, '+7'],
    ['380', '+380'],
    ['', null],
    ['0', null],
    ['+1234', null],
    ['4a', null],
  ] as const)('phone code %j → %s', (code, expected) => {
    expect(normalisePhoneCode(code)).toBe(expected);
  });

  it.each([
    ['GB', 'gb'],
    [' ru ', 'ru'],
    ['GBR', null],
    ['1a', null],
  ] as const)('country code %j → %s', (code, expected) => {
    expect(normaliseCountryCode(code)).toBe(expected);
  });

  it('normalises a phone country pair', () => {
    expect(normalisePhoneCountry({ countryCode: 'KZ', phoneCode: 7 })).toEqual({ countryCode: 'kz', phoneCode: '+7' });
    expect(normalisePhoneCountry({ countryCode: 'KZ', phoneCode: 'x' })).toBeNull();
  });

  it.each([
    ['+44', '07700 900123', '+447700900123'],
    ['44', '7700-900-123', '+447700900123'],
    ['+7', '(912) 345-67-89', '+79123456789'],
    ['+7', '8 912 345 67 89', '+79123456789'],
    ['+7', '8 (7172) 55-55-55', '+77172555555'],
    ['+39', '06 1234 5678', '+390612345678'],
    ['+1', '+1 (202) 555-0142', '+12025550142'],
    ['+49', '0049 30 1234567', '+49301234567'],
    ['+44', '123', null],
    ['+44', '07700 900123 ext 5', null],
    ['+44', '0770+0900123', null],
    ['bad', '7700900123', null],
    ['+44', '1234567890123456', null],
  ] as const)('toE164(%j, %j) → %s', (code, number, expected) => {
    expect(toE164(code, number)).toBe(expected);
  });

  it('always answers E.164 or null, and is idempotent (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 999 }), fc.stringMatching(/^[0-9 ()-]{0,20}$/), (code, number) => {
        const phone = toE164(code, number);
        if (phone === null) return;
        expect(isE164(phone)).toBe(true);
        expect(toE164(code, phone)).toBe(phone);
      }),
    );
  });
});

describe('phoneLoginKey', () => {
  it('keys throttling by the E.164 number', () => {
    expect(phoneLoginKey('+447700900123')).toBe('phone:+447700900123');
  });
});
