/**
 * The phone_password login mode (SPEC §4): country, phone number, password, "remember me",
 * and the captcha once the server asks for it. Unknown phone and wrong password get the
 * same answer from the server, and the same text here.
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/react.tsx';
import { api, type ApiResult } from '../../shell/http.ts';
import { Field, FormMessage, formStyles } from '../../shell/ui/field.tsx';
import { useRequiredRootData } from '../../config/root-data.ts';
import { isTwoStepRequired, PHONE_AUTH_API } from './api.ts';
import { useCaptchaGate, type CaptchaGate } from './phone-captcha.tsx';
import { defaultPhoneCountry, PhoneField, phoneProblemText, phoneRequestFields, usePhoneCountries, type PhoneValue } from './phone-field.tsx';
import { phoneErrorText } from './sms-code.tsx';

export interface LoginStepProps {
  /** Where to go after logging in (a full page load, so the server renders the player). */
  afterLoginHref: string;
  /** The server asked for the second factor (two-step authentication is on). */
  onTwoStep: (remember: boolean) => void;
}

/** After a successful login step: the second step when asked for, else the page as a player. */
export function finishLogin(result: Extract<ApiResult, { ok: true }>, remember: boolean, { afterLoginHref, onTwoStep }: LoginStepProps): void {
  if (isTwoStepRequired(result.body)) onTwoStep(remember);
  else window.location.assign(afterLoginHref);
}

export interface LoginStepRun {
  formElement: HTMLFormElement;
  captcha: CaptchaGate;
  props: LoginStepProps;
  setPending: (pending: boolean) => void;
  setError: (error: string | null) => void;
  /** The step's call, with the captcha header and the "save" flag. */
  send: (form: FormData, headers: Record<string, string>, remember: boolean) => Promise<ApiResult>;
  /** The text for a failure that was not about the captcha. */
  failureText: (result: Extract<ApiResult, { ok: false }>) => string;
}

/** The submit of every login form: captcha gate, the call, then the session, the second step or the error. */
export async function runLoginStep({ formElement, captcha, props, setPending, setError, send, failureText }: LoginStepRun): Promise<void> {
  const form = new FormData(formElement);
  setPending(true);
  setError(null);
  const gate = await captcha.headers(formElement);
  if (!gate.ok) {
    setError(gate.message);
    setPending(false);
    return;
  }
  const remember = form.get('save') === 'on';
  const result = await send(form, gate.headers, remember);
  const captchaText = await captcha.afterCall(result);
  if (result.ok) {
    finishLogin(result, remember, props);
    if (isTwoStepRequired(result.body)) setPending(false);
    return;
  }
  setError(captchaText ?? failureText(result));
  setPending(false);
}

export function PhoneLoginForm(props: LoginStepProps) {
  const { t } = useTranslation();
  const { lng } = useRequiredRootData();
  const { state: countries, retry } = usePhoneCountries();
  const [phone, setPhone] = useState<PhoneValue>(() => ({ countryCode: defaultPhoneCountry(lng), number: '' }));
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const captcha = useCaptchaGate(t);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const problem = phoneProblemText(t, countries.status === 'ready' ? countries.countries : null, phone);
    if (problem) {
      setError(problem);
      return;
    }
    await runLoginStep({
      formElement,
      captcha,
      props,
      setPending,
      setError,
      send: (form, headers, remember) =>
        api.post(
          PHONE_AUTH_API.loginPhone,
          { ...phoneRequestFields(phone), uPassword: String(form.get('password') ?? ''), save: remember },
          { headers, refreshOn401: false },
        ),
      failureText: (result) => phoneErrorText(t, result),
    });
  }

  return (
    <form className={formStyles.form} onSubmit={onSubmit}>
      {error ? <FormMessage kind="error">{error}</FormMessage> : null}
      <PhoneField value={phone} onChange={setPhone} countries={countries} onRetryCountries={retry} />
      <Field label={t('modal_login_field_password')} name="password" type="password" autoComplete="current-password" required />
      <label className={formStyles.check}>
        <input type="checkbox" name="save" defaultChecked />
        <span>{t('modal_login_remember')}</span>
      </label>
      {captcha.field}
      <button type="submit" className={`btn btn-accent ${formStyles.submit}`} disabled={pending}>
        {pending ? t('main_sending') : t('modal_login_submit')}
      </button>
    </form>
  );
}
