/**
 * Where a social sign-in that did not simply log in lands (SPEC §2, §3 soc_reg):
 *
 * - `SocialLoginLanding`, around the login page's form: `?social_error=<code>` says why the
 *   sign-in did not complete (cancelled, expired, …) above the form; `?social_step=two-step`
 *   shows the second step instead of the form (the account has two-step authentication);
 * - `SocialRegistrationView`, the page `registration/socialregistration`: the "complete
 *   registration" step of a new identity — currency, country, bonus and the rules, then
 *   `POST /web-api/registration/v1/social` creates the soc_reg account.
 */
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Link } from '../../shell/link.tsx';
import { useTranslation } from '../../i18n/react.tsx';
import { useRequiredRootData } from '../../config/root-data.ts';
import { api } from '../../shell/http.ts';
import { FormMessage, formStyles } from '../../shell/ui/field.tsx';
import { SOCIAL_ERROR_CODES, SOCIAL_URLS } from './social-api.ts';
import { socialText, type AuthTextKey } from './social-text.ts';
import { TwoStepForm } from './two-step-form.tsx';
import styles from './social-login.module.css';

// The registration form's choices (kept in step with registration-form.tsx).
const CURRENCIES = ['RUB', 'USD', 'EUR', 'GBP', 'KZT', 'UAH', 'TRY', 'UZS', 'AZN'] as const;
const COUNTRIES = ['RU', 'KZ', 'UA', 'UZ', 'AZ', 'TR', 'DE', 'FR', 'ES', 'PT', 'GB', 'AE', 'IR'] as const;
const COUNTRY_BY_LANGUAGE: Record<string, string> = {
  ru: 'RU', kk: 'KZ', uk: 'UA', uz: 'UZ', az: 'AZ', tr: 'TR', de: 'DE', fr: 'FR', es: 'ES', pt: 'PT', en: 'GB', ar: 'AE', fa: 'IR',
};

interface Pending {
  providerName: string;
  name: string | null;
  currency: string | null;
  country: string | null;
  bonusChoice: 0 | 1 | 2 | null;
}

export interface SocialLoginLandingProps {
  homeHref: string;
  loginHref: string;
  /** The login form. */
  children: ReactNode;
}

export function SocialLoginLanding({ homeHref, loginHref, children }: SocialLoginLandingProps) {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  if (search.get('social_step') === 'two-step') {
    return (
      <div className={formStyles.form}>
        <p>{socialText(t, 'social_twostep_intro')}</p>
        <TwoStepForm remember afterLoginHref={homeHref} onCancel={() => window.location.assign(loginHref)} />
      </div>
    );
  }
  const error = search.get('social_error');
  if (error === null) return children;
  const code = SOCIAL_ERROR_CODES.find((c) => c === error) ?? 'provider_error';
  return (
    <div className={formStyles.form}>
      <div data-testid="social-error">
        <FormMessage kind="error">{socialText(t, `social_error_${code}` as AuthTextKey)}</FormMessage>
      </div>
      {children}
    </div>
  );
}

export interface SocialRegistrationViewProps {
  loginHref: string;
  rulesHref: string;
}

export function SocialRegistrationView({ loginHref, rulesHref }: SocialRegistrationViewProps) {
  return <CompleteRegistration loginHref={loginHref} rulesHref={rulesHref} />;
}

function CompleteRegistration({ loginHref, rulesHref }: { loginHref: string; rulesHref: string }) {
  const { t } = useTranslation();
  const { lng } = useRequiredRootData();
  const [pending, setPending] = useState<Pending | null | 'missing'>(null);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    void api.get<Pending>(SOCIAL_URLS.registration, { refreshOn401: false }).then((result) => {
      if (live) setPending(result.ok ? result.body : 'missing');
    });
    return () => {
      live = false;
    };
  }, []);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setSending(true);
    setError(null);
    const result = await api.post<{ redirectUrl: string }>(
      SOCIAL_URLS.registration,
      { currency: String(form.get('currency')), country: String(form.get('country')), language: lng, bonusChoice: Number(form.get('bonus') ?? 0) },
      { refreshOn401: false },
    );
    if (result.ok) {
      window.location.assign(result.body.redirectUrl);
      return;
    }
    setSending(false);
    if (result.status === 404 || result.status === 409) setPending('missing');
    else setError(result.network ? t('main_network_error') : (result.message ?? t('main_error_generic')));
  }

  if (pending === null) return <p className={styles.muted}>{t('main_loading')}</p>;
  if (pending === 'missing') {
    return (
      <div className={formStyles.form}>
        <FormMessage kind="error">{socialText(t, 'social_complete_missing')}</FormMessage>
        <div className={formStyles.links}>
          <Link to={loginHref}>{socialText(t, 'social_login_other_way')}</Link>
        </div>
      </div>
    );
  }
  return (
    <form className={formStyles.form} onSubmit={onSubmit} aria-labelledby="social-complete-title">
      <h2 id="social-complete-title">{socialText(t, 'social_complete_title')}</h2>
      {pending.name ? <p>{socialText(t, 'social_complete_hello', { name: pending.name })}</p> : null}
      <p className={styles.muted}>{socialText(t, 'social_complete_intro', { provider: pending.providerName })}</p>
      {error ? <FormMessage kind="error">{error}</FormMessage> : null}
      <div className={formStyles.row}>
        <div className={formStyles.field}>
          <label className={formStyles.label} htmlFor="social-currency">
            {t('modal_registration_currency')}
          </label>
          <select id="social-currency" name="currency" className={formStyles.input} defaultValue={pending.currency ?? 'RUB'}>
            {CURRENCIES.map((c) => (
              <option key={c}>{c}</option>
            ))}
          </select>
        </div>
        <div className={formStyles.field}>
          <label className={formStyles.label} htmlFor="social-country">
            {t('modal_registration_country')}
          </label>
          <select id="social-country" name="country" className={formStyles.input} defaultValue={pending.country ?? COUNTRY_BY_LANGUAGE[lng] ?? 'GB'}>
            {COUNTRIES.map((c) => (
              <option key={c}>{c}</option>
            ))}
          </select>
        </div>
      </div>
      <fieldset className={formStyles.radios}>
        <legend>{t('modal_registration_bonus')}</legend>
        {(['1', '2', '0'] as const).map((v) => (
          <label key={v} className={formStyles.check}>
            <input type="radio" name="bonus" value={v} defaultChecked={v === String(pending.bonusChoice ?? 1)} />
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
      <button type="submit" className={`btn btn-accent ${formStyles.submit}`} disabled={sending}>
        {sending ? t('main_sending') : socialText(t, 'social_complete_submit')}
      </button>
    </form>
  );
}
