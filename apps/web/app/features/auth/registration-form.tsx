/**
 * Registration (SPEC §2, §3): by e-mail (full_reg), by phone (phone_reg: the phone, a code
 * sent by SMS, a password) or in one click (fast_reg), plus the social buttons (soc_reg).
 *
 * - E-mail: the server answers the same 202 for a new and a taken address and mails an
 *   activation link, so the form says "check your e-mail" whatever happened (it does not
 *   look at the session cookie).
 * - Phone: the code proves the number; the new player is logged in (201).
 * - One click: the generated login and password are shown once (SPEC §4).
 */
import { useRef, useState, type FormEvent } from 'react';
import { Link } from '../../shell/link.tsx';
import { useTranslation } from '../../i18n/react.tsx';
import { api } from '../../shell/http.ts';
import { Field, FormMessage, formStyles } from '../../shell/ui/field.tsx';
import { useRequiredRootData } from '../../config/root-data.ts';
import { AUTH_ENDPOINTS, PHONE_AUTH_API } from './api.ts';
import { FastCredentials, type Credentials } from './fast-credentials.tsx';
import { useCaptchaGate } from './phone-captcha.tsx';
import { authFormat, defaultPhoneCountry, PhoneField, phoneProblemText, phoneRequestFields, usePhoneCountries, type PhoneValue } from './phone-field.tsx';
import { phoneErrorText, ResendButton, sendSmsCode, SmsCodeField, smsTimings, useCountdown } from './sms-code.tsx';
import { SocialButtons } from './social-buttons.tsx';
import { registrationReferral } from './referral.ts';

/** SPEC §3 registration types shown in the form (social sign-up has its own buttons). */
const TYPES = ['full_reg', 'phone_reg', 'fast_reg'] as const;
type RegistrationType = (typeof TYPES)[number];
const CURRENCIES = ['RUB', 'USD', 'EUR', 'GBP', 'KZT', 'UAH', 'TRY', 'UZS', 'AZN'] as const;
const COUNTRIES = ['RU', 'KZ', 'UA', 'UZ', 'AZ', 'TR', 'DE', 'FR', 'ES', 'PT', 'GB', 'AE', 'IR'] as const;

export interface RegistrationFormProps {
  rulesHref: string;
  loginHref: string;
  afterRegistrationHref: string;
}

type SmsState = { sent: false } | { sent: true; codeLength: number; minutes: number; to: string };

export function RegistrationForm({ rulesHref, loginHref, afterRegistrationHref }: RegistrationFormProps) {
  const { t } = useTranslation();
  const { lng } = useRequiredRootData();
  const [type, setType] = useState<RegistrationType>('full_reg');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [emailSent, setEmailSent] = useState(false);
  const [credentials, setCredentials] = useState<Credentials | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const captcha = useCaptchaGate(t);

  // phone_reg
  const { state: countries, retry } = usePhoneCountries();
  const [phone, setPhone] = useState<PhoneValue>(() => ({ countryCode: defaultPhoneCountry(lng), number: '' }));
  const [sms, setSms] = useState<SmsState>({ sent: false });
  const [sending, setSending] = useState(false);
  const countdown = useCountdown();
  const countryList = countries.status === 'ready' ? countries.countries : null;
  const phoneKey = `${phone.countryCode}:${phone.number.replace(/\D/g, '')}`;
  const waiting = countdown.secondsLeft > 0 && sms.sent && sms.to === phoneKey;

  async function sendCode() {
    const problem = phoneProblemText(t, countryList, phone);
    if (problem) {
      setError(problem);
      return;
    }
    setSending(true);
    setError(null);
    const gate = await captcha.headers(formRef.current);
    if (!gate.ok) {
      setError(gate.message);
      setSending(false);
      return;
    }
    const result = await sendSmsCode('registration', phone, gate.headers);
    const captchaText = await captcha.afterCall(result);
    setSending(false);
    if (!result.ok) {
      setError(captchaText ?? phoneErrorText(t, result));
      return;
    }
    const timings = smsTimings(result.body);
    countdown.start(timings.resendAfterSeconds);
    setSms({ sent: true, codeLength: timings.codeLength, minutes: Math.round(timings.expiresInSeconds / 60), to: phoneKey });
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const value = (name: string) => String(form.get(name) ?? '').trim();
    const common = {
      currency: value('currency'),
      country: value('country'),
      language: lng,
      bonusChoice: Number(value('bonus') || '0'),
      referral: registrationReferral(document.cookie),
    };
    if (type === 'phone_reg') {
      const problem = phoneProblemText(t, countryList, phone);
      if (problem || !sms.sent) {
        setError(problem ?? authFormat(t, 'phonereg_code_first'));
        return;
      }
    }
    setPending(true);
    setError(null);
    const gate = type === 'phone_reg' ? await captcha.headers(formElement) : ({ ok: true, headers: {} } as const);
    if (!gate.ok) {
      setError(gate.message);
      setPending(false);
      return;
    }
    const password = String(form.get('password') ?? '');
    const [url, body] =
      type === 'fast_reg'
        ? [AUTH_ENDPOINTS.registration.fast_reg, common]
        : type === 'full_reg'
          ? [AUTH_ENDPOINTS.registration.full_reg, { ...common, email: value('email'), password }]
          : [PHONE_AUTH_API.registration, { ...common, ...phoneRequestFields(phone), code: value('code'), password }];
    const result = await api.post(url, body, { headers: gate.headers, refreshOn401: false });
    const captchaText = type === 'phone_reg' ? await captcha.afterCall(result) : null;
    setPending(false);
    if (!result.ok) {
      if (captchaText) setError(captchaText);
      else if (result.status === 404) setError(t('modal_registration_unavailable'));
      else if (type === 'phone_reg') setError(phoneErrorText(t, result));
      else if (result.network) setError(t('main_network_error'));
      else setError(result.message ?? t('main_error_generic'));
      return;
    }
    if (type === 'fast_reg') {
      // SPEC §4: the generated login and password are shown once, to be saved.
      setCredentials(result.body as Credentials);
      return;
    }
    if (type === 'phone_reg') {
      window.location.assign(afterRegistrationHref);
      return;
    }
    // The same answer for a new and a known e-mail; the activation link comes by mail.
    setEmailSent(true);
  }

  if (credentials) return <FastCredentials credentials={credentials} continueHref={afterRegistrationHref} />;

  if (emailSent) {
    return (
      <div className={formStyles.form}>
        <FormMessage kind="success">{authFormat(t, 'registration_email_sent')}</FormMessage>
        <p className={formStyles.hint}>{authFormat(t, 'registration_email_sent_hint')}</p>
        <div className={formStyles.links}>
          {/* A full page load: the server renders whoever the browser now is. */}
          <a href={afterRegistrationHref} className="btn btn-ghost">
            {authFormat(t, 'registration_back_to_site')}
          </a>
        </div>
      </div>
    );
  }

  return (
    <form ref={formRef} className={formStyles.form} onSubmit={onSubmit}>
      {error ? <FormMessage kind="error">{error}</FormMessage> : null}
      <fieldset className={formStyles.segmented}>
        <legend>{t('modal_registration_type')}</legend>
        {TYPES.map((k) => (
          <label key={k}>
            <input
              type="radio"
              name="type"
              value={k}
              checked={type === k}
              onChange={() => {
                setType(k);
                setError(null);
              }}
            />
            <span>{t(`modal_registration_type_${k}`)}</span>
          </label>
        ))}
      </fieldset>
      {type === 'full_reg' ? <Field label={t('modal_registration_email')} name="email" type="email" autoComplete="email" required /> : null}
      {type === 'phone_reg' ? (
        <>
          <PhoneField value={phone} onChange={setPhone} countries={countries} onRetryCountries={retry} hint={authFormat(t, 'phonereg_phone_hint')} />
          {sms.sent ? (
            <>
              <FormMessage kind="success">{authFormat(t, 'sms_sent_registration', { minutes: sms.minutes })}</FormMessage>
              <SmsCodeField t={t} codeLength={sms.codeLength} autoFocus />
              <div className={formStyles.links}>
                <ResendButton t={t} secondsLeft={waiting ? countdown.secondsLeft : 0} pending={sending} onResend={() => void sendCode()} />
              </div>
            </>
          ) : (
            <button type="button" className="btn" disabled={sending} onClick={() => void sendCode()}>
              {sending ? t('main_sending') : authFormat(t, 'sms_send')}
            </button>
          )}
        </>
      ) : null}
      {type !== 'fast_reg' ? (
        <Field
          label={t('modal_registration_password')}
          name="password"
          type="password"
          autoComplete="new-password"
          required
          minLength={8}
          maxLength={128}
          hint={t('modal_registration_password_hint')}
        />
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
          <select id="reg-country" name="country" className={formStyles.input} defaultValue={defaultPhoneCountry(lng).toUpperCase()}>
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
      {captcha.field}
      <button type="submit" className={`btn btn-accent ${formStyles.submit}`} disabled={pending}>
        {pending ? t('main_sending') : t('modal_registration_submit')}
      </button>
      <SocialButtons intent="registration" />
      <div className={formStyles.links}>
        <Link to={loginHref} replace>
          {t('modal_registration_have_account')}
        </Link>
      </div>
    </form>
  );
}
