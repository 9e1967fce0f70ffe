/**
 * The game page: reads the session id from the hash, loads the session, then shows the
 * game for its engine inside the shell — or an error screen (and tells the host) when the
 * session is missing, invalid or expired.
 */
import { useEffect, useMemo, useState } from 'react';
import { RgsError, type RgsApi } from '../api.ts';
import type { Boot } from '../boot.ts';
import { engineUi, loadEngineUi } from './engine-ui.ts';
import { isFatal, messageFor } from '../errors.ts';
import { errorMessage, postToHost } from '../host.ts';
import { i18nFor, I18nContext, useT } from '../i18n.ts';
import type { RgsSession } from '../rgs-types.ts';
import { GameShell } from './game-shell.tsx';

type State =
  | { readonly kind: 'loading' }
  | { readonly kind: 'ready'; readonly api: RgsApi; readonly session: RgsSession }
  /** `message` is the server's own text, shown only for a code without a text of ours. */
  | { readonly kind: 'failed'; readonly code: string; readonly message?: string; readonly engine?: string };

export function App({ boot }: { boot: Boot }): React.JSX.Element {
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [language, setLanguage] = useState(() => (typeof navigator === 'undefined' ? 'en' : navigator.language));
  const i18n = useMemo(() => i18nFor(language), [language]);
  useEffect(() => {
    if (!boot.api) {
      setState({ kind: 'failed', code: 'rgs_session_invalid' });
      postToHost(errorMessage('rgs_session_invalid'));
      return;
    }
    const { api } = boot;
    let live = true;
    boot.session.then(
      (session) => {
        if (!live) return;
        setLanguage(session.language);
        if (!engineUi(session.engine)) {
          setState({ kind: 'failed', code: 'engine_unknown', engine: session.engine });
          postToHost(errorMessage('engine_unknown'));
          return;
        }
        // The game's chunk is already on its way (main.tsx): the shell comes with the game drawn, not a fallback first.
        void loadEngineUi(session.engine).then(() => {
          if (live) setState({ kind: 'ready', api, session });
        });
      },
      (error: unknown) => {
        if (!live) return;
        const e = error instanceof RgsError ? error : new RgsError(0, 'network_error', 'failed');
        // Without a session there is no game: every failure here is fatal (an unknown session answers 404).
        const code = e.status === 404 && !isFatal(e.status, e.code) ? 'rgs_session_invalid' : e.code;
        setState({ kind: 'failed', code, message: e.message });
        postToHost(errorMessage(code));
      },
    );
    return () => {
      live = false;
    };
  }, [boot]);
  useEffect(() => {
    document.documentElement.lang = i18n.language;
  }, [i18n.language]);
  return (
    <I18nContext.Provider value={i18n}>
      {state.kind === 'loading' ? (
        <div className="boot" role="status">{i18n.t('shell.loading')}</div>
      ) : state.kind === 'failed' ? (
        <ErrorScreen
          code={state.code}
          message={state.code === 'engine_unknown' ? i18n.t('shell.engineUnknown', { engine: state.engine ?? '' }) : messageFor(state.code, state.message, i18n.t)}
        />
      ) : (
        <GameShell api={state.api} session={state.session} onFatal={(code) => setState({ kind: 'failed', code })} />
      )}
    </I18nContext.Provider>
  );
}

export function ErrorScreen({ code, message }: { code: string; message: string }): React.JSX.Element {
  const t = useT();
  return (
    <main className="error-screen" role="alert" data-testid="rgs-error" data-code={code}>
      <svg viewBox="0 0 64 64" width="64" height="64" aria-hidden="true">
        <circle cx="32" cy="32" r="28" fill="none" stroke="#e5484d" strokeWidth="4" />
        <path d="M32 16v20M32 44v4" stroke="#e5484d" strokeWidth="5" strokeLinecap="round" />
      </svg>
      <h1>{t('shell.cannotStart')}</h1>
      <p>{message}</p>
      <p className="muted">{t('shell.code', { code })}</p>
    </main>
  );
}
