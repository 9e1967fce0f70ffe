/**
 * Virtual race: eight runners every two minutes for everyone. The runners' odds are public
 * with the round; bet a runner to win or to finish in the first three until the off; then the
 * race runs for 25 seconds of show to the finishing order drawn from the round's committed
 * seed (each place to a remaining runner in proportion to its weight).
 */
import { useState } from 'react';
import { VIRTUAL_RTP } from '@betsite/domain';
import { formatHundredths } from '../../format.ts';
import { list, num, nums, obj, str } from '../../outcome.ts';
import { useGame } from '../../shell/game-context.ts';
import { percent, RulesPanel } from '../../shell/rules-panel.tsx';
import { StakeSelector } from '../../shell/stake-selector.tsx';
import { useServerNow, useSharedTopic } from '../live-topic.ts';
import { RoundFairness } from '../round-fairness.tsx';
import { currentRound, pastRounds, secondsUntil, type SharedRound } from '../shared-state.ts';
import { sharedRoundIdOf, useMyBets } from '../use-my-bets.ts';
import { useT } from '../../i18n.ts';
import '../shared.css';
import './virtual.css';

interface Runner {
  readonly number: number;
  readonly name: string;
  readonly odds: { readonly win: number; readonly top3: number };
}
const COLOURS = ['#ef4444', '#3b82f6', '#eab308', '#22c55e', '#a855f7', '#f97316', '#14b8a6', '#ec4899'];
const runnersOf = (r: SharedRound | null): Runner[] =>
  list(obj(r?.params).runners).map((x) => ({ number: num(obj(x).number), name: str(obj(x).name), odds: { win: num(obj(obj(x).odds).win), top3: num(obj(obj(x).odds).top3) } }));
const orderOf = (r: SharedRound): number[] => nums(obj(r.result).order);

/** How far runner at finishing place k (0 first) is at show fraction t: the winner arrives first, with a little wobble. */
export function raceProgress(place: number, number: number, t: number): number {
  const arrival = 0.82 + place * 0.025;
  const wobble = 0.015 * Math.sin(t * 9 + number * 1.7) * (1 - t);
  return Math.max(0, Math.min(1, t / arrival + wobble));
}

export default function VirtualRaceGame(): React.JSX.Element {
  const { stake, busy, play, money } = useGame();
  const t = useT();
  const { state, connected } = useSharedTopic('virtual-race');
  const now = useServerNow(state.offsetMs, 100);
  const [choice, setChoice] = useState<{ runner: number; market: 'win' | 'top3' } | null>(null);
  const round = currentRound(state);
  const past = pastRounds(state);
  const showing = past.find((r) => r.state === 'settled' && r.endsAt !== null && now < Date.parse(r.endsAt)) ?? null;
  const { bets, add } = useMyBets(past.filter((r) => r.endsAt === null || now >= Date.parse(r.endsAt)));
  const runners = runnersOf(round);
  const mineNow = bets.filter((b) => round && sharedRoundIdOf(b) === round.id);

  const bet = async (): Promise<void> => {
    if (!round || !choice) return;
    const answer = await play({ action: 'bet', roundId: round.id, market: choice.market, runner: choice.runner, stake: String(stake) });
    if (answer) add(answer);
  };
  const oddsOf = (c: { runner: number; market: 'win' | 'top3' }) => runners.find((r) => r.number === c.runner)?.odds[c.market] ?? 0;

  let track: React.JSX.Element | null = null;
  if (showing) {
    const order = orderOf(showing);
    const run = Math.min(1, (now - Date.parse(showing.closesAt)) / (Date.parse(showing.endsAt!) - Date.parse(showing.closesAt) - 3000));
    track = (
      <div className="track" data-testid="vr-live">
        <svg viewBox="0 0 400 170" role="img" aria-label={run >= 1 ? t('vr.finish', { order: order.slice(0, 3).join(', ') }) : t('vr.on')}>
          <rect x="0" y="0" width="400" height="170" fill="#14532d" />
          <line x1="380" y1="0" x2="380" y2="170" stroke="#fff" strokeDasharray="4 3" strokeWidth="2" />
          {order.map((number, place) => {
            const y = 12 + (number - 1) * 20;
            const x = 10 + raceProgress(place, number, run) * 360;
            return (
              <g key={number}>
                <line x1="0" y1={y + 8} x2="400" y2={y + 8} stroke="#ffffff22" />
                <circle cx={x} cy={y} r="8" fill={COLOURS[number - 1]} />
                <text x={x} y={y + 4} textAnchor="middle" fontSize="10" fill="#000">{number}</text>
              </g>
            );
          })}
        </svg>
        {run >= 1 ? <p data-testid="vr-result">{t('vr.result', { order: order.map((n, i) => `${i + 1}. ${runnersOf(showing).find((r) => r.number === n)?.name ?? n}`).slice(0, 3).join(' · ') })}</p> : <p>{t('vr.raceOn', { n: showing.roundNo })}</p>}
      </div>
    );
  }
  return (
    <section className="virtual shared" aria-label={t('vr.title')}>
      {track}
      <p className="shared-status" data-testid="shared-status">
        {!connected ? t('virtual.connecting') : round ? t('vr.offIn', { n: round.roundNo }) : t('vr.next')}
        {connected && round ? <span className="countdown">{t('shared.seconds', { n: secondsUntil(round.closesAt, now) })}</span> : null}
      </p>
      <table className="shared-bets race-card" aria-label={t('vr.runners')}>
        <thead><tr><th>{t('vr.no')}</th><th>{t('vr.runner')}</th><th className="num">{t('vr.win')}</th><th className="num">{t('vr.top3')}</th></tr></thead>
        <tbody>
          {runners.map((r) => (
            <tr key={r.number}>
              <td><span className="silk" data-colour={r.number}>{r.number}</span></td>
              <td>{r.name}</td>
              {(['win', 'top3'] as const).map((market) => (
                <td key={market} className="num">
                  <button type="button" className={choice?.runner === r.number && choice.market === market ? 'on' : ''} aria-pressed={choice?.runner === r.number && choice.market === market} onClick={() => setChoice({ runner: r.number, market })}>
                    {formatHundredths(r.odds[market])}
                  </button>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <div className="controls">
        <StakeSelector />
        {choice ? <span className="muted">{t('virtual.returns', { amount: money((stake * BigInt(oddsOf(choice))) / 100n) })}</span> : null}
        <button type="button" className="primary" onClick={() => void bet()} disabled={busy || !round || !choice} data-testid="vr-bet">{t('virtual.bet')}</button>
      </div>
      {mineNow.length > 0 ? <p className="muted" data-testid="vr-mine">{t('vr.mine', { n: round?.roundNo ?? '', bets: mineNow.map((b) => `#${num(obj(b.input).runner)} ${str(obj(b.input).market)} ${money(b.stake)}`).join(', ') })}</p> : null}
      <ol className="shared-history" aria-label={t('vr.last')}>
        {past.filter((r) => r !== showing).map((r) => (
          <li key={r.id}>{r.state === 'void' ? t('shared.void') : `#${orderOf(r)[0] ?? '–'}`}</li>
        ))}
      </ol>
      <RulesPanel rtp={t('virtual.upTo', { rtp: percent(VIRTUAL_RTP) })}>
        <p>{t('vr.rules')}</p>
      </RulesPanel>
      <RoundFairness current={round} past={past} describe={(r) => (r.state === 'void' ? t('shared.void') : orderOf(r).join('-'))} />
    </section>
  );
}
