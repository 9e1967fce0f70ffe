/**
 * A phone number with its country (SPEC §3 phone countries and masks): a country picker
 * naming each country in the page language with its calling code, and a number field that
 * writes the national number into the country's mask as the player types. A number pasted
 * internationally (`+44 …`) picks its country. The server resolves the same two values
 * (`phone_number`, `country_code`) to E.164 with the same rules (domain `resolvePhone`).
 */
import { useEffect, useId, useMemo, useState, type ChangeEvent, type Ref } from 'react';
import type { TFunction } from '../../i18n/translator.ts';
import { applyPhoneMask, nationalNumber, type PhoneCountryInfo } from '@betsite/domain';
import { useTranslation } from '../../i18n/react.tsx';
import { formStyles } from '../../shell/ui/field.tsx';
import EN_AUTH from '../../i18n/dictionaries/en/auth.json';
import { loadPhoneCountries } from './api.ts';
import styles from './login-modes.module.css';

export interface PhoneValue {
  /** Lower-case ISO 3166-1 alpha-2. */
  countryCode: string;
  /** As shown in the field (national, masked). */
  number: string;
}

/** A text of the `auth` dictionary with `{{name}}` values, English when that dictionary is not loaded. */
export function authFormat(t: TFunction, key: keyof typeof EN_AUTH, values: Record<string, string | number> = {}): string {
  const text: string = t(key, { ns: 'auth', defaultValue: EN_AUTH[key], ...values });
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(values[name] ?? ''));
}

/** The country preselected for a page language (the player can change it). */
const COUNTRY_BY_LANGUAGE: Readonly<Record<string, string>> = {
  ru: 'ru', kk: 'kz', uk: 'ua', uz: 'uz', az: 'az', tr: 'tr', de: 'de', fr: 'fr', es: 'es', pt: 'pt', en: 'gb', ar: 'ae', fa: 'ir',
};

export function defaultPhoneCountry(lng: string): string {
  return COUNTRY_BY_LANGUAGE[lng] ?? 'gb';
}

export type PhoneCountriesState = { status: 'loading' } | { status: 'ready'; countries: PhoneCountryInfo[] } | { status: 'failed' };

/** The phone countries (fetched once per tab), and a way to ask again after a failure. */
export function usePhoneCountries(): { state: PhoneCountriesState; retry: () => void } {
  const [state, setState] = useState<PhoneCountriesState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    void loadPhoneCountries().then((countries) => {
      if (live) setState(countries ? { status: 'ready', countries } : { status: 'failed' });
    });
    return () => {
      live = false;
    };
  }, [attempt]);
  return {
    state,
    retry: () => {
      setState({ status: 'loading' });
      setAttempt((n) => n + 1);
    },
  };
}

/** What the API takes for a phone (contracts `phone-auth.ts`). */
export function phoneRequestFields(value: PhoneValue): { phone_number: string; country_code: string } {
  return { phone_number: value.number.trim(), country_code: value.countryCode };
}

/** Why the number cannot be right for its country (a text to show), or null. */
export function phoneProblemText(t: TFunction, countries: readonly PhoneCountryInfo[] | null, value: PhoneValue): string | null {
  const country = countries?.find((c) => c.countryCode === value.countryCode);
  if (!value.number.trim()) return authFormat(t, 'phone_number_required');
  if (!country) return countries ? authFormat(t, 'phone_country_required') : null;
  if (/^\s*(\+|00)/.test(value.number)) return null;
  const length = nationalNumber(country, value.number).length;
  if (length >= country.min && length <= country.max) return null;
  return country.min === country.max
    ? authFormat(t, 'phone_number_length_exact', { digits: country.min, code: country.telCode })
    : authFormat(t, 'phone_number_length_range', { min: country.min, max: country.max, code: country.telCode });
}

/** The country an internationally written number belongs to (the current one when it shares the calling code). */
function countryOfInternational(countries: readonly PhoneCountryInfo[], current: PhoneCountryInfo | undefined, typed: string): PhoneCountryInfo | undefined {
  const digits = typed.trim().startsWith('+') ? typed.replace(/\D/g, '') : typed.replace(/\D/g, '').slice(2);
  if (current && digits.startsWith(current.telCode.slice(1))) return current;
  return countries.find((c) => digits.startsWith(c.telCode.slice(1)));
}

export interface PhoneFieldProps {
  value: PhoneValue;
  onChange: (value: PhoneValue) => void;
  countries: PhoneCountriesState;
  onRetryCountries: () => void;
  disabled?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  autoFocus?: boolean;
  hint?: string;
}

export function PhoneField({ value, onChange, countries, onRetryCountries, disabled, inputRef, autoFocus, hint }: PhoneFieldProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const list = countries.status === 'ready' ? countries.countries : null;
  const country = list?.find((c) => c.countryCode === value.countryCode);

  const options = useMemo(() => {
    if (!list) return [];
    const language = i18n.language || 'en';
    let names: Intl.DisplayNames | null = null;
    try {
      names = new Intl.DisplayNames([language, 'en'], { type: 'region' });
    } catch {
      names = null;
    }
    const collator = new Intl.Collator(language);
    return list
      .map((c) => ({ code: c.countryCode, label: `${names?.of(c.countryCode.toUpperCase()) ?? c.name} (${c.telCode})` }))
      .sort((a, b) => collator.compare(a.label, b.label));
  }, [list, i18n.language]);

  function onNumber(event: ChangeEvent<HTMLInputElement>) {
    const typed = event.target.value;
    const raw = () => onChange({ countryCode: value.countryCode, number: typed });
    // Only reformat while typing at the end, so editing in the middle keeps the caret where it is.
    const atEnd = event.target.selectionStart === null || event.target.selectionStart >= typed.length;
    if (!atEnd || !list) return raw();
    // A number written internationally picks its country once its calling code is complete.
    const international = /^\s*(\+|00)/.test(typed);
    const next = international ? countryOfInternational(list, country, typed) : country;
    if (!next) return raw();
    const digits = nationalNumber(next, typed);
    if (international && !digits) return raw();
    onChange({ countryCode: next.countryCode, number: applyPhoneMask(next.mask, digits.slice(0, next.max)) });
  }

  function onCountry(event: ChangeEvent<HTMLSelectElement>) {
    const next = list?.find((c) => c.countryCode === event.target.value);
    const digits = next ? nationalNumber(next, value.number) : '';
    onChange({ countryCode: event.target.value, number: next && digits ? applyPhoneMask(next.mask, digits.slice(0, next.max)) : value.number });
  }

  const hintId = `${id}-hint`;
  const lengthHint = country
    ? country.min === country.max
      ? authFormat(t, 'phone_number_hint_exact', { digits: country.min })
      : authFormat(t, 'phone_number_hint_range', { min: country.min, max: country.max })
    : null;
  const hintText = [lengthHint, hint].filter(Boolean).join(' ');

  return (
    <div className={formStyles.field}>
      <label htmlFor={`${id}-number`} className={formStyles.label}>
        {authFormat(t, 'phone_number_label')}
      </label>
      <div className={styles.phoneRow}>
        <select
          aria-label={authFormat(t, 'phone_country_label')}
          className={`${formStyles.input} ${styles.phoneCountry}`}
          value={country ? value.countryCode : ''}
          onChange={onCountry}
          disabled={disabled || !list}
        >
          {list ? null : <option value="">{authFormat(t, 'phone_countries_loading')}</option>}
          {list && !country ? <option value="">{authFormat(t, 'phone_country_label')}</option> : null}
          {options.map((o) => (
            <option key={o.code} value={o.code}>
              {o.label}
            </option>
          ))}
        </select>
        <span className={styles.phonePrefix} aria-hidden="true">
          {country?.telCode ?? '+'}
        </span>
        <input
          ref={inputRef}
          id={`${id}-number`}
          name="phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          aria-describedby={hintText ? hintId : undefined}
          className={`${formStyles.input} ${styles.phoneNumber}`}
          placeholder={country ? country.mask.replace(/#/g, '0') : undefined}
          value={value.number}
          onChange={onNumber}
          disabled={disabled}
          autoFocus={autoFocus}
          required
          maxLength={32}
        />
      </div>
      {hintText ? (
        <span id={hintId} className={formStyles.hint}>
          {hintText}
        </span>
      ) : null}
      {countries.status === 'failed' ? (
        <div className={formStyles.links}>
          <span className={formStyles.hint}>{authFormat(t, 'phone_countries_failed')}</span>
          <button type="button" className="btn btn-ghost" onClick={onRetryCountries}>
            {t('main_retry')}
          </button>
        </div>
      ) : null}
    </div>
  );
}
