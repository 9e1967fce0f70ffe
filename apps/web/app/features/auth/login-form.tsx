/**
 * The login form (modal and page): the SPEC §4 modes as tabs — e-mail or account number
 * with password, phone with password, SMS code, QR code — the social buttons, and the
 * second step (SPEC §4 login_password_two_step_code) after any first step that asks for it.
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link } from '../../shell/link.tsx';
import { useTranslation } from '../../i18n/react.tsx';
import { api } from '../../shell/http.ts';
import { Field, FormMessage, formStyles } from '../../shell/ui/field.tsx';
import { AUTH_ENDPOINTS, PHONE_AUTH_API } from './api.ts';
import { useCaptchaGate } from './phone-captcha.tsx';
import { authFormat } from './phone-field.tsx';
import { PhoneLoginForm, runLoginStep, type LoginStepProps } from './phone-login-form.tsx';
import { SmsLoginForm } from './sms-login-form.tsx';
import { phoneErrorText } from './sms-code.tsx';
import { Tabs, type LoginMode } from './login-modes.tsx';
import { QrLoginPanel } from './qr-login.tsx';
import { TwoStepForm } from './two-step-form.tsx';
import { SocialButtons } from './social-buttons.tsx';

export interface LoginFormProps {
  /** Where "Forgot password?" and "Registration" lead (modal urls or pages). */
  forgotHref: string;
  registrationHref: string | null;
  /** Where to go after logging in (a full page load, so the server renders the player). */
  afterLoginHref: string;
}

const MODE_LABEL_KEYS = {
  login_password: 'loginmode_login_password',
  phone_password: 'loginmode_phone_password',
  sms: 'loginmode_sms',
  qr: 'loginmode_qr',
} as const satisfies Record<LoginMode, string>;

export function LoginForm({ forgotHref, registrationHref, afterLoginHref }: LoginFormProps) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<LoginMode>('login_password');
  // Set when a first step answered `two_step_required`: the second step replaces the modes.
  const [twoStep, setTwoStep] = useState<{ remember: boolean } | null>(null);

  if (twoStep) return <TwoStepForm remember={twoStep.remember} afterLoginHref={afterLoginHref} onCancel={() => setTwoStep(null)} />;

  const step: LoginStepProps = { afterLoginHref, onTwoStep: (remember) => setTwoStep({ remember }) };
  const panels: Record<LoginMode, () => ReactNode> = {
    login_password: () => <PasswordLoginForm {...step} />,
    phone_password: () => <PhoneLoginForm {...step} />,
    sms: () => <SmsLoginForm {...step} />,
    qr: () => <QrLoginPanel afterLoginHref={afterLoginHref} />,
  };

  return (
    <div className={formStyles.form}>
      <Tabs
        label={authFormat(t, 'loginmode_tabs_label')}
        items={(Object.keys(MODE_LABEL_KEYS) as LoginMode[]).map((key) => ({ key, label: authFormat(t, MODE_LABEL_KEYS[key]), render: panels[key] }))}
        selected={mode}
        onSelect={setMode}
      />
      <SocialButtons intent="login" />
      <div className={formStyles.links}>
        <Link to={forgotHref} replace>
          {t('modal_login_forgot')}
        </Link>
        {registrationHref ? (
          <Link to={registrationHref} replace>
            {t('modal_login_no_account')}
          </Link>
        ) : null}
      </div>
    </div>
  );
}

/**
 * login_password: an e-mail or account number (SPEC §7 uLogin) — or, as the field's hint
 * says, a phone in international form, which goes to the phone login.
 */
/** The e-mail field promises phones too: a number written internationally goes to the phone login. */
const isPhoneLogin = (login: string) => !login.includes('@') && /^(\+|00)\d/.test(login.replace(/[\s()-]/g, ''));

function PasswordLoginForm(props: LoginStepProps) {
  const { t } = useTranslation();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const captcha = useCaptchaGate(t);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    let byPhone = false;
    await runLoginStep({
      formElement: event.currentTarget,
      captcha,
      props,
      setPending,
      setError,
      send: (form, headers, remember) => {
        const login = String(form.get('login') ?? '').trim();
        const password = String(form.get('password') ?? '');
        byPhone = isPhoneLogin(login);
        return byPhone
          ? api.post(PHONE_AUTH_API.loginPhone, { phone_number: login, uPassword: password, save: remember }, { headers, refreshOn401: false })
          : api.post(AUTH_ENDPOINTS.login, { uLogin: login, uPassword: password, save: remember }, { headers, refreshOn401: false });
      },
      failureText: (result) => {
        if (result.status === 404) return t('modal_login_unavailable');
        if (result.code === 'invalid_credentials' && !byPhone) return authFormat(t, 'login_wrong');
        return phoneErrorText(t, result);
      },
    });
  }

  return (
    <form className={formStyles.form} onSubmit={onSubmit}>
      {error ? <FormMessage kind="error">{error}</FormMessage> : null}
      <Field label={t('modal_login_field_login')} name="login" autoComplete="username" required hint={t('modal_login_field_login_hint')} />
      <Field label={t('modal_login_field_password')} name="password" type="password" autoComplete="current-password" required minLength={1} />
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
