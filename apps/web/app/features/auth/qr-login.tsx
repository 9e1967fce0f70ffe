/**
 * QR login (SPEC §2 office auth_qr), the waiting side: this browser asks for a request
 * (`POST /web-api/auth/v1/qr`), shows its QR code and 8-character code, and polls every 2 s
 * with its poll secret. Once a logged-in device approves, the answer carries a single-use
 * login token, spent at `/web-api/auth/v1/login/token` (method `qr`); then the page reloads
 * as the player's. A rejected or expired request says so and offers a new code.
 *
 * The countdown runs on this browser's clock from when the code arrived; whether the code is
 * still good is only ever the server's answer.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/react.tsx';
import { useRequiredRootData } from '../../config/root-data.ts';
import { api } from '../../shell/http.ts';
import { FormMessage } from '../../shell/ui/field.tsx';
import { QR_POLL_INTERVAL_MS, QR_POLL_SECRET_HEADER, QR_TTL_MS, QR_URLS, SOCIAL_URLS, type LoginToken } from './social-api.ts';
import { socialText } from './social-text.ts';
import { TwoStepForm } from './two-step-form.tsx';
import styles from './social-login.module.css';

export interface QrLoginPanelProps {
  afterLoginHref: string;
}

interface QrRequest {
  id: string;
  code: string;
  pollSecret: string;
  svg: string;
  receivedAt: number;
}

type Phase = 'loading' | 'waiting' | 'approved' | 'rejected' | 'expired' | 'unavailable' | 'logged-in' | 'two-step';

type PollAnswer = { status: 'pending' | 'rejected' | 'expired' | 'consumed' } | { status: 'approved'; login: LoginToken };

export function QrLoginPanel({ afterLoginHref }: QrLoginPanelProps) {
  const { t } = useTranslation();
  const { lng } = useRequiredRootData();
  const [phase, setPhase] = useState<Phase>('loading');
  const [request, setRequest] = useState<QrRequest | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const [error, setError] = useState<string | null>(null);
  const generation = useRef(0);

  const start = useCallback(async () => {
    const mine = ++generation.current;
    setPhase('loading');
    setError(null);
    const result = await api.post<Omit<QrRequest, 'receivedAt'>>(QR_URLS.create, { language: lng }, { refreshOn401: false });
    if (mine !== generation.current) return;
    if (!result.ok) {
      setPhase(result.status === 409 ? 'logged-in' : 'unavailable');
      return;
    }
    setRequest({ ...result.body, receivedAt: Date.now() });
    setPhase('waiting');
  }, [lng]);

  useEffect(() => {
    void start();
    // Unmounted: answers still in flight belong to no request any more.
    const counter = generation;
    return () => {
      counter.current++;
    };
  }, [start]);

  // Poll while waiting; each answer decides the next step.
  useEffect(() => {
    if (phase !== 'waiting' || !request) return;
    const mine = generation.current;
    const timer = window.setInterval(() => {
      setNow(Date.now());
    }, 1000);
    let stopped = false;
    const poll = async () => {
      if (stopped || mine !== generation.current) return;
      const result = await api.get<PollAnswer>(QR_URLS.poll(request.id), { headers: { [QR_POLL_SECRET_HEADER]: request.pollSecret }, refreshOn401: false });
      if (stopped || mine !== generation.current) return;
      if (!result.ok) {
        // A network hiccup: try again on the next tick; an unknown request: start over.
        if (result.status === 404) setPhase('expired');
        else schedule();
        return;
      }
      const answer = result.body;
      if (answer.status === 'pending') schedule();
      else if (answer.status === 'approved') await logIn(answer.login, mine);
      else if (answer.status === 'rejected') setPhase('rejected');
      else setPhase('expired');
    };
    let next = 0;
    const schedule = () => {
      next = window.setTimeout(() => void poll(), QR_POLL_INTERVAL_MS);
    };
    schedule();
    return () => {
      stopped = true;
      window.clearTimeout(next);
      window.clearInterval(timer);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one poll loop per request
  }, [phase, request]);

  async function logIn(login: LoginToken, mine: number) {
    setPhase('approved');
    const result = await api.post<{ status?: string }>(SOCIAL_URLS.loginToken, { ...login, lng, save: true }, { refreshOn401: false });
    if (mine !== generation.current) return;
    if (!result.ok) {
      setError(result.network ? t('main_network_error') : (result.message ?? t('main_error_generic')));
      setPhase('expired');
      return;
    }
    if (result.body?.status === 'two_step_required') {
      setPhase('two-step');
      return;
    }
    window.location.assign(afterLoginHref);
  }

  if (phase === 'two-step') {
    return <TwoStepForm remember afterLoginHref={afterLoginHref} onCancel={() => void start()} />;
  }
  if (phase === 'logged-in') return <FormMessage kind="success">{socialText(t, 'qr_logged_in_already')}</FormMessage>;
  if (phase === 'unavailable') {
    return (
      <div className={styles.qr}>
        <FormMessage kind="error">{socialText(t, 'qr_unavailable')}</FormMessage>
        <button type="button" className="btn btn-ghost" onClick={() => void start()}>
          {socialText(t, 'qr_new_code')}
        </button>
      </div>
    );
  }

  const secondsLeft = request ? Math.max(0, Math.ceil((QR_TTL_MS - (now - request.receivedAt)) / 1000)) : 0;
  const ended = phase === 'rejected' || phase === 'expired';
  return (
    <section className={styles.qr} aria-labelledby="qr-login-title" data-testid="qr-login">
      <h3 id="qr-login-title">{socialText(t, 'qr_title')}</h3>
      <p className={styles.muted}>{socialText(t, 'qr_intro')}</p>
      {error ? <FormMessage kind="error">{error}</FormMessage> : null}
      {request && !ended ? (
        <>
          <img className={styles.qrImage} src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(request.svg)}`} alt={socialText(t, 'qr_image_alt')} width={200} height={200} />
          <div>
            <span className={styles.muted}>{socialText(t, 'qr_code_label')}</span>
            <div>
              <output className={styles.code} data-testid="qr-code" aria-label={request.code.split('').join(' ')}>
                {`${request.code.slice(0, 4)} ${request.code.slice(4)}`}
              </output>
            </div>
          </div>
          <p role="status" className={styles.muted}>
            {phase === 'approved' ? socialText(t, 'qr_approved') : `${socialText(t, 'qr_waiting')} ${socialText(t, 'qr_expires_in', { seconds: secondsLeft })}`}
          </p>
        </>
      ) : null}
      {phase === 'loading' ? <p className={styles.muted}>{t('main_loading', { defaultValue: '…' })}</p> : null}
      {ended ? (
        <>
          <FormMessage kind="error">{socialText(t, phase === 'rejected' ? 'qr_rejected' : 'qr_expired')}</FormMessage>
          <button type="button" className="btn btn-accent" onClick={() => void start()}>
            {socialText(t, 'qr_new_code')}
          </button>
        </>
      ) : null}
    </section>
  );
}
