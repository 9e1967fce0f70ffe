/**
 * The game page: reads the session id from the hash, loads the session, then shows the
 * game for its engine inside the shell — or an error screen (and tells the host) when the
 * session is missing, invalid or expired.
 */
import { useEffect, useState } from 'react';
import { RgsError, type RgsApi } from '../api.ts';
import type { Boot } from '../boot.ts';
import { engineUi } from './engine-ui.ts';
import { isFatal, messageFor } from '../errors.ts';
import { errorMessage, postToHost } from '../host.ts';
import type { RgsSession } from '../rgs-types.ts';
import { GameShell } from './game-shell.tsx';

type State =
  | { readonly kind: 'loading' }
  | { readonly kind: 'ready'; readonly api: RgsApi; readonly session: RgsSession }
  | { readonly kind: 'failed'; readonly code: string; readonly message: string };

export function App({ boot }: { boot: Boot }): React.JSX.Element {
  const [state, setState] = useState<State>({ kind: 'loading' });
  useEffect(() => {
    if (!boot.api) {
      setState({ kind: 'failed', code: 'rgs_session_invalid', message: messageFor('rgs_session_invalid') });
      postToHost(errorMessage('rgs_session_invalid'));
      return;
    }
    const { api } = boot;
    let live = true;
    boot.session.then(
      (session) => {
        if (!live) return;
        if (!engineUi(session.engine)) {
          setState({ kind: 'failed', code: 'engine_unknown', message: `This game (${session.engine}) is not available here.` });
          postToHost(errorMessage('engine_unknown'));
          return;
        }
        setState({ kind: 'ready', api, session });
      },
      (error: unknown) => {
        if (!live) return;
        const e = error instanceof RgsError ? error : new RgsError(0, 'network_error', 'failed');
        // Without a session there is no game: every failure here is fatal (an unknown session answers 404).
        const code = e.status === 404 && !isFatal(e.status, e.code) ? 'rgs_session_invalid' : e.code;
        setState({ kind: 'failed', code, message: messageFor(code, e.message) });
        postToHost(errorMessage(code));
      },
    );
    return () => {
      live = false;
    };
  }, [boot]);
  if (state.kind === 'loading') return <div className="boot" role="status">Loading the game…</div>;
  if (state.kind === 'failed') return <ErrorScreen code={state.code} message={state.message} />;
  return <GameShell api={state.api} session={state.session} onFatal={(code) => setState({ kind: 'failed', code, message: messageFor(code) })} />;
}

export function ErrorScreen({ code, message }: { code: string; message: string }): React.JSX.Element {
  return (
    <main className="error-screen" role="alert" data-testid="rgs-error" data-code={code}>
      <svg viewBox="0 0 64 64" width="64" height="64" aria-hidden="true">
        <circle cx="32" cy="32" r="28" fill="none" stroke="#e5484d" strokeWidth="4" />
        <path d="M32 16v20M32 44v4" stroke="#e5484d" strokeWidth="5" strokeLinecap="round" />
      </svg>
      <h1>The game cannot start</h1>
      <p>{message}</p>
      <p className="muted">Code: {code}</p>
    </main>
  );
}
