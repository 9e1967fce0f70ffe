import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyPhoneMask,
  findPhoneCountry,
  nationalNumber,
  PHONE_COUNTRIES,
  phoneCountriesForCode,
  phoneIdentifiers,
  resolvePhone,
  type PhoneCountryInfo,
} from './phone-countries.ts';
import { isE164, normaliseCountryCode, normalisePhoneCode } from './phone.ts';

const countryArb = fc.constantFrom(...PHONE_COUNTRIES);

/** A national number of the country with `length` digits, not starting with a trunk prefix (0, or 8 for +7). */
const nationalArb = (country: PhoneCountryInfo, length: number) =>
  fc
    .tuple(fc.constantFrom(...(country.telCode === '+7' ? '1234567' : '123456789').split('')), fc.stringMatching(new RegExp(`^[0-9]{${length - 1}}$`)))
    .map(([first, rest]) => first + rest);

const validNumberArb = countryArb.chain((country) =>
  fc
    .integer({ min: country.min, max: country.max })
    .chain((length) => nationalArb(country, length))
    .map((digits) => ({ country, digits })),
);

/** Case and spacing the browser or an API client might send. */
const spelledCountryArb = (code: string) => fc.constantFrom(code, code.toUpperCase(), ` ${code} `, `${code[0]?.toUpperCase()}${code[1]}`);

describe('the phone country table (SPEC §3)', () => {
  it('covers the countries of the site languages and more', () => {
    expect(PHONE_COUNTRIES.length).toBeGreaterThanOrEqual(40);
    for (const code of ['ru', 'gb', 'us', 'de', 'fr', 'es', 'pt', 'br', 'tr', 'ua', 'kz', 'az', 'uz', 'ae', 'sa', 'eg', 'ir']) {
      expect(findPhoneCountry(code), code).not.toBeNull();
    }
  });

  it('is consistent: unique ids and codes, normalised codes, one # per digit, E.164 lengths', () => {
    expect(new Set(PHONE_COUNTRIES.map((c) => c.id)).size).toBe(PHONE_COUNTRIES.length);
    expect(new Set(PHONE_COUNTRIES.map((c) => c.countryCode)).size).toBe(PHONE_COUNTRIES.length);
    for (const c of PHONE_COUNTRIES) {
      expect(normaliseCountryCode(c.countryCode), c.name).toBe(c.countryCode);
      expect(normalisePhoneCode(c.telCode), c.name).toBe(c.telCode);
      expect(c.mask.replace(/[^#]/g, '').length, c.name).toBe(c.max);
      expect(c.min, c.name).toBeLessThanOrEqual(c.max);
      const codeDigits = c.telCode.length - 1;
      expect(codeDigits + c.min, c.name).toBeGreaterThanOrEqual(7);
      expect(codeDigits + c.max, c.name).toBeLessThanOrEqual(15);
    }
  });

  it('has prefix-free calling codes, so an E.164 number names its calling code', () => {
    const codes = [...new Set(PHONE_COUNTRIES.map((c) => c.telCode))];
    for (const a of codes) for (const b of codes) if (a !== b) expect(b.startsWith(a), `${a} / ${b}`).toBe(false);
  });

  it('finds countries by code in any case, and the countries of a calling code', () => {
    expect(findPhoneCountry(' GB ')?.telCode).toBe('+44');
    expect(findPhoneCountry('xx')).toBeNull();
    expect(findPhoneCountry('gbr')).toBeNull();
    expect(phoneCountriesForCode('7').map((c) => c.countryCode)).toEqual(['ru', 'kz']);
    expect(phoneCountriesForCode('+1').map((c) => c.countryCode)).toEqual(['us', 'ca']);
    expect(phoneCountriesForCode('bad')).toEqual([]);
  });
});

describe('phone masks', () => {
  it.each([
    ['(###) ###-##-##', '9123456789', '(912) 345-67-89'],
    ['(###) ###-##-##', '912', '(912'],
    ['(###) ###-##-##', '9123', '(912) 3'],
    ['#### ######', '', ''],
    ['## ###', '1234567', '12 34567'],
  ])('applyPhoneMask(%j, %j) → %j', (mask, digits, expected) => {
    expect(applyPhoneMask(mask, digits)).toBe(expected);
  });

  it('never loses or reorders a digit (property)', () => {
    fc.assert(
      fc.property(countryArb, fc.stringMatching(/^[0-9]{0,16}$/), (country, digits) => {
        expect(applyPhoneMask(country.mask, digits).replace(/\D/g, '')).toBe(digits);
      }),
    );
  });

  it('reads back the national number of a masked, trunk-prefixed or international input (property)', () => {
    fc.assert(
      fc.property(validNumberArb, ({ country, digits }) => {
        const masked = applyPhoneMask(country.mask, digits);
        expect(nationalNumber(country, masked)).toBe(digits);
        expect(nationalNumber(country, `${country.telCode} ${masked}`)).toBe(digits);
        expect(nationalNumber(country, `00${country.telCode.slice(1)}${digits}`)).toBe(digits);
        if (country.telCode !== '+39') expect(nationalNumber(country, `0${masked}`)).toBe(digits);
      }),
    );
    expect(nationalNumber(findPhoneCountry('ru')!, '8 912 345 67 89')).toBe('9123456789');
    expect(nationalNumber(findPhoneCountry('it')!, '06 1234 5678')).toBe('0612345678');
  });
});

describe('resolvePhone (SPEC §5 normalisation)', () => {
  it('turns every valid national number of every country into code + digits, however it is written (property)', () => {
    fc.assert(
      fc.property(
        validNumberArb.chain((v) => spelledCountryArb(v.country.countryCode).map((spelled) => ({ ...v, spelled }))),
        ({ country, digits, spelled }) => {
          const expected = `${country.telCode}${digits}`;
          const masked = applyPhoneMask(country.mask, digits);
          const forms = [masked, digits, `${country.telCode} ${masked}`, `00${country.telCode.slice(1)} ${digits}`];
          if (country.telCode !== '+39') forms.push(`0${masked}`);
          for (const number of forms) {
            const byCountry = resolvePhone({ number, countryCode: spelled });
            expect(byCountry, number).toMatchObject({ ok: true, phone: expected });
            expect(resolvePhone({ number, phoneCode: country.telCode.slice(1) }), number).toMatchObject({ ok: true, phone: expected });
            expect(resolvePhone({ number, countryCode: spelled, phoneCode: country.telCode }), number).toMatchObject({ ok: true, phone: expected });
          }
          expect(isE164(expected)).toBe(true);
        },
      ),
    );
  });

  it('is idempotent: an E.164 answer resolves to itself, with or without the country (property)', () => {
    fc.assert(
      fc.property(validNumberArb, ({ country, digits }) => {
        const first = resolvePhone({ number: digits, countryCode: country.countryCode });
        if (!first.ok) throw new Error('valid number refused');
        expect(resolvePhone({ number: first.phone })).toMatchObject({ ok: true, phone: first.phone });
        expect(resolvePhone({ number: first.phone, countryCode: country.countryCode })).toMatchObject({ ok: true, phone: first.phone });
      }),
    );
  });

  it('refuses national numbers that are too short or too long for the country (property)', () => {
    fc.assert(
      fc.property(
        countryArb.chain((country) =>
          fc
            .constantFrom(country.min - 1, country.max + 1)
            .filter((length) => length >= 1)
            .chain((length) => nationalArb(country, length))
            .map((digits) => ({ country, digits })),
        ),
        ({ country, digits }) => {
          const result = resolvePhone({ number: digits, countryCode: country.countryCode });
          expect(result.ok).toBe(false);
        },
      ),
    );
  });

  it.each([
    [{ number: '7700 900123', countryCode: 'GB' }, { ok: true, phone: '+447700900123' }],
    [{ number: '8 (912) 345-67-89', countryCode: 'ru' }, { ok: true, phone: '+79123456789' }],
    [{ number: '+44 7700 900123', countryCode: 'ru' }, { ok: true, phone: '+447700900123' }],
    [{ number: '+1 999 1234567' }, { ok: true, phone: '+19991234567' }],
    // A calling code not in the table: only E.164 is checked.
    [{ number: '21 234 567', phoneCode: '+376' }, { ok: true, phone: '+37621234567' }],
    [{ number: '7700 900123' }, { ok: false, problem: 'country' }],
    [{ number: '7700 900123', countryCode: 'xx' }, { ok: false, problem: 'country' }],
    [{ number: '7700 900123', phoneCode: '+0' }, { ok: false, problem: 'country' }],
    [{ number: '7700 900123', countryCode: 'gb', phoneCode: '+7' }, { ok: false, problem: 'mismatch' }],
    [{ number: 'seven', countryCode: 'gb' }, { ok: false, problem: 'number' }],
    [{ number: '912 345 67', countryCode: 'ru' }, { ok: false, problem: 'length' }],
    [{ number: '+7 912 345 67', countryCode: 'gb' }, { ok: false, problem: 'length' }],
  ] as const)('%j → %j', (input, expected) => {
    expect(resolvePhone(input)).toMatchObject(expected);
  });

  it('names the country when the number tells it, not when a calling code is shared', () => {
    expect(resolvePhone({ number: '+44 7700 900123' })).toMatchObject({ country: { countryCode: 'gb' } });
    expect(resolvePhone({ number: '+7 912 345 67 89' })).toMatchObject({ country: null });
    expect(resolvePhone({ number: '912 345 67 89', countryCode: 'kz' })).toMatchObject({ country: { countryCode: 'kz' } });
  });
});

describe('phoneIdentifiers', () => {
  it('lists the forms of a phone a password may not equal', () => {
    const forms = phoneIdentifiers('+447700900123', '07700 900-123');
    for (const form of ['+447700900123', '447700900123', '7700900123', '07700900123', '07700 900-123']) expect(forms).toContain(form);
    expect(phoneIdentifiers('not a phone', 'typed')).toEqual(['typed']);
  });
});
