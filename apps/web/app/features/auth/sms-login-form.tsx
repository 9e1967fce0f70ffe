/**
 * The sms login mode (SPEC §4): the phone, "Send code", then the code from the SMS with
 * "remember me", a resend button that counts down, and "change number". The server
 * answers "send" the same for every number, so the code step always follows.
 */
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/react.tsx';
import { api } from '../../shell/http.ts';
import { FormMessage, formStyles } from '../../shell/ui/field.tsx';
import { useRequiredRootData } from '../../config/root-data.ts';
import { PHONE_AUTH_API } from './api.ts';
import { useCaptchaGate } from './phone-captcha.tsx';
import { authFormat, defaultPhoneCountry, PhoneField, phoneProblemText, phoneRequestFields, usePhoneCountries, type PhoneValue } from './phone-field.tsx';
import { runLoginStep, type LoginStepProps } from './phone-login-form.tsx';
import { phoneErrorText, ResendButton, sendSmsCode, SmsCodeField, smsTimings, useCountdown } from './sms-code.tsx';

type Step = { name: 'phone' } | { name: 'code'; codeLength: number; minutes: number };

export function SmsLoginForm(props: LoginStepProps) {
  const { t } = useTranslation();
  const { lng } = useRequiredRootData();
  const { state: countries, retry } = usePhoneCountries();
  const [phone, setPhone] = useState<PhoneValue>(() => ({ countryCode: defaultPhoneCountry(lng), number: '' }));
  const [step, setStep] = useState<Step>({ name: 'phone' });
  // The number the countdown is about: another number may be sent a code at once.
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [changedNumber, setChangedNumber] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const captcha = useCaptchaGate(t);
  const countdown = useCountdown();
  const codeForm = useRef<HTMLFormElement>(null);
  const list = countries.status === 'ready' ? countries.countries : null;
  const shownPhone = `${list?.find((c) => c.countryCode === phone.countryCode)?.telCode ?? ''} ${phone.number}`.trim();
  const phoneKey = `${phone.countryCode}:${phone.number.replace(/\D/g, '')}`;
  const waiting = countdown.secondsLeft > 0 && sentTo === phoneKey;

  async function send(form: HTMLFormElement | null) {
    const problem = phoneProblemText(t, list, phone);
    if (problem) {
      setStep({ name: 'phone' });
      setError(problem);
      return;
    }
    setPending(true);
    setError(null);
    const gate = await captcha.headers(form);
    if (!gate.ok) {
      setError(gate.message);
      setPending(false);
      return;
    }
    const result = await sendSmsCode('login', phone, gate.headers);
    const captchaText = await captcha.afterCall(result);
    setPending(false);
    if (!result.ok) {
      // A captcha asked for on "resend" is answered on the phone step.
      if (captchaText) setStep({ name: 'phone' });
      setError(captchaText ?? phoneErrorText(t, result));
      return;
    }
    const timings = smsTimings(result.body);
    countdown.start(timings.resendAfterSeconds);
    setSentTo(phoneKey);
    setStep({ name: 'code', codeLength: timings.codeLength, minutes: Math.round(timings.expiresInSeconds / 60) });
  }

  async function onLogin(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    await runLoginStep({
      formElement: event.currentTarget,
      captcha,
      props,
      setPending,
      setError,
      send: (form, headers, remember) =>
        api.post(
          PHONE_AUTH_API.loginSms,
          { ...phoneRequestFields(phone), code: String(form.get('code') ?? '').trim(), save: remember },
          { headers, refreshOn401: false },
        ),
      failureText: (result) => phoneErrorText(t, result),
    });
  }

  if (step.name === 'code') {
    return (
      <form ref={codeForm} className={formStyles.form} onSubmit={onLogin}>
        <FormMessage kind="success">{authFormat(t, 'sms_sent_login', { phone: shownPhone, minutes: step.minutes })}</FormMessage>
        {error ? <FormMessage kind="error">{error}</FormMessage> : null}
        <SmsCodeField t={t} codeLength={step.codeLength} autoFocus />
        <label className={formStyles.check}>
          <input type="checkbox" name="save" defaultChecked />
          <span>{t('modal_login_remember')}</span>
        </label>
        {captcha.field}
        <button type="submit" className={`btn btn-accent ${formStyles.submit}`} disabled={pending}>
          {pending ? t('main_sending') : t('modal_login_submit')}
        </button>
        <div className={formStyles.links}>
          <ResendButton t={t} secondsLeft={countdown.secondsLeft} pending={pending} onResend={() => void send(codeForm.current)} />
          <button
            type="button"
            className="btn btn-ghost"
            onClick={() => {
              setStep({ name: 'phone' });
              setChangedNumber(true);
              setError(null);
            }}
          >
            {authFormat(t, 'sms_change_number')}
          </button>
        </div>
      </form>
    );
  }

  return (
    <form
      className={formStyles.form}
      onSubmit={(event) => {
        event.preventDefault();
        void send(event.currentTarget);
      }}
    >
      {error ? <FormMessage kind="error">{error}</FormMessage> : null}
      <PhoneField value={phone} onChange={setPhone} countries={countries} onRetryCountries={retry} autoFocus={changedNumber} />
      {captcha.field}
      <button type="submit" className={`btn btn-accent ${formStyles.submit}`} disabled={pending || waiting}>
        {pending ? t('main_sending') : waiting ? authFormat(t, 'sms_resend_in', { seconds: countdown.secondsLeft }) : authFormat(t, 'sms_send')}
      </button>
    </form>
  );
}
