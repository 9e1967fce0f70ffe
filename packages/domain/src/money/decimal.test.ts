import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CURRENCIES, type CurrencyCode } from './currencies.ts';
import { formatMinor, minorToDecimal, toMinor } from './decimal.ts';
import { MAX_MINOR, MIN_MINOR, minor } from './minor.ts';

const codes = Object.keys(CURRENCIES) as CurrencyCode[];
const currencyArb = fc.constantFrom(...codes);
const minorArb = fc.bigInt({ min: MIN_MINOR, max: MAX_MINOR }).map(minor);

/** A decimal text as a person would type it, with at most `exponent` fraction digits. */
const decimalArb = (exponent: number) =>
  fc
    .tuple(
      fc.boolean(),
      fc.bigInt({ min: 0n, max: 10n ** 15n }),
      fc.string({ unit: fc.constantFrom(...'0123456789'), maxLength: exponent }),
    )
    .map(([negative, whole, fraction]) => `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`);

describe('toMinor and formatMinor', () => {
  it('read amounts in minor units of the currency', () => {
    expect(toMinor('10.5', 'RUB')).toBe(1050n);
    expect(toMinor('10.05', 'USD')).toBe(1005n);
    expect(toMinor('-0.01', 'EUR')).toBe(-1n);
    expect(toMinor('500', 'JPY')).toBe(500n);
    expect(toMinor('92233720368547758.07', 'RUB')).toBe(MAX_MINOR);
  });

  it('refuse what is not a plain decimal, or more fraction digits than the currency has', () => {
    for (const text of ['', '.5', '5.', '+1', ' 1', '1 ', '1,5', '1e3', '0x10', 'NaN', 'Infinity', '1.2.3', '--1', '１']) {
      expect(() => toMinor(text, 'RUB'), text).toThrow(RangeError);
    }
    expect(() => toMinor('1.005', 'RUB')).toThrow(/more than 2 fraction digits/);
    expect(() => toMinor('500.0', 'JPY')).toThrow(/more than 0 fraction digits/);
    expect(() => toMinor('92233720368547758.08', 'RUB')).toThrow(/out of range/);
  });

  it('format the canonical decimal, and the localised text from the exact value', () => {
    expect(formatMinor(minor(123450n), 'RUB')).toBe('1234.50');
    expect(formatMinor(minor(-5n), 'USD')).toBe('-0.05');
    expect(formatMinor(minor(500n), 'JPY')).toBe('500');
    expect(formatMinor(minor(123450n), 'RUB', 'ru')).toBe('1\u00a0234,50\u00a0₽');
    expect(formatMinor(minor(250n), 'USD', 'en-US')).toBe('$2.50');
    expect(formatMinor(minor(500n), 'JPY', 'en-US')).toBe('¥500');
    // Beyond 2^53 a float would already have rounded the last digits.
    expect(formatMinor(MAX_MINOR as ReturnType<typeof minor>, 'RUB', 'en-US')).toBe('RUB\u00a092,233,720,368,547,758.07');
  });

  it('round-trip every amount: toMinor(formatMinor(m)) is m', () => {
    fc.assert(
      fc.property(minorArb, currencyArb, (amount, currency) => {
        expect(toMinor(formatMinor(amount, currency), currency)).toBe(amount);
      }),
    );
  });

  it('round-trip decimal text: formatting what was read gives the text back, fraction padded', () => {
    fc.assert(
      fc.property(
        currencyArb.chain((currency) => fc.tuple(fc.constant(currency), decimalArb(CURRENCIES[currency].exponent))),
        ([currency, text]) => {
          const { exponent } = CURRENCIES[currency];
          const [whole = '', fraction = ''] = text.replace('-', '').split('.');
          const amount = toMinor(text, currency);
          const sign = text.startsWith('-') && amount !== 0n ? '-' : '';
          const expected = `${sign}${whole}${exponent ? `.${fraction.padEnd(exponent, '0')}` : ''}`;
          expect(minorToDecimal(amount, currency)).toBe(expected);
        },
      ),
    );
  });

  it('never accept a float artefact: a double is read exactly or refused, never rounded', () => {
    expect(() => toMinor(String(0.1 + 0.2), 'RUB')).toThrow(RangeError);
    expect(() => toMinor(String(1.1 * 3), 'USD')).toThrow(RangeError);
    fc.assert(
      fc.property(fc.double({ noNaN: true }), currencyArb, (value, currency) => {
        const text = String(value);
        const fraction = /\.(\d+)$/.exec(text)?.[1] ?? '';
        const plain = /^-?\d+(\.\d+)?$/.test(text);
        if (!plain || fraction.length > CURRENCIES[currency].exponent) {
          expect(() => toMinor(text, currency)).toThrow(RangeError);
          return;
        }
        let amount;
        try {
          amount = toMinor(text, currency);
        } catch (error) {
          expect(String(error)).toMatch(/out of range/);
          return;
        }
        // Accepted only as the exact decimal the text says: it reads back as the same double.
        expect(Number(minorToDecimal(amount, currency)) === value).toBe(true);
      }),
    );
  });
});
