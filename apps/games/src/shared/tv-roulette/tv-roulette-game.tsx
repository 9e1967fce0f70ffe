/**
 * TV roulette: one European roulette spin a minute for everyone, on the public schedule.
 * Bets (the table's own: numbers, dozens, columns, colours, odd/even, low/high) are taken until
 * the countdown ends; then the wheel turns to the pocket drawn from the round's committed seed.
 */
import { useEffect, useState } from 'react';
import { EUROPEAN_ROULETTE, type RouletteBetKind } from '@betsite/domain';
import { num, obj } from '../../outcome.ts';
import { useGame } from '../../shell/game-context.ts';
import { percent, RulesPanel } from '../../shell/rules-panel.tsx';
import { StakeSelector } from '../../shell/stake-selector.tsx';
import { pocketColor } from '../../games/roulette/roulette-logic.ts';
import { Wheel } from '../../games/roulette/wheel.tsx';
import '../../games/roulette/roulette.css';
import { useServerNow, useSharedTopic } from '../live-topic.ts';
import { RoundFairness } from '../round-fairness.tsx';
import { currentRound, pastRounds, secondsUntil, type SharedRound } from '../shared-state.ts';
import { sharedRoundIdOf, useMyBets } from '../use-my-bets.ts';
import { useT, type Translate } from '../../i18n.ts';
import '../shared.css';

interface Pick {
  readonly key: string;
  readonly kind: RouletteBetKind;
  readonly numbers: readonly number[];
  readonly label: (t: Translate) => string;
}

const OUTSIDE: readonly Pick[] = [
  { key: 'red', kind: 'red', numbers: [], label: (t) => t('tvr.red') },
  { key: 'black', kind: 'black', numbers: [], label: (t) => t('tvr.black') },
  { key: 'odd', kind: 'odd', numbers: [], label: (t) => t('tvr.odd') },
  { key: 'even', kind: 'even', numbers: [], label: (t) => t('tvr.even') },
  { key: 'low', kind: 'low', numbers: [], label: () => '1–18' },
  { key: 'high', kind: 'high', numbers: [], label: () => '19–36' },
  ...[1, 2, 3].map((d) => ({ key: `dozen${d}`, kind: 'dozen' as const, numbers: [d], label: (t: Translate) => t('tvr.dozen', { n: d }) })),
  ...[1, 2, 3].map((c) => ({ key: `column${c}`, kind: 'column' as const, numbers: [c], label: (t: Translate) => t('tvr.column', { n: c }) })),
];
const straight = (n: number): Pick => ({ key: `n${n}`, kind: 'straight', numbers: [n], label: () => String(n) });
const pocketOf = (r: SharedRound): number | null => (r.state === 'settled' ? num(obj(r.result).pocket, -1) : null);

export default function TvRouletteGame(): React.JSX.Element {
  const { stake, busy, play, money } = useGame();
  const t = useT();
  const { state, connected } = useSharedTopic('tv-roulette');
  const now = useServerNow(state.offsetMs);
  const [picks, setPicks] = useState<readonly Pick[]>([]);
  const round = currentRound(state);
  const past = pastRounds(state);
  // My bets are read again (and the balance) once the draw's show is over.
  const { bets, add } = useMyBets(past.filter((r) => r.endsAt === null || now >= Date.parse(r.endsAt)));
  const last = past[0] ?? null;
  const [spins, setSpins] = useState(0);
  useEffect(() => setSpins((n) => n + 1), [last?.id]);

  const drawing = last !== null && last.endsAt !== null && now < Date.parse(last.endsAt) && now >= Date.parse(last.closesAt);
  const toggle = (p: Pick) => setPicks((list) => (list.some((x) => x.key === p.key) ? list.filter((x) => x.key !== p.key) : [...list, p]));
  const mineNow = bets.filter((b) => round && sharedRoundIdOf(b) === round.id);
  const place = async (): Promise<void> => {
    if (!round || picks.length === 0) return;
    const answer = await play({ action: 'bet', roundId: round.id, bets: picks.map((p) => ({ kind: p.kind, numbers: [...p.numbers], stake: String(stake) })) });
    if (answer) {
      add(answer);
      setPicks([]);
    }
  };
  const pocket = last ? pocketOf(last) : null;
  const total = BigInt(picks.length) * stake;
  return (
    <section className="roulette shared" aria-label={t('tvr.title')}>
      <p className="shared-status" data-testid="shared-status">
        {!connected ? t('shared.connectingStudio') : round ? t('shared.roundCloses', { n: round.roundNo }) : t('shared.nextRound')}
        {connected && round ? <span className="countdown">{t('shared.seconds', { n: secondsUntil(round.closesAt, now) })}</span> : null}
      </p>
      <div className="roulette-top">
        <Wheel pocket={pocket} spins={spins} />
        <div className="roulette-result" aria-live="polite">
          {drawing ? <p>{t('tvr.rolling', { n: last.roundNo })}</p> : null}
          {pocket !== null && pocket >= 0 ? <p className={`pocket-big ${pocketColor(pocket)}`} data-testid="tv-roulette-pocket">{pocket}</p> : null}
          {last?.state === 'void' ? <p>{t('tvr.void', { n: last.roundNo })}</p> : null}
        </div>
      </div>
      <ol className="shared-history" aria-label={t('tvr.last')}>
        {past.map((r) => {
          const p = pocketOf(r);
          return <li key={r.id} className={p === null || p < 0 ? '' : pocketColor(p)}>{p === null || p < 0 ? '–' : p}</li>;
        })}
      </ol>
      <div className="tv-numbers" role="group" aria-label={t('tvr.numbers')}>
        <button type="button" className={`green zero-row${picks.some((p) => p.key === 'n0') ? ' on' : ''}`} onClick={() => toggle(straight(0))} aria-pressed={picks.some((p) => p.key === 'n0')}>0</button>
        {Array.from({ length: 36 }, (_, i) => i + 1).map((n) => (
          <button key={n} type="button" className={`${pocketColor(n)}${picks.some((p) => p.key === `n${n}`) ? ' on' : ''}`} onClick={() => toggle(straight(n))} aria-pressed={picks.some((p) => p.key === `n${n}`)}>{n}</button>
        ))}
      </div>
      <div className="chip-row" role="group" aria-label={t('tvr.outside')}>
        {OUTSIDE.map((p) => (
          <button key={p.key} type="button" className={picks.some((x) => x.key === p.key) ? 'on' : ''} onClick={() => toggle(p)} aria-pressed={picks.some((x) => x.key === p.key)}>{p.label(t)}</button>
        ))}
      </div>
      <div className="controls">
        <StakeSelector label={t('tvr.perBet')} />
        <span className="muted">{t('tvr.count', { count: picks.length, amount: money(total) })}</span>
        <button type="button" className="primary" onClick={() => void place()} disabled={busy || !round || picks.length === 0} data-testid="tv-roulette-bet">{t('tvr.place')}</button>
        <button type="button" onClick={() => setPicks([])} disabled={picks.length === 0}>{t('shared.clear')}</button>
      </div>
      {mineNow.length > 0 ? (
        <p className="muted" data-testid="tv-roulette-mine">{t('tvr.mine', { n: round?.roundNo ?? '', amounts: mineNow.map((b) => money(b.stake)).join(' + ') })}</p>
      ) : null}
      <RulesPanel rtp={percent(EUROPEAN_ROULETTE.rtp)}>
        <p>{t('tvr.rules')}</p>
      </RulesPanel>
      <RoundFairness current={round} past={past} describe={(r) => (r.state === 'void' ? t('shared.void') : String(pocketOf(r)))} />
    </section>
  );
}
