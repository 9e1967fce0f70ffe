import { useEffect, useState } from 'react';
import { BLACKJACK } from '@betsite/domain';
import { useGame } from '../../shell/game-context.ts';
import { percent, RulesPanel } from '../../shell/rules-panel.tsx';
import { StakeSelector } from '../../shell/stake-selector.tsx';
import { usePlayKey } from '../../shell/use-play-key.ts';
import { Card } from '../cards/card.tsx';
import { blackjackCard } from '../cards/cards.ts';
import { moveForKey, readBlackjack, resultText, totalText, type BlackjackView } from './blackjack-view.ts';
import { useT } from '../../i18n.ts';
import './blackjack.css';

export default function BlackjackGame(): React.JSX.Element {
  const { session, stake, busy, play, money, announce } = useGame();
  const t = useT();
  const [view, setView] = useState<BlackjackView | null>(() => (session.open?.engine === 'blackjack' ? readBlackjack(session.open.outcome) : null));
  const inRound = view?.status === 'player';

  const act = async (body: { action: string; stake?: string }): Promise<void> => {
    const round = await play(body);
    if (!round) return;
    const next = readBlackjack(round.outcome);
    setView(next);
    if (next?.status === 'done') {
      const win = BigInt(round.win);
      announce(`${next.results.map((r) => resultText(r, t)).join(', ')}. ${win > 0n ? t('bj.youGet', { amount: money(win) }) : t('slots.noWin')}`);
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
    <section className="blackjack" aria-label={t('bj.title')}>
      <div className="felt">
        <div className="bj-row">
          <h2>{t('bj.dealer')} {view?.dealerTotal != null ? <span className="total">{totalText(view.dealerTotal, false, t)}</span> : null}</h2>
          <div className="hand-cards">
            {view ? (
              <>
                {view.dealer.map((c, i) => <Card key={i} card={blackjackCard(c)} />)}
                {inRound ? <Card card={null} /> : null}
              </>
            ) : (
              <p className="muted">{t('bj.tagline')}</p>
            )}
          </div>
        </div>
        <div className="bj-hands">
          {view?.hands.map((h, i) => (
            <div key={i} className={`bj-hand${inRound && i === view.active ? ' active' : ''}`} aria-current={inRound && i === view.active ? 'true' : undefined}>
              <h2>
                {view.hands.length > 1 ? t('bj.hand', { n: i + 1 }) : t('bj.yourHand')} <span className="total">{totalText(h.total, h.soft, t)}</span>
              </h2>
              <div className="hand-cards">
                {h.cards.map((c, j) => <Card key={j} card={blackjackCard(c)} />)}
              </div>
              <p className="bj-stake">
                {t('bj.stake', { amount: money(h.stake) })}
                {h.doubled ? t('bj.doubled') : ''}
                {view.results[i] ? <strong className={`bj-result ${view.results[i]}`}> · {resultText(view.results[i] as string, t)}</strong> : null}
              </p>
            </div>
          ))}
        </div>
      </div>
      <div className="controls">
        {inRound ? (
          (['hit', 'stand', 'double', 'split'] as const).map((m) => (
            <button key={m} type="button" className={m === 'stand' ? 'primary' : ''} onClick={() => void act({ action: m })} disabled={busy || !view.actions.includes(m)} aria-keyshortcuts={m.charAt(0).toUpperCase()}>
              {t(`bj.move.${m}`)}
            </button>
          ))
        ) : (
          <>
            <StakeSelector />
            <button type="button" className="primary" onClick={() => void deal()} disabled={busy}>{t('bj.deal')}</button>
          </>
        )}
      </div>
      {view?.status === 'done' ? <p className="bj-summary">{view.payout > 0n ? t('bj.paid', { amount: money(view.payout) }) : t('bj.dealerWins')}</p> : null}
      <RulesPanel rtp={percent(BLACKJACK.rtp)}>
        <ul>
          {(['bj.rule1', 'bj.rule2', 'bj.rule3', 'bj.rule4', 'bj.rule5', 'bj.rule6'] as const).map((k) => (
            <li key={k}>{t(k)}</li>
          ))}
        </ul>
        <p className="muted">{t('bj.rtpNote')}</p>
      </RulesPanel>
    </section>
  );
}
