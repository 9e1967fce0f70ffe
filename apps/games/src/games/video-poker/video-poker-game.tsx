import { useEffect, useState } from 'react';
import { VIDEO_POKER } from '@betsite/domain';
import { useGame } from '../../shell/game-context.ts';
import { percent, RulesPanel } from '../../shell/rules-panel.tsx';
import { StakeSelector } from '../../shell/stake-selector.tsx';
import { usePlayKey } from '../../shell/use-play-key.ts';
import { Card } from '../cards/card.tsx';
import { cardLabel, pokerCard } from '../cards/cards.ts';
import { dealtHand, handName, PAYTABLE_ROWS, readPoker, type PokerView } from './video-poker-view.ts';
import './video-poker.css';

const NO_HOLD = [false, false, false, false, false];

export default function VideoPokerGame(): React.JSX.Element {
  const { session, stake, busy, play, money, announce } = useGame();
  const [view, setView] = useState<PokerView | null>(() => (session.open?.engine === 'jacks-or-better' ? readPoker(session.open.outcome) : null));
  const [hold, setHold] = useState<boolean[]>(NO_HOLD);
  const dealt = view?.status === 'dealt';
  const lit = view ? (dealt ? dealtHand(view.hand) : view.result) : null;

  const deal = async (): Promise<void> => {
    const round = await play({ action: 'deal', stake: String(stake) });
    if (!round) return;
    setHold(NO_HOLD);
    setView(readPoker(round.outcome));
  };
  const draw = async (): Promise<void> => {
    const round = await play({ action: 'draw', hold });
    if (!round) return;
    const next = readPoker(round.outcome);
    setView(next);
    const win = BigInt(round.win);
    announce(next?.result && next.result !== 'nothing' ? `${handName(next.result)}: you win ${money(win)}` : 'No win');
  };
  const toggle = (i: number): void => setHold(hold.map((h, j) => (j === i ? !h : h)));
  usePlayKey(() => void (dealt ? draw() : deal()), !busy);
  useEffect(() => {
    if (!dealt || busy) return;
    const onKey = (e: KeyboardEvent): void => {
      const i = Number(e.key) - 1;
      if (Number.isInteger(i) && i >= 0 && i < 5) setHold((h) => h.map((x, j) => (j === i ? !x : x)));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [dealt, busy]);

  return (
    <section className="video-poker" aria-label="Jacks or Better">
      <table className="paytable vp-paytable">
        <caption>Jacks or Better 9/6 — pays for your stake of {money(stake)}</caption>
        <tbody>
          {PAYTABLE_ROWS.map((row) => (
            <tr key={row.hand} className={lit === row.hand ? 'hit' : ''} aria-current={lit === row.hand ? 'true' : undefined}>
              <th scope="row">{handName(row.hand)}</th>
              <td>{row.pays} ×</td>
              <td className="num">{money(stake * BigInt(row.pays))}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="vp-cards">
        {(view?.hand ?? [null, null, null, null, null]).map((c, i) => {
          const card = c === null ? null : pokerCard(c);
          return (
            <button
              key={i}
              type="button"
              className={`vp-card${hold[i] && dealt ? ' held' : ''}`}
              onClick={() => toggle(i)}
              disabled={!dealt || busy}
              aria-pressed={dealt ? hold[i] : undefined}
              aria-label={card ? `Hold card ${i + 1}, ${cardLabel(card)}` : `Card ${i + 1}`}
            >
              <Card card={card} held={dealt && hold[i]} />
              <span className="hold-tag" aria-hidden="true">{dealt && hold[i] ? 'HELD' : ''}</span>
            </button>
          );
        })}
      </div>
      <p className="vp-status" aria-live="polite">
        {dealt ? 'Choose the cards to hold (click or keys 1–5), then draw.' : view?.result ? (view.result === 'nothing' ? 'No win' : `${handName(view.result)} — win ${money(view.payout)}`) : 'Deal five cards.'}
      </p>
      <div className="controls">
        {dealt ? (
          <button type="button" className="primary" onClick={() => void draw()} disabled={busy}>Draw</button>
        ) : (
          <>
            <StakeSelector />
            <button type="button" className="primary" onClick={() => void deal()} disabled={busy}>Deal</button>
          </>
        )}
      </div>
      <RulesPanel rtp={percent(VIDEO_POKER.rtp)}>
        <p>
          One 52-card deck, shuffled for every hand by the provably fair generator. You are dealt five cards, hold any of them, and the others are
          replaced from the same deck. The final hand pays by the table above (for 1 staked, the stake included): a pair pays only if it is jacks or
          better. The RTP is that of the best holding strategy; an unfinished hand is finished with the standard strategy&apos;s hold.
        </p>
      </RulesPanel>
    </section>
  );
}
