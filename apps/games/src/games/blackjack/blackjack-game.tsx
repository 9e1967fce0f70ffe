import { useEffect, useState } from 'react';
import { BLACKJACK } from '@betsite/domain';
import { useGame } from '../../shell/game-context.ts';
import { percent, RulesPanel } from '../../shell/rules-panel.tsx';
import { StakeSelector } from '../../shell/stake-selector.tsx';
import { usePlayKey } from '../../shell/use-play-key.ts';
import { Card } from '../cards/card.tsx';
import { blackjackCard } from '../cards/cards.ts';
import { moveForKey, readBlackjack, resultText, totalText, type BlackjackMove, type BlackjackView } from './blackjack-view.ts';
import './blackjack.css';

const MOVE_LABEL: Readonly<Record<BlackjackMove, string>> = { hit: 'Hit', stand: 'Stand', double: 'Double', split: 'Split' };

export default function BlackjackGame(): React.JSX.Element {
  const { session, stake, busy, play, money, announce } = useGame();
  const [view, setView] = useState<BlackjackView | null>(() => (session.open?.engine === 'blackjack' ? readBlackjack(session.open.outcome) : null));
  const inRound = view?.status === 'player';

  const act = async (body: { action: string; stake?: string }): Promise<void> => {
    const round = await play(body);
    if (!round) return;
    const next = readBlackjack(round.outcome);
    setView(next);
    if (next?.status === 'done') {
      const win = BigInt(round.win);
      announce(`${next.results.map(resultText).join(', ')}. ${win > 0n ? `You get ${money(win)}` : 'No win'}`);
    }
  };
  const deal = (): Promise<void> => act({ action: 'deal', stake: String(stake) });
  usePlayKey(() => {
    if (!inRound) void deal();
  }, !busy && !inRound);
  useEffect(() => {
    if (!inRound || busy) return;
    const onKey = (e: KeyboardEvent): void => {
      const move = moveForKey(e.key);
      if (move && view?.actions.includes(move) && !(e.target instanceof HTMLInputElement)) void act({ action: move });
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  return (
    <section className="blackjack" aria-label="Blackjack">
      <div className="felt">
        <div className="bj-row">
          <h2>Dealer {view?.dealerTotal != null ? <span className="total">{totalText(view.dealerTotal, false)}</span> : null}</h2>
          <div className="hand-cards">
            {view ? (
              <>
                {view.dealer.map((c, i) => <Card key={i} card={blackjackCard(c)} />)}
                {inRound ? <Card card={null} /> : null}
              </>
            ) : (
              <p className="muted">Dealer stands on soft 17 · Blackjack pays 3 to 2</p>
            )}
          </div>
        </div>
        <div className="bj-hands">
          {view?.hands.map((h, i) => (
            <div key={i} className={`bj-hand${inRound && i === view.active ? ' active' : ''}`} aria-current={inRound && i === view.active ? 'true' : undefined}>
              <h2>
                {view.hands.length > 1 ? `Hand ${i + 1}` : 'Your hand'} <span className="total">{totalText(h.total, h.soft)}</span>
              </h2>
              <div className="hand-cards">
                {h.cards.map((c, j) => <Card key={j} card={blackjackCard(c)} />)}
              </div>
              <p className="bj-stake">
                Stake {money(h.stake)}
                {h.doubled ? ' (doubled)' : ''}
                {view.results[i] ? <strong className={`bj-result ${view.results[i]}`}> · {resultText(view.results[i] as string)}</strong> : null}
              </p>
            </div>
          ))}
        </div>
      </div>
      <div className="controls">
        {inRound ? (
          (['hit', 'stand', 'double', 'split'] as const).map((m) => (
            <button key={m} type="button" className={m === 'stand' ? 'primary' : ''} onClick={() => void act({ action: m })} disabled={busy || !view.actions.includes(m)} aria-keyshortcuts={m.charAt(0).toUpperCase()}>
              {MOVE_LABEL[m]}
            </button>
          ))
        ) : (
          <>
            <StakeSelector />
            <button type="button" className="primary" onClick={() => void deal()} disabled={busy}>Deal</button>
          </>
        )}
      </div>
      {view?.status === 'done' ? <p className="bj-summary">{view.payout > 0n ? `Paid ${money(view.payout)}` : 'The dealer wins this round'}</p> : null}
      <RulesPanel rtp={percent(BLACKJACK.rtp)}>
        <ul>
          <li>Six decks, a fresh shoe every round. Dealer stands on soft 17 and peeks with an ace or a ten showing.</li>
          <li>Blackjack pays 3 to 2; other wins pay 1 to 1; a tie (push) returns the stake. A player blackjack against a dealer blackjack pushes.</li>
          <li>Double on any first two cards, also after a split (one more card, stake doubled).</li>
          <li>Split pairs of the same value up to four hands; split aces take one card each and do not resplit; 21 after a split is not a blackjack.</li>
          <li>No insurance, no surrender. Keys: H hit, S stand, D double, P split; Space or Enter deals.</li>
          <li>An unfinished hand (closed tab) is finished by standing.</li>
        </ul>
        <p className="muted">The RTP is the reference figure for these rules with basic strategy.</p>
      </RulesPanel>
    </section>
  );
}
