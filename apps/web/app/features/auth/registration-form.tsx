import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react.tsx';
import { Field, FormMessage, formStyles } from '../../shell/ui/field.tsx';
import { useRequiredRootData } from '../../config/root-data.ts';
import { AUTH_ENDPOINTS, failureText, hasSession, submitJson } from './api.ts';
import { FastCredentials, type Credentials } from './fast-credentials.tsx';

/** SPEC §3 registration types shown in the form (social sign-up arrives with its providers). */
const TYPES = ['full_reg', 'phone_reg', 'fast_reg'] as const;
type RegistrationType = (typeof TYPES)[number];
const CURRENCIES = ['RUB', 'USD', 'EUR', 'GBP', 'KZT', 'UAH', 'TRY', 'UZS', 'AZN'] as const;
const COUNTRIES = ['RU', 'KZ', 'UA', 'UZ', 'AZ', 'TR', 'DE', 'FR', 'ES', 'PT', 'GB', 'AE', 'IR'] as const;
/** The country preselected for a page language (the player can change it). */
const COUNTRY_BY_LANGUAGE: Record<string, (typeof COUNTRIES)[number]> = {
  ru: 'RU', kk: 'KZ', uk: 'UA', uz: 'UZ', az: 'AZ', tr: 'TR', de: 'DE', fr: 'FR', es: 'ES', pt: 'PT', en: 'GB', ar: 'AE', fa: 'IR',
};

export interface RegistrationFormProps {
  rulesHref: string;
  loginHref: string;
  afterRegistrationHref: string;
}

export function RegistrationForm({ rulesHref, loginHref, afterRegistrationHref }: RegistrationFormProps) {
  const { t } = useTranslation();
  const { lng } = useRequiredRootData();
  const [type, setType] = useState<RegistrationType>('full_reg');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [credentials, setCredentials] = useState<Credentials | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const value = (name: string) => String(form.get(name) ?? '').trim();
    setPending(true);
    setError(null);
    const common = {
      currency: value('currency'),
      country: value('country'),
      language: lng,
      bonusChoice: Number(value('bonus') || '0'),
    };
    const body =
      type === 'fast_reg'
        ? common
        : type === 'full_reg'
          ? { ...common, email: value('email'), password: String(form.get('password') ?? '') }
          : { ...common, phone: value('phone'), password: String(form.get('password') ?? '') };
    const result = await submitJson(AUTH_ENDPOINTS.registration[type], body);
    setPending(false);
    if (!result.ok) {
      setError(failureText(result, t, 'modal_registration_unavailable'));
      return;
    }
    if (type === 'fast_reg') {
      // SPEC §4: the generated login and password are shown once, to be saved.
      setCredentials(result.body as Credentials);
      return;
    }
    // The answer is the same for a new and a known e-mail; only a new one starts a session.
    if (await hasSession()) {
      window.location.assign(afterRegistrationHref);
      return;
    }
    const message = (result.body as { message?: unknown } | null)?.message;
    setNotice(typeof message === 'string' ? message : t('modal_registration_check_email'));
  }

  if (credentials) return <FastCredentials credentials={credentials} continueHref={afterRegistrationHref} />;

  return (
    <form className={formStyles.form} onSubmit={onSubmit}>
      {error ? <FormMessage kind="error">{error}</FormMessage> : null}
      {notice ? <FormMessage kind="success">{notice}</FormMessage> : null}
      <fieldset className={formStyles.segmented}>
        <legend>{t('modal_registration_type')}</legend>
        {TYPES.map((k) => (
          <label key={k}>
            <input type="radio" name="type" value={k} checked={type === k} onChange={() => setType(k)} />
            <span>{t(`modal_registration_type_${k}`)}</span>
          </label>
        ))}
      </fieldset>
      {type === 'full_reg' ? <Field label={t('modal_registration_email')} name="email" type="email" autoComplete="email" required /> : null}
      {type === 'phone_reg' ? <Field label={t('modal_registration_phone')} name="phone" type="tel" autoComplete="tel" required placeholder="+" /> : null}
      {type !== 'fast_reg' ? (
        <Field label={t('modal_registration_password')} name="password" type="password" autoComplete="new-password" required minLength={8} hint={t('modal_registration_password_hint')} />
      ) : (
        <p className={formStyles.hint}>{t('modal_registration_fast_hint')}</p>
      )}
      <div className={formStyles.row}>
        <div className={formStyles.field}>
          <label className={formStyles.label} htmlFor="reg-currency">
            {t('modal_registration_currency')}
          </label>
          <select id="reg-currency" name="currency" className={formStyles.input} defaultValue="RUB">
            {CURRENCIES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </div>
        <div className={formStyles.field}>
          <label className={formStyles.label} htmlFor="reg-country">
            {t('modal_registration_country')}
          </label>
          <select id="reg-country" name="country" className={formStyles.input} defaultValue={COUNTRY_BY_LANGUAGE[lng] ?? 'GB'}>
            {COUNTRIES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </div>
      </div>
      <fieldset className={formStyles.radios}>
        <legend>{t('modal_registration_bonus')}</legend>
        {(['1', '2', '0'] as const).map((v) => (
          <label key={v} className={formStyles.check}>
            <input type="radio" name="bonus" value={v} defaultChecked={v === '1'} />
            <span>{t(`modal_registration_bonus_${v}`)}</span>
          </label>
        ))}
      </fieldset>
      <label className={formStyles.check}>
        <input type="checkbox" name="terms" required />
        <span>
          {t('modal_registration_terms_before')} <Link to={rulesHref}>{t('modal_registration_terms_link')}</Link>
        </span>
      </label>
      <button type="submit" className={`btn btn-accent ${formStyles.submit}`} disabled={pending}>
        {pending ? t('main_sending') : t('modal_registration_submit')}
      </button>
      <div className={formStyles.links}>
        <Link to={loginHref} replace>
          {t('modal_registration_have_account')}
        </Link>
      </div>
    </form>
  );
}
