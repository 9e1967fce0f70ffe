/**
 * Virtual football: a match every two minutes for everyone. The fixture and its odds are public
 * with the round (from a public stream); bets on the full-time result or on over/under 2.5 goals
 * until kick-off; then the match plays out in 25 seconds of show — the score drawn from the
 * round's committed seed by the sportsbook's Poisson goals model, the goals at their minutes.
 */
import { useState } from 'react';
import { VIRTUAL_RTP } from '@betsite/domain';
import { formatHundredths } from '../../format.ts';
import { list, num, obj, str } from '../../outcome.ts';
import { useGame } from '../../shell/game-context.ts';
import { percent, RulesPanel } from '../../shell/rules-panel.tsx';
import { StakeSelector } from '../../shell/stake-selector.tsx';
import { useServerNow, useSharedTopic } from '../live-topic.ts';
import { RoundFairness } from '../round-fairness.tsx';
import { currentRound, pastRounds, secondsUntil, type SharedRound } from '../shared-state.ts';
import { sharedRoundIdOf, useMyBets } from '../use-my-bets.ts';
import { useT, type Translate } from '../../i18n.ts';
import '../shared.css';
import './virtual.css';

const PICKS = [
  { market: '1x2', pick: 'home', label: (p: Params) => `1 · ${p.home}` },
  { market: '1x2', pick: 'draw', label: (_: Params, t: Translate) => t('vf.draw') },
  { market: '1x2', pick: 'away', label: (p: Params) => `2 · ${p.away}` },
  { market: 'total', pick: 'over', label: (_: Params, t: Translate) => t('vf.over') },
  { market: 'total', pick: 'under', label: (_: Params, t: Translate) => t('vf.under') },
] as const;

interface Params {
  readonly home: string;
  readonly away: string;
  readonly odds: Readonly<Record<string, number>>;
}

const paramsOf = (r: SharedRound | null): Params => {
  const p = obj(r?.params);
  return { home: str(p.home), away: str(p.away), odds: obj(p.odds) as Record<string, number> };
};
const scoreOf = (r: SharedRound) => ({ home: num(obj(r.result).home), away: num(obj(r.result).away) });

export default function VirtualFootballGame(): React.JSX.Element {
  const { stake, busy, play, money } = useGame();
  const t = useT();
  const { state, connected } = useSharedTopic('virtual-football');
  const now = useServerNow(state.offsetMs);
  const [choice, setChoice] = useState<(typeof PICKS)[number] | null>(null);
  const round = currentRound(state);
  const past = pastRounds(state);
  const showing = past.find((r) => r.state === 'settled' && r.endsAt !== null && now < Date.parse(r.endsAt)) ?? null;
  const { bets, add } = useMyBets(past.filter((r) => r.endsAt === null || now >= Date.parse(r.endsAt)));
  const params = paramsOf(round);

  // The show: 90 minutes in the time between kick-off (the close) and the next round.
  const minute = showing ? Math.min(90, Math.floor(((now - Date.parse(showing.closesAt)) / (Date.parse(showing.endsAt!) - Date.parse(showing.closesAt) - 2000)) * 90)) : 0;
  const goals = showing ? list(obj(showing.result).goals).map((g) => ({ minute: num(obj(g).minute), side: str(obj(g).side) })).filter((g) => g.minute <= minute) : [];
  const shownScore = { home: goals.filter((g) => g.side === 'home').length, away: goals.filter((g) => g.side === 'away').length };
  const mineNow = bets.filter((b) => round && sharedRoundIdOf(b) === round.id);

  const bet = async (): Promise<void> => {
    if (!round || !choice) return;
    const answer = await play({ action: 'bet', roundId: round.id, market: choice.market, pick: choice.pick, stake: String(stake) });
    if (answer) add(answer);
  };
  return (
    <section className="virtual shared" aria-label={t('vf.title')}>
      {showing ? (
        <div className="pitch" aria-live="polite" data-testid="vf-live">
          <p className="pitch-clock">{minute}&apos;</p>
          <p className="pitch-score">
            {paramsOf(showing).home} <strong>{shownScore.home} – {shownScore.away}</strong> {paramsOf(showing).away}
          </p>
          <ul className="pitch-goals">
            {goals.map((g, i) => (
              <li key={i}>⚽ {g.minute}&apos; {g.side === 'home' ? paramsOf(showing).home : paramsOf(showing).away}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <p className="shared-status" data-testid="shared-status">
        {!connected ? t('virtual.connecting') : round ? t('vf.match', { n: round.roundNo, home: params.home, away: params.away }) : t('vf.next')}
        {connected && round ? <span className="countdown">{t('shared.seconds', { n: secondsUntil(round.closesAt, now) })}</span> : null}
      </p>
      <div className="chip-row" role="group" aria-label={t('vf.selections')}>
        {PICKS.map((p) => (
          <button key={p.pick} type="button" className={choice?.pick === p.pick ? 'on' : ''} aria-pressed={choice?.pick === p.pick} onClick={() => setChoice(p)} disabled={!round}>
            {p.label(params, t)} <strong>{formatHundredths(num(params.odds[p.pick], 0))}</strong>
          </button>
        ))}
      </div>
      <div className="controls">
        <StakeSelector />
        {choice ? <span className="muted">{t('virtual.returns', { amount: money((stake * BigInt(num(params.odds[choice.pick], 0))) / 100n) })}</span> : null}
        <button type="button" className="primary" onClick={() => void bet()} disabled={busy || !round || !choice} data-testid="vf-bet">{t('virtual.bet')}</button>
      </div>
      {mineNow.length > 0 ? <p className="muted" data-testid="vf-mine">{t('vf.mine', { n: round?.roundNo ?? '', bets: mineNow.map((b) => `${str(obj(b.input).pick)} ${money(b.stake)}`).join(', ') })}</p> : null}
      <ol className="shared-history" aria-label={t('vf.last')}>
        {past.filter((r) => r !== showing).map((r) => (
          <li key={r.id}>{r.state === 'void' ? t('shared.void') : `${scoreOf(r).home}–${scoreOf(r).away}`}</li>
        ))}
      </ol>
      <RulesPanel rtp={t('virtual.upTo', { rtp: percent(VIRTUAL_RTP) })}>
        <p>{t('vf.rules')}</p>
      </RulesPanel>
      <RoundFairness current={round} past={past} describe={(r) => (r.state === 'void' ? t('shared.void') : `${paramsOf(r).home} ${scoreOf(r).home}–${scoreOf(r).away} ${paramsOf(r).away}`)} />
    </section>
  );
}
