/**
 * Re-authentication before sensitive changes: `guard(call)` runs the call; when the server
 * answers 403 `reauth_required`, a dialog asks for the password (or a code sent to the
 * proven phone or e-mail), then the call runs once more. Cancelling answers the refusal.
 */
import { useCallback, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/react.tsx';
import { api, type ApiResult } from '../../shell/http.ts';
import { Dialog } from '../../shell/ui/dialog.tsx';
import { Field, FormMessage, formStyles } from '../../shell/ui/field.tsx';
import { errorText, needsReauth, SECURITY_URLS } from './security.ts';

export type Guard = <T>(call: () => Promise<ApiResult<T>>) => Promise<ApiResult<T>>;

export function useReauth(byCode: boolean): { guard: Guard; dialog: ReactNode } {
  const [open, setOpen] = useState(false);
  const settle = useRef<((ok: boolean) => void) | null>(null);

  const ask = useCallback(
    () =>
      new Promise<boolean>((resolve) => {
        settle.current = resolve;
        setOpen(true);
      }),
    [],
  );
  const close = (ok: boolean) => {
    setOpen(false);
    settle.current?.(ok);
    settle.current = null;
  };

  const guard: Guard = useCallback(
    async (call) => {
      const first = await call();
      if (!needsReauth(first)) return first;
      return (await ask()) ? call() : first;
    },
    [ask],
  );

  return { guard, dialog: open ? <ReauthDialog byCode={byCode} onDone={close} /> : null };
}

function ReauthDialog({ byCode, onDone }: { byCode: boolean; onDone: (ok: boolean) => void }) {
  const { t } = useTranslation('office');
  const [mode, setMode] = useState<'password' | 'code'>('password');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function sendCode() {
    setPending(true);
    setError(null);
    const result = await api.post<{ to: string }>(SECURITY_URLS.reauthCode);
    if (result.ok) {
      setSentTo(result.body.to);
      setMode('code');
    } else setError(errorText(result, t));
    setPending(false);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const body = mode === 'password' ? { password: String(form.get('password') ?? '') } : { code: String(form.get('code') ?? '').trim() };
    setPending(true);
    setError(null);
    const result = await api.post(SECURITY_URLS.reauth, body);
    if (result.ok) {
      onDone(true);
      return;
    }
    setError(result.code === 'reauth_code_invalid' ? t('security_reauth_wrong_code') : errorText(result, t));
    setPending(false);
  }

  return (
    <Dialog title={t('security_reauth_title')} closeLabel={t('security_close')} onClose={() => onDone(false)}>
      <form className={formStyles.form} onSubmit={onSubmit}>
        <p>{t('security_reauth_intro')}</p>
        {error ? <FormMessage kind="error">{error}</FormMessage> : null}
        {mode === 'password' ? (
          <Field key="password" label={t('security_reauth_password')} name="password" type="password" autoComplete="current-password" required />
        ) : (
          <>
            {sentTo ? <FormMessage kind="success">{t('security_reauth_code_sent', { to: sentTo })}</FormMessage> : null}
            <Field
              key="code"
              label={t('security_reauth_code_field')}
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]{6}"
              maxLength={6}
              required
            />
          </>
        )}
        <button type="submit" className={`btn btn-accent ${formStyles.submit}`} disabled={pending}>
          {pending ? t('main:main_sending') : t('security_reauth_submit')}
        </button>
        <div className={formStyles.links}>
          {byCode && mode === 'password' ? (
            <button type="button" className="btn btn-ghost" onClick={() => void sendCode()} disabled={pending}>
              {t('security_reauth_send_code')}
            </button>
          ) : null}
          <button type="button" className="btn btn-ghost" onClick={() => onDone(false)}>
            {t('security_reauth_cancel')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
