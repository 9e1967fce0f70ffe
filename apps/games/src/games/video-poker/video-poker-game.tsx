import { useEffect, useState } from 'react';
import { VIDEO_POKER } from '@betsite/domain';
import { useGame } from '../../shell/game-context.ts';
import { percent, RulesPanel } from '../../shell/rules-panel.tsx';
import { StakeSelector } from '../../shell/stake-selector.tsx';
import { usePlayKey } from '../../shell/use-play-key.ts';
import { Card } from '../cards/card.tsx';
import { cardLabel, pokerCard } from '../cards/cards.ts';
import { dealtHand, handName, PAYTABLE_ROWS, readPoker, type PokerView } from './video-poker-view.ts';
import { useT } from '../../i18n.ts';
import './video-poker.css';

const NO_HOLD = [false, false, false, false, false];

export default function VideoPokerGame(): React.JSX.Element {
  const { session, stake, busy, play, money, announce } = useGame();
  const t = useT();
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
    announce(next?.result && next.result !== 'nothing' ? t('vp.youWin', { hand: handName(next.result, t), amount: money(win) }) : t('slots.noWin'));
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
    <section className="video-poker" aria-label={t('vp.title')}>
      <table className="paytable vp-paytable">
        <caption>{t('vp.caption', { amount: money(stake) })}</caption>
        <tbody>
          {PAYTABLE_ROWS.map((row) => (
            <tr key={row.hand} className={lit === row.hand ? 'hit' : ''} aria-current={lit === row.hand ? 'true' : undefined}>
              <th scope="row">{handName(row.hand, t)}</th>
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
              aria-label={card ? t('vp.hold', { n: i + 1, card: cardLabel(card, t) }) : t('vp.card', { n: i + 1 })}
            >
              <Card card={card} held={dealt && hold[i]} />
              <span className="hold-tag" aria-hidden="true">{dealt && hold[i] ? t('vp.held') : ''}</span>
            </button>
          );
        })}
      </div>
      <p className="vp-status" aria-live="polite">
        {dealt ? t('vp.choose') : view?.result ? (view.result === 'nothing' ? t('slots.noWin') : t('vp.handWin', { hand: handName(view.result, t), amount: money(view.payout) })) : t('vp.dealFive')}
      </p>
      <div className="controls">
        {dealt ? (
          <button type="button" className="primary" onClick={() => void draw()} disabled={busy}>{t('vp.draw')}</button>
        ) : (
          <>
            <StakeSelector />
            <button type="button" className="primary" onClick={() => void deal()} disabled={busy}>{t('bj.deal')}</button>
          </>
        )}
      </div>
      <RulesPanel rtp={percent(VIDEO_POKER.rtp)}>
        <p>{t('vp.rules')}</p>
      </RulesPanel>
    </section>
  );
}
