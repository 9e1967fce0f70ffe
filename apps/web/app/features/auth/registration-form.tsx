import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react.tsx';
import { Field, FormMessage, formStyles } from '../../shell/ui/field.tsx';
import { AUTH_ENDPOINTS, failureText, submitJson } from './api.ts';

/** SPEC §3 registration types shown in the form (social sign-up arrives with its providers). */
const TYPES = ['full_reg', 'phone_reg', 'fast_reg'] as const;
type RegistrationType = (typeof TYPES)[number];
const CURRENCIES = ['RUB', 'USD', 'EUR', 'KZT', 'UAH', 'TRY', 'UZS', 'AZN'] as const;

export interface RegistrationFormProps {
  rulesHref: string;
  loginHref: string;
  afterRegistrationHref: string;
}

export function RegistrationForm({ rulesHref, loginHref, afterRegistrationHref }: RegistrationFormProps) {
  const { t } = useTranslation();
  const [type, setType] = useState<RegistrationType>('full_reg');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const value = (name: string) => String(form.get(name) ?? '').trim();
    setPending(true);
    setError(null);
    const result = await submitJson(AUTH_ENDPOINTS.registration, {
      type,
      email: type === 'full_reg' ? value('email') : undefined,
      phone: type === 'phone_reg' ? value('phone') : undefined,
      password: type === 'fast_reg' ? undefined : String(form.get('password') ?? ''),
      currency: value('currency'),
      bonusChoice: Number(value('bonus') || '0'),
      promoCode: value('promo') || undefined,
      acceptTerms: form.get('terms') === 'on',
    });
    if (result.ok) {
      window.location.assign(afterRegistrationHref);
      return;
    }
    setPending(false);
    setError(failureText(result, t, 'modal_registration_unavailable'));
  }

  return (
    <form className={formStyles.form} onSubmit={onSubmit}>
      {error ? <FormMessage kind="error">{error}</FormMessage> : null}
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
        <Field label={t('modal_registration_promo')} name="promo" autoComplete="off" />
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
