/**
 * TV keno: 20 numbers of 80 drawn every minute for everyone, on the public schedule. Pick 1
 * to 10 numbers before the countdown ends; the draw (from the round's committed seed) is shown
 * ball by ball and pays the keno paytable of your pick count.
 */
import { useState } from 'react';
import { KENO_PAYTABLE } from '@betsite/domain';
import { formatMultiplier } from '../../format.ts';
import { nums, obj } from '../../outcome.ts';
import { useGame } from '../../shell/game-context.ts';
import { percent, RulesPanel } from '../../shell/rules-panel.tsx';
import { StakeSelector } from '../../shell/stake-selector.tsx';
import { kenoPayRows, MAX_PICKS, quickPick, togglePick } from '../../games/keno/keno-logic.ts';
import { useServerNow, useSharedTopic } from '../live-topic.ts';
import { RoundFairness } from '../round-fairness.tsx';
import { currentRound, pastRounds, secondsUntil, type SharedRound } from '../shared-state.ts';
import { sharedRoundIdOf, useMyBets } from '../use-my-bets.ts';
import { useT } from '../../i18n.ts';
import '../shared.css';

const drawnOf = (r: SharedRound | null): number[] => (r && r.state === 'settled' ? nums(obj(r.result).drawn) : []);
/** The show: the 20 balls over the first 16 seconds after the close. */
const BALL_MS = 800;

export default function TvKenoGame(): React.JSX.Element {
  const { stake, busy, play, money } = useGame();
  const t = useT();
  const { state, connected } = useSharedTopic('tv-keno');
  const now = useServerNow(state.offsetMs);
  const [picks, setPicks] = useState<readonly number[]>([]);
  const round = currentRound(state);
  const past = pastRounds(state);
  // My bets are read again (and the balance) once the draw's show is over.
  const { bets, add } = useMyBets(past.filter((r) => r.endsAt === null || now >= Date.parse(r.endsAt)));
  const last = past[0] ?? null;
  const drawnAll = drawnOf(last);
  const shown = last ? Math.min(drawnAll.length, Math.floor((now - Date.parse(last.closesAt)) / BALL_MS) + 1) : 0;
  const drawn = drawnAll.slice(0, Math.max(0, shown));
  const drawnSet = new Set(drawn);
  const mineNow = bets.filter((b) => round && sharedRoundIdOf(b) === round.id);

  const place = async (): Promise<void> => {
    if (!round || picks.length === 0) return;
    const answer = await play({ action: 'bet', roundId: round.id, stake: String(stake), picks: [...picks] });
    if (answer) add(answer);
  };
  return (
    <section className="keno shared" aria-label={t('tvk.title')}>
      <p className="shared-status" data-testid="shared-status">
        {!connected ? t('shared.connectingStudio') : round ? t('shared.roundCloses', { n: round.roundNo }) : t('shared.nextRound')}
        {connected && round ? <span className="countdown">{t('shared.seconds', { n: secondsUntil(round.closesAt, now) })}</span> : null}
      </p>
      {last ? (
        <p aria-live="polite" data-testid="tv-keno-drawn">
          {t('tvk.drawn', { n: last.roundNo, void: last.state === 'void' ? t('tvk.voidMark') : '', balls: drawn.join(' · ') })}{shown < drawnAll.length ? ' …' : ''}
        </p>
      ) : null}
      <div className="keno-board" role="group" aria-label={t('tvk.board')}>
        {Array.from({ length: 80 }, (_, i) => i + 1).map((n) => (
          <button key={n} type="button" className={`${picks.includes(n) ? 'picked' : ''}${drawnSet.has(n) ? ' drawn' : ''}`} aria-pressed={picks.includes(n)} onClick={() => setPicks((p) => togglePick(p, n))} disabled={busy}>
            {n}
          </button>
        ))}
      </div>
      <div className="controls">
        <button type="button" onClick={() => setPicks(quickPick(Math.max(picks.length, 5)))} disabled={busy}>{t('keno.quick')}</button>
        <button type="button" onClick={() => setPicks([])} disabled={busy || picks.length === 0}>{t('shared.clear')}</button>
        <span className="muted">{t('tvk.picked', { count: picks.length, max: MAX_PICKS })}</span>
        <StakeSelector />
        <button type="button" className="primary" onClick={() => void place()} disabled={busy || !round || picks.length === 0} data-testid="tv-keno-bet">{t('tvk.bet')}</button>
      </div>
      {mineNow.length > 0 ? <p className="muted" data-testid="tv-keno-mine">{t('tvk.mine', { n: round?.roundNo ?? '', count: mineNow.length })}</p> : null}
      {picks.length > 0 ? (
        <table className="shared-bets" aria-label={t('tvk.paytable')}>
          <thead><tr><th>{t('keno.hits')}</th><th className="num">{t('keno.pays')}</th><th className="num">{t('keno.win')}</th></tr></thead>
          <tbody>
            {kenoPayRows(picks.length).map((r) => (
              <tr key={r.hits}><td>{r.hits}</td><td className="num">{formatMultiplier(r.milli)}</td><td className="num">{money((stake * BigInt(r.milli)) / 1000n)}</td></tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <RulesPanel rtp={t('tvk.rtpRange', { from: percent(Math.min(...Object.values(KENO_PAYTABLE).map((p) => p.rtp))), to: percent(Math.max(...Object.values(KENO_PAYTABLE).map((p) => p.rtp))) })}>
        <p>{t('tvk.rules')}</p>
      </RulesPanel>
      <RoundFairness current={round} past={past} describe={(r) => (r.state === 'void' ? t('shared.void') : drawnOf(r).join(' '))} />
    </section>
  );
}
