/**
 * The frame every game sits in: title, mode and balance; the game; the refusal message; the
 * stake state; the round history and the provably-fair panel. `play` is the one way a game
 * moves money (see game-context.ts).
 */
import { Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { RgsError, type RgsApi } from '../api.ts';
import { isEngine } from '@betsite/domain';
import { engineUi } from './engine-ui.ts';
import { isFatal, messageFor } from '../errors.ts';
import { defaultStake, formatMoney, stakeLadder } from '../format.ts';
import { balanceMessage, errorMessage, postToHost, readyMessage } from '../host.ts';
import { useT } from '../i18n.ts';
import type { PlayRequest, RgsFairness, RgsSession, RoundView } from '../rgs-types.ts';
import { FairnessPanel } from './fairness-panel.tsx';
import { GameContext, type GameContextValue } from './game-context.ts';
import { HistoryPanel } from './history-panel.tsx';

interface Props {
  readonly api: RgsApi;
  readonly session: RgsSession;
  readonly onFatal: (code: string) => void;
}

export function GameShell({ api, session, onFatal }: Props): React.JSX.Element {
  const [balance, setBalance] = useState(() => BigInt(session.balance));
  const stakes = useMemo(() => stakeLadder(BigInt(session.minStake), BigInt(session.maxStake)), [session.minStake, session.maxStake]);
  const [stake, setStake] = useState(() => defaultStake(stakes, BigInt(session.balance)));
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ code: string; text: string } | null>(null);
  const [said, setSaid] = useState('');
  const [fairness, setFairness] = useState<RgsFairness>(session.fairness);
  const [rounds, setRounds] = useState(0);
  const busyRef = useRef(false);
  const t = useT();

  const money = useCallback((amount: bigint | string) => formatMoney(amount, session.currency, session.mode), [session.currency, session.mode]);

  const play = useCallback(
    async (body: PlayRequest): Promise<RoundView | null> => {
      if (busyRef.current) return null;
      busyRef.current = true;
      setBusy(true);
      setNotice(null);
      try {
        const answer = await api.play(body);
        setBalance(BigInt(answer.balance));
        setFairness((f) => ({ ...f, nonce: Math.max(f.nonce, answer.round.fairness.nonce + 1) }));
        setRounds((n) => n + 1);
        postToHost(balanceMessage(answer.balance, session.currency));
        return answer.round;
      } catch (error) {
        const e = error instanceof RgsError ? error : new RgsError(0, 'network_error', String(error));
        if (isFatal(e.status, e.code)) {
          postToHost(errorMessage(e.code));
          onFatal(e.code);
        } else {
          setNotice({ code: e.code, text: messageFor(e.code, e.message, t) });
        }
        return null;
      } finally {
        busyRef.current = false;
        setBusy(false);
      }
    },
    [api, session.currency, onFatal, t],
  );

  const refreshBalance = useCallback(async (): Promise<void> => {
    try {
      const fresh = await api.session();
      setBalance(BigInt(fresh.balance));
      setRounds((n) => n + 1);
      postToHost(balanceMessage(fresh.balance, session.currency));
    } catch {
      // The next play or refresh tries again.
    }
  }, [api, session.currency]);

  const value = useMemo<GameContextValue>(
    () => ({ session, api, balance, stake, setStake, stakes, busy, play, refreshBalance, money, announce: setSaid }),
    [session, api, balance, stake, stakes, busy, play, refreshBalance, money],
  );
  const Game = engineUi(session.engine);
  useEffect(() => {
    const title = (session.rules as { title?: unknown } | null)?.title;
    document.title = typeof title === 'string' ? title : session.gameId;
  }, [session.rules, session.gameId]);

  return (
    <GameContext.Provider value={value}>
      <div className={`shell engine-${session.engine}`}>
        <header className="shell-bar">
          <span className={`mode mode-${session.mode}`}>{session.mode === 'demo' ? t('shell.demo') : t('shell.real')}</span>
          <span className="balance">
            {t('shell.balance')} <strong data-testid="rgs-balance" aria-live="polite">{money(balance)}</strong>
          </span>
        </header>
        <div className="notice-slot">
          {notice ? (
            <p className="notice" role="alert" data-testid="rgs-notice" data-code={notice.code}>
              {notice.text}
              <button type="button" className="link" onClick={() => setNotice(null)} aria-label={t('shell.dismiss')}>×</button>
            </p>
          ) : null}
          <p className="result-line" aria-live="polite" data-testid="rgs-result">{said}</p>
        </div>
        <main className="stage">
          <Suspense fallback={<div className="boot" role="status">{t('shell.loading')}</div>}>
            {Game ? <Game /> : null}
            <ReadySignal />
          </Suspense>
        </main>
        <div className="panels">
          <HistoryPanel api={api} refresh={rounds} money={money} />
          {/* Shared rounds commit their own seeds (each game shows its round's); the player's seed pair is for solo games only. */}
          {isEngine(session.engine) ? (
            <FairnessPanel api={api} fairness={fairness} onFairness={setFairness} onError={(code, text) => setNotice({ code, text: messageFor(code, text, t) })} />
          ) : null}
        </div>
      </div>
    </GameContext.Provider>
  );
}

/** Committed with the game (same Suspense boundary): the game's first frame is on screen. */
function ReadySignal(): null {
  useEffect(() => {
    const frame = requestAnimationFrame(() => postToHost(readyMessage()));
    return () => cancelAnimationFrame(frame);
  }, []);
  return null;
}
