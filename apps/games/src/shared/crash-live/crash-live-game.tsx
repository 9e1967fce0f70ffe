/**
 * Crash-live: one rocket for everyone. Bets are taken while the round counts down; then the
 * multiplier climbs on the shared curve (the domain's `crashMultiplierAt`, from the run's
 * start in server time) until the server announces the crash. A bet may carry an automatic
 * cash-out; "Cash out" takes the multiplier of the moment the server receives it.
 */
import { useEffect, useRef, useState } from 'react';
import { CRASH_LIVE, crashMultiplierAt } from '@betsite/domain';
import { formatHundredths, formatMoney } from '../../format.ts';
import { num, obj } from '../../outcome.ts';
import type { RoundView } from '../../rgs-types.ts';
import { useGame } from '../../shell/game-context.ts';
import { percent, RulesPanel } from '../../shell/rules-panel.tsx';
import { StakeSelector } from '../../shell/stake-selector.tsx';
import { parseTarget } from '../../games/crash/crash-logic.ts';
import { CrashSky } from '../../games/crash/crash-sky.tsx';
import { useServerNow, useSharedTopic } from '../live-topic.ts';
import { RoundFairness } from '../round-fairness.tsx';
import { currentRound, pastRounds, secondsUntil, type SharedRound } from '../shared-state.ts';
import { useT } from '../../i18n.ts';
import '../../games/crash/crash.css';
import '../shared.css';

const pointOf = (r: SharedRound): number => num(obj(r.result).point, 100);
const roundIdOf = (bet: RoundView | null): string | null => (bet ? String(obj(obj(bet.input).round).id ?? '') || null : null);

export default function CrashLiveGame(): React.JSX.Element {
  const { session, stake, busy, play, money, announce, refreshBalance } = useGame();
  const t = useT();
  const { state, connected } = useSharedTopic('crash-live');
  const now = useServerNow(state.offsetMs, 100);
  const [auto, setAuto] = useState(false);
  const [text, setText] = useState('2.00');
  const [mine, setMine] = useState<RoundView | null>(session.open);
  const [frameNow, setFrameNow] = useState(now);
  const frame = useRef(0);
  const round = currentRound(state);
  const past = pastRounds(state);
  const last = past[0] ?? null;
  const running = round?.state === 'running' || (round !== null && round.state === 'open' && now >= Date.parse(round.closesAt));
  const target = auto ? parseTarget(text) : null;

  // The curve at the display's frame rate while the run goes.
  useEffect(() => {
    if (!running) return undefined;
    const step = (): void => {
      setFrameNow(Date.now() + state.offsetMs);
      frame.current = requestAnimationFrame(step);
    };
    frame.current = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame.current);
  }, [running, state.offsetMs]);

  // The crash: my bet's fate is told, then forgotten for the next round.
  const myRound = roundIdOf(mine);
  useEffect(() => {
    if (!mine || !myRound) return;
    const over = past.find((r) => r.id === myRound);
    if (!over) return;
    const cashed = num(obj(mine.outcome).cashedOutAt, 0);
    const autoAt = num(obj(mine.input).autoCashOut, 0);
    const point = pointOf(over);
    const at = cashed || (autoAt && point >= autoAt ? autoAt : 0);
    announce(over.state === 'void' ? t('shared.voidReturned') : t('crashLive.crashed', { point: formatHundredths(point), result: at ? t('crashLive.cashedAt', { at: formatHundredths(at) }) : t('slots.noWin') }));
    setMine(null);
    void refreshBalance();
  }, [past, mine, myRound, announce, refreshBalance, t]);

  const elapsed = round && running ? Math.max(0, frameNow - Date.parse(round.closesAt)) : 0;
  const multiplier = running ? crashMultiplierAt(elapsed) : last && !round ? pointOf(last) : 100;
  const myBetHere = mine !== null && myRound === round?.id;
  const cashedAt = mine ? num(obj(mine.outcome).cashedOutAt, 0) : 0;
  const autoAt = mine ? num(obj(mine.input).autoCashOut, 0) : 0;
  const autoReached = autoAt > 0 && running && multiplier >= autoAt;

  const bet = async (): Promise<void> => {
    if (!round || round.state !== 'open' || (auto && target === null)) return;
    const answer = await play({ action: 'bet', stake: String(stake), autoCashOut: target, roundId: round.id });
    if (answer) setMine(answer);
  };
  const cashOut = async (): Promise<void> => {
    const answer = await play({ action: 'cashout' });
    if (answer) {
      setMine(answer);
      announce(t('crashLive.cashedWin', { at: formatHundredths(num(obj(answer.outcome).cashedOutAt, 0)), amount: money(answer.win) }));
    }
  };

  const crashedShown = !running && last !== null && (!round || now < Date.parse(round.opensAt) + 1500);
  // The curve drawn in log scale, so the arc is the climb so far (after a crash: up to its point).
  const drawn = crashedShown && last ? pointOf(last) : multiplier;
  const progress = Math.min(1, Math.log(drawn / 100) / Math.log(Math.max(drawn, 200) / 100));
  const roundBets = state.bets.filter((b) => b.roundId === (round?.id ?? last?.id));
  return (
    <section className="crash shared" aria-label={t('crashLive.title')}>
      <p className="shared-status" data-testid="shared-status">
        {!connected ? t('crashLive.connecting') : !round ? t('crashLive.drawing') : running ? t('crashLive.flying', { n: round.roundNo }) : t('crashLive.closes', { n: round.roundNo, s: secondsUntil(round.closesAt, now) })}
      </p>
      <div className="crash-sky">
        <CrashSky label={t('crash.multiplier', { value: formatHundredths(multiplier) })} progress={progress} shown={running || crashedShown} crashed={crashedShown} lost={crashedShown} />
        <p className={`crash-figure${crashedShown ? ' lost' : ''}`} data-testid="crash-live-multiplier">
          {crashedShown && last ? `${formatHundredths(pointOf(last))}×` : `${formatHundredths(multiplier)}×`}
        </p>
        {myBetHere && (cashedAt || autoReached) ? <p className="crash-cashed">{t('crashLive.cashedAt', { at: formatHundredths(cashedAt || autoAt) })}</p> : null}
        {crashedShown && last ? <p className="crash-lost">{last.state === 'void' ? t('crashLive.voidReturned') : t('crashLive.crashedAt', { point: formatHundredths(pointOf(last)) })}</p> : null}
      </div>
      <ol className="crash-recent" aria-label={t('crash.last')}>
        {past.map((r) => (
          <li key={r.id} className={pointOf(r) >= 200 ? 'high' : 'low'}>{r.state === 'void' ? t('shared.void') : `${formatHundredths(pointOf(r))}×`}</li>
        ))}
      </ol>
      <div className="controls">
        {myBetHere && running && !cashedAt && !autoReached ? (
          <button type="button" className="primary cash-out" onClick={() => void cashOut()} disabled={busy} data-testid="crash-live-cashout">
            {t('crashLive.cashOut', { amount: money((BigInt(mine?.stake ?? '0') * BigInt(multiplier)) / 100n) })}
          </button>
        ) : (
          <>
            <label className="field">
              <input type="checkbox" checked={auto} onChange={(e) => setAuto(e.target.checked)} disabled={busy} /> {t('crashLive.autoAt')}
              <input value={text} onChange={(e) => setText(e.target.value)} inputMode="decimal" size={7} aria-invalid={auto && target === null} disabled={!auto || busy} />×
            </label>
            <StakeSelector disabled={myBetHere} />
            <button type="button" className="primary" onClick={() => void bet()} disabled={busy || !round || running || myBetHere || (auto && target === null)} data-testid="crash-live-bet">
              {myBetHere ? t('crashLive.placed') : t('crashLive.bet')}
            </button>
          </>
        )}
      </div>
      <table className="shared-bets" aria-label={t('crashLive.bets')}>
        <thead>
          <tr><th>{t('crashLive.player')}</th><th className="num">{t('crashLive.stake')}</th><th className="num">{t('crashLive.cashedOut')}</th><th className="num">{t('crashLive.win')}</th></tr>
        </thead>
        <tbody>
          {roundBets.map((b) => (
            <tr key={b.id} className={b.status}>
              <td>{b.player}</td>
              <td className="num">{formatMoney(b.stake, b.currency, b.mode)}</td>
              <td className="num">{b.cashedOutAt ? `${formatHundredths(b.cashedOutAt)}×` : b.status === 'lost' ? '—' : ''}</td>
              <td className="num">{b.win && b.win !== '0' ? formatMoney(b.win, b.currency, b.mode) : ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <RulesPanel rtp={percent(CRASH_LIVE.rtp)}>
        <p>{t('crashLive.rules', { secs: 6 })}</p>
      </RulesPanel>
      <RoundFairness current={round} past={past} describe={(r) => (r.state === 'void' ? t('shared.void') : `${formatHundredths(pointOf(r))}×`)} />
    </section>
  );
}
