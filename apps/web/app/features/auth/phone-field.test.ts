import { describe, expect, it } from 'vitest';
import type { TFunction } from '../../i18n/translator.ts';
import { PHONE_COUNTRIES } from '@betsite/domain';
import type { PhoneCountriesResponse } from '@betsite/contracts';
import { isTwoStepRequired, phoneCountriesOf } from './api.ts';
import { authFormat, defaultPhoneCountry, phoneProblemText, phoneRequestFields } from './phone-field.tsx';

// A `t` with no dictionaries: the translator answers the default value (the bundled English text).
const t = ((_key: string, options: { defaultValue: string }) => options.defaultValue) as unknown as TFunction;

const response: PhoneCountriesResponse = {
  countries: PHONE_COUNTRIES.map((c) => ({ id: c.id, name: c.name, country_code: c.countryCode, tel_code: c.telCode })),
  masks: PHONE_COUNTRIES.map((c) => ({ CountryId: c.id, Mask: c.mask, Min: c.min, Max: c.max })),
};

describe('phone countries in the browser', () => {
  it('joins the SPEC §3 countries and masks back into the domain records', () => {
    expect(phoneCountriesOf(response)).toEqual(PHONE_COUNTRIES);
    expect(phoneCountriesOf({ countries: response.countries, masks: [] })).toBeNull();
    expect(phoneCountriesOf(null)).toBeNull();
  });

  it('preselects the country of the page language', () => {
    expect(defaultPhoneCountry('ru')).toBe('ru');
    expect(defaultPhoneCountry('kk')).toBe('kz');
    expect(defaultPhoneCountry('en')).toBe('gb');
    expect(defaultPhoneCountry('xx')).toBe('gb');
  });

  it('says what is wrong with a number before asking the server', () => {
    const countries = phoneCountriesOf(response);
    expect(phoneProblemText(t, countries, { countryCode: 'ru', number: '(912) 345-67-89' })).toBeNull();
    expect(phoneProblemText(t, countries, { countryCode: 'ru', number: '8 912 345 67 89' })).toBeNull();
    expect(phoneProblemText(t, countries, { countryCode: 'gb', number: '+7 912 345 67 89' })).toBeNull();
    expect(phoneProblemText(t, countries, { countryCode: 'ru', number: '912 345' })).toBe('A number with +7 has 10 digits. Check the number.');
    expect(phoneProblemText(t, countries, { countryCode: 'de', number: '30 12' })).toBe('A number with +49 has 7 to 11 digits. Check the number.');
    expect(phoneProblemText(t, countries, { countryCode: 'ru', number: '  ' })).toBe('Enter your phone number.');
    expect(phoneProblemText(t, countries, { countryCode: '', number: '912' })).toBe('Choose the country code of your number.');
    // Before the list arrives only the server can judge.
    expect(phoneProblemText(t, null, { countryCode: 'ru', number: '912' })).toBeNull();
  });

  it('sends the number as shown with its country', () => {
    expect(phoneRequestFields({ countryCode: 'gb', number: ' 7700 900123 ' })).toEqual({ phone_number: '7700 900123', country_code: 'gb' });
  });

  it('fills in values and falls back to English', () => {
    expect(authFormat(t, 'sms_resend_in', { seconds: 42 })).toBe('New code in 42 s');
  });

  it('recognises the two-step answer of a login step', () => {
    expect(isTwoStepRequired({ status: 'two_step_required', ticket: 'x', expiresAt: '' })).toBe(true);
    expect(isTwoStepRequired({ token: 'x' })).toBe(false);
    expect(isTwoStepRequired(null)).toBe(false);
  });
});
