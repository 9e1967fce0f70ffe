/**
 * The e-mail activation page (SPEC §2 user/activate, user/activatefast): the link's token
 * (in the fragment, `#token=…`, so it reaches neither logs nor Referer headers; `?token=`
 * works too) is confirmed with the server, which logs the player in. An expired, used or
 * broken link gets a clear page and a form for a new link (the answer never says whether
 * the address is registered).
 */
import { useEffect, useState, type FormEvent } from 'react';
import type { ActivateResponse, UserConfigErrorCode as ContractCodes } from '@betsite/contracts';
import { useTranslation } from '../../i18n/react.tsx';
import { api } from '../../shell/http.ts';
import { Field, FormMessage, formStyles } from '../../shell/ui/field.tsx';
import { USER_CONFIG_API } from '../user-config/index.ts';

export const ActivationErrorCode = {
  activationInvalid: 'activation_link_invalid',
  activationExpired: 'activation_link_expired',
  activationUsed: 'activation_link_used',
} as const satisfies Partial<typeof ContractCodes>;

type Failure = 'invalid' | 'expired' | 'used' | 'network';
type State = { kind: 'no-token' } | { kind: 'checking' } | { kind: 'done'; twoStep: boolean } | { kind: 'failed'; why: Failure };

/** The token of the link: `#token=…` (what our mails send) or `?token=…`. */
export function tokenFromLocation(hash: string, search: string): string | null {
  const fromHash = new URLSearchParams(hash.replace(/^#/, '')).get('token');
  const token = fromHash ?? new URLSearchParams(search).get('token');
  return token && token.trim() !== '' ? token.trim() : null;
}

export function failureOf(code: string | null, network: boolean): Failure {
  if (network) return 'network';
  if (code === ActivationErrorCode.activationExpired) return 'expired';
  if (code === ActivationErrorCode.activationUsed) return 'used';
  return 'invalid';
}

export interface ActivationViewProps {
  homeHref: string;
  loginHref: string;
}

export function ActivationView({ homeHref, loginHref }: ActivationViewProps) {
  const { t } = useTranslation('auth');
  const [state, setState] = useState<State>({ kind: 'checking' });

  useEffect(() => {
    const token = tokenFromLocation(window.location.hash, window.location.search);
    if (!token) {
      setState({ kind: 'no-token' });
      return;
    }
    // The link is spent now: keep it out of the history and of anything copied from the address bar.
    window.history.replaceState(window.history.state, '', window.location.pathname);
    let cancelled = false;
    void api.post<ActivateResponse>(USER_CONFIG_API.activate, { token }, { refreshOn401: false }).then((answer) => {
      if (cancelled) return;
      if (answer.ok) {
        const login = answer.body?.login;
        setState({ kind: 'done', twoStep: login !== null && login !== undefined && 'status' in login });
      } else {
        setState({ kind: 'failed', why: failureOf(answer.code, answer.network) });
      }
    });
    return () => {
      cancelled = true;
    };
  }, []);

  if (state.kind === 'checking') {
    return (
      <p role="status" aria-live="polite">
        {t('activation_checking')}
      </p>
    );
  }
  if (state.kind === 'done') {
    return (
      <div className={formStyles.form} data-testid="activation-done">
        <h2>{t('activation_done_title')}</h2>
        <FormMessage kind="success">{state.twoStep ? t('activation_done_two_step') : t('activation_done_text')}</FormMessage>
        {/* A full page load: the header and the office render as the logged-in player. */}
        <a className={`btn btn-accent ${formStyles.submit}`} href={state.twoStep ? loginHref : homeHref}>
          {state.twoStep ? t('activation_login') : t('activation_continue')}
        </a>
      </div>
    );
  }
  if (state.kind === 'failed' && state.why === 'used') {
    return (
      <div className={formStyles.form}>
        <h2>{t('activation_used_title')}</h2>
        <p>{t('activation_used_text')}</p>
        <a className={`btn btn-accent ${formStyles.submit}`} href={loginHref}>
          {t('activation_login')}
        </a>
      </div>
    );
  }
  return (
    <div className={formStyles.form}>
      {state.kind === 'no-token' ? (
        <>
          <h2>{t('activate_title')}</h2>
          <p>{t('activate_text')}</p>
        </>
      ) : (
        <>
          <h2>{t(`activation_${state.why}_title`)}</h2>
          <p>{t('activation_failed_text')}</p>
        </>
      )}
      <ResendForm />
    </div>
  );
}

function ResendForm() {
  const { t } = useTranslation(['auth', 'main']);
  const [pending, setPending] = useState(false);
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get('email') ?? '').trim();
    setPending(true);
    setMessage(null);
    const answer = await api.post(USER_CONFIG_API.activateResend, { email }, { refreshOn401: false });
    setPending(false);
    if (answer.ok) setMessage({ kind: 'success', text: t('activation_resend_sent') });
    else setMessage({ kind: 'error', text: answer.network ? t('main:main_network_error') : answer.status === 400 ? t('activation_resend_bad_email') : t('main:main_error_generic') });
  }

  return (
    <form className={formStyles.form} onSubmit={onSubmit} aria-label={t('activation_resend_submit')}>
      {message ? <FormMessage kind={message.kind}>{message.text}</FormMessage> : null}
      <Field label={t('activation_resend_email')} name="email" type="email" autoComplete="email" required />
      <button type="submit" className={`btn btn-accent ${formStyles.submit}`} disabled={pending}>
        {t('activation_resend_submit')}
      </button>
    </form>
  );
}
