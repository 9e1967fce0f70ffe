/**
 * The remote-app host (SPEC §4, §8, §9): launches a game of our game server in an iframe —
 * a launch token, redeemed into a session whose url the frame opens — and follows the
 * remote app states of the domain's machine (`stepRemoteApp`): loading until the game says
 * it is drawn (`postMessage` from its own origin and frame), three retries 1, 2 and 4 s after
 * a failure, then the error block with a reload (once a second at most). A game that ends its
 * session shows the error block too. After each real-money round the header balance is
 * refreshed.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from '../../shell/link.tsx';
import { canReload, initialRemoteApp, isFailed, REMOTE_APP_POLICY, REMOTE_APP_STATE, stepRemoteApp, type RemoteApp, type RemoteAppEvent } from '@betsite/domain';
import { useTranslation } from '../../i18n/react.tsx';
import { api } from '../../shell/http.ts';
import { BALANCE_CHANGE_EVENT } from '../wallet/index.ts';
import { launchGame, type LaunchMode } from './api.ts';
import { appOrigin, parseRgsMessage } from './rgs-messages.ts';
import styles from './casino.module.css';

/** A game that never says it is drawn has failed to load. */
export const READY_TIMEOUT_MS = 20_000;

function useRemoteApp() {
  const [app, setApp] = useState<RemoteApp>(initialRemoteApp);
  const dispatch = useCallback((event: RemoteAppEvent) => setApp((current) => stepRemoteApp(current, event, Date.now())), []);
  return [app, dispatch] as const;
}

/** Re-renders every `ms` while `on` (countdowns, the reload throttle). */
function useTick(on: boolean, ms: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!on) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(timer);
  }, [on, ms]);
  return now;
}

function useFullscreen(target: React.RefObject<HTMLElement | null>) {
  const [on, setOn] = useState(false);
  useEffect(() => {
    const update = () => setOn(document.fullscreenElement !== null && document.fullscreenElement === target.current);
    document.addEventListener('fullscreenchange', update);
    return () => document.removeEventListener('fullscreenchange', update);
  }, [target]);
  const toggle = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void target.current?.requestFullscreen?.().catch(() => {});
  };
  return [on, toggle] as const;
}

export interface RemoteAppHostProps {
  gameId: string;
  title: string;
  mode: LaunchMode;
  language: string;
  /** Where "close" goes: the lobby the game belongs to. */
  closeTo: string;
}

export function RemoteAppHost({ gameId, title, mode, language, closeTo }: RemoteAppHostProps) {
  const { t } = useTranslation('casino');
  const [app, dispatch] = useRemoteApp();
  const [url, setUrl] = useState<string | null>(null);
  const frame = useRef<HTMLIFrameElement>(null);
  const stage = useRef<HTMLDivElement>(null);
  const [fullscreen, toggleFullscreen] = useFullscreen(stage);
  const { notExist, error, loading, ready } = REMOTE_APP_STATE;

  // A view uses the app while this host is shown (SPEC §4: reset to not-exist when none does).
  useEffect(() => {
    dispatch({ type: 'open' });
    return () => dispatch({ type: 'close' });
  }, [dispatch]);

  // One launch per entry into loading (the first load, each retry, each reload).
  const attempt = app.state === loading ? `${app.startedAt ?? 0}:${app.retries}` : null;
  useEffect(() => {
    if (attempt === null) return;
    const controller = new AbortController();
    setUrl(null);
    void launchGame(api, { gameId, mode, language, signal: controller.signal }).then((outcome) => {
      if (controller.signal.aborted) return;
      if (outcome.ok) setUrl(outcome.url);
      else dispatch({ type: 'fail', code: outcome.code, retryable: outcome.retryable });
    });
    const timeout = setTimeout(() => dispatch({ type: 'fail', code: 'timeout', retryable: true }), READY_TIMEOUT_MS);
    return () => {
      controller.abort();
      clearTimeout(timeout);
    };
  }, [attempt, gameId, mode, language, dispatch]);

  // The automatic retry, when one is due.
  useEffect(() => {
    if (app.state !== error || app.retryAt === null) return;
    const timer = setTimeout(() => dispatch({ type: 'retry' }), Math.max(0, app.retryAt - Date.now()));
    return () => clearTimeout(timer);
  }, [app.state, app.retryAt, error, dispatch]);

  // The game's messages: only from the frame we opened, at the origin of its url.
  useEffect(() => {
    if (url === null) return;
    const origin = appOrigin(url, window.location.href);
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== origin || event.source !== frame.current?.contentWindow) return;
      const message = parseRgsMessage(event.data);
      if (!message) return;
      if (message.type === 'ready') dispatch({ type: 'ready' });
      else if (message.type === 'error') dispatch({ type: 'crash', code: message.code });
      else if (mode === 'real') window.dispatchEvent(new CustomEvent(BALANCE_CHANGE_EVENT));
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [url, mode, dispatch]);

  const down = app.state === error || (app.state === notExist && app.fault !== null);
  const now = useTick(down, 250);
  const showFrame = url !== null && (app.state === loading || app.state === ready);
  const retryIn = app.retryAt !== null ? Math.max(0, Math.ceil((app.retryAt - now) / 1000)) : null;
  const reloadable = canReload(app, now);

  return (
    <div ref={stage} className={styles.stage} data-testid="remote-app" data-state={app.state}>
      <div className={styles.stageBar}>
        <span className={styles.stageTitle}>
          {title} · {t(mode === 'real' ? 'mode_real' : 'mode_demo')}
        </span>
        <button type="button" className={styles.stageButton} onClick={toggleFullscreen} aria-pressed={fullscreen}>
          <svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="1.8">
            <path d={fullscreen ? 'M5 1v4H1M9 1v4h4M5 13V9H1M9 13V9h4' : 'M1 5V1h4M13 5V1H9M1 9v4h4M13 9v4H9'} />
          </svg>{' '}
          {t(fullscreen ? 'fullscreen_exit' : 'fullscreen')}
        </button>
        <Link to={closeTo} className={styles.stageButton} aria-label={t('close_game', { title })}>
          <span aria-hidden="true">✕</span> {t('close')}
        </Link>
      </div>
      {showFrame ? (
        <iframe
          ref={frame}
          key={url}
          src={url}
          title={t('game_frame', { title })}
          className={`${styles.frame} ${app.state === ready ? '' : styles.frameHidden}`}
          allow="fullscreen; autoplay"
        />
      ) : null}
      {app.state === loading ? (
        <div className={styles.stageCover} role="status" aria-live="polite">
          <span className={styles.spinner} aria-hidden="true" />
          <p>{app.retries > 0 ? t('loading_retry', { attempt: app.retries, of: REMOTE_APP_POLICY.retries }) : t('loading_game')}</p>
        </div>
      ) : null}
      {down ? (
        <div className={styles.stageCover}>
          <div className={styles.errorBlock} role="alert" data-testid="remote-app-error">
            <h2>{t('app_error_title')}</h2>
            <p>{t(`app_error_${app.fault ?? 'unknown'}`, { defaultValue: t('app_error_text') })}</p>
            {retryIn !== null ? (
              <p>{t('app_error_retrying', { seconds: retryIn, attempt: app.retries + 1, of: REMOTE_APP_POLICY.retries })}</p>
            ) : null}
            {isFailed(app) || retryIn !== null ? (
              <button type="button" className="btn btn-accent" onClick={() => dispatch({ type: 'reload' })} disabled={!reloadable}>
                {t('app_reload')}
              </button>
            ) : null}
          </div>
        </div>
      ) : null}
    </div>
  );
}
