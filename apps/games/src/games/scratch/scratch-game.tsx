import { useState } from 'react';
import { SCRATCH_CARD } from '@betsite/domain';
import { big, nums, obj } from '../../outcome.ts';
import { formatMultiplier } from '../../format.ts';
import { useGame } from '../../shell/game-context.ts';
import { percent, RulesPanel } from '../../shell/rules-panel.tsx';
import { StakeSelector } from '../../shell/stake-selector.tsx';
import { usePlayKey } from '../../shell/use-play-key.ts';
import { PRIZE_ROWS, winningCells } from './scratch-logic.ts';
import { useT } from '../../i18n.ts';
import './scratch.css';

interface Ticket {
  readonly grid: readonly number[];
  readonly win: bigint;
  readonly stake: bigint;
}

export default function ScratchGame(): React.JSX.Element {
  const { stake, busy, play, money, announce } = useGame();
  const t = useT();
  const [ticket, setTicket] = useState<Ticket | null>(null);
  const [scratched, setScratched] = useState<ReadonlySet<number>>(new Set());
  const done = ticket !== null && scratched.size === ticket.grid.length;
  const winners = ticket ? new Set(winningCells(ticket.grid)) : new Set<number>();

  const finish = (played: Ticket): void => announce(played.win > 0n ? t('scratch.youWin', { amount: money(played.win) }) : t('scratch.noPrizeTicket'));
  const scratch = (i: number): void => {
    if (!ticket || scratched.has(i)) return;
    const next = new Set(scratched).add(i);
    setScratched(next);
    if (next.size === ticket.grid.length) finish(ticket);
  };
  const revealAll = (): void => {
    if (!ticket || done) return;
    setScratched(new Set(ticket.grid.map((_, i) => i)));
    finish(ticket);
  };
  const buy = async (): Promise<void> => {
    const round = await play({ action: 'buy', stake: String(stake) });
    if (!round) return;
    setTicket({ grid: nums(obj(round.outcome).grid), win: big(round.win), stake });
    setScratched(new Set());
  };
  usePlayKey(() => void (ticket && !done ? revealAll() : buy()), !busy);

  return (
    <section className="scratch" aria-label={SCRATCH_CARD.title}>
      <div className="ticket">
        <h1>{SCRATCH_CARD.title}</h1>
        <p className="ticket-rule">{t('scratch.rule')}</p>
        <div className="scratch-grid" role="group" aria-label={t('scratch.ticket')}>
          {Array.from({ length: 9 }, (_, i) => {
            const amount = ticket?.grid[i];
            const open = scratched.has(i);
            return (
              <button
                key={i}
                type="button"
                className={`scratch-cell${open ? ' open' : ''}${open && done && winners.has(i) ? ' winner' : ''}`}
                onClick={() => scratch(i)}
                onPointerEnter={(e) => e.buttons === 1 && scratch(i)}
                disabled={!ticket || open}
                aria-label={open && amount !== undefined && ticket ? t('scratch.cell', { n: i + 1, amount: money((ticket.stake * BigInt(amount)) / 1000n) }) : t('scratch.scratchCell', { n: i + 1 })}
              >
                {open && amount !== undefined && ticket ? (
                  <span className="amount">{money((ticket.stake * BigInt(amount)) / 1000n).split(' ')[0]}</span>
                ) : (
                  <svg viewBox="0 0 100 100" aria-hidden="true" className="foil">
                    <rect width="100" height="100" rx="10" fill="url(#foil)" />
                    <text x="50" y="60" textAnchor="middle" fontSize="30" fontWeight="900" fill="#8a7a4a">9</text>
                  </svg>
                )}
              </button>
            );
          })}
        </div>
        <svg width="0" height="0" aria-hidden="true" style={{ position: 'absolute' }}>
          <defs>
            <linearGradient id="foil" x1="0" y1="0" x2="1" y2="1">
              <stop offset="0" stopColor="#e8e0c8" />
              <stop offset=".5" stopColor="#b9ad88" />
              <stop offset="1" stopColor="#e0d6b6" />
            </linearGradient>
          </defs>
        </svg>
        {done && ticket ? <p className={`ticket-result${ticket.win > 0n ? ' won' : ''}`}>{ticket.win > 0n ? t('scratch.win', { amount: money(ticket.win) }) : t('scratch.noPrize')}</p> : null}
      </div>
      <div className="controls">
        {ticket && !done ? (
          <button type="button" className="primary" onClick={revealAll}>{t('scratch.revealAll')}</button>
        ) : (
          <>
            <StakeSelector label={t('scratch.price')} />
            <button type="button" className="primary" onClick={() => void buy()} disabled={busy}>{t('scratch.buy')}</button>
          </>
        )}
      </div>
      <RulesPanel rtp={percent(SCRATCH_CARD.rtp)}>
        <p>{t('scratch.rules')}</p>
        <table className="paytable">
          <thead><tr><th>{t('scratch.prize')}</th><th>{t('scratch.winAtPrice')}</th><th>{t('scratch.odds')}</th></tr></thead>
          <tbody>
            {PRIZE_ROWS.map((p) => (
              <tr key={p.milli}><td>{formatMultiplier(p.milli)}</td><td className="num">{money((stake * BigInt(p.milli)) / 1000n)}</td><td>{t('scratch.oneIn', { n: p.oneIn.toLocaleString('en') })}</td></tr>
            ))}
          </tbody>
        </table>
      </RulesPanel>
    </section>
  );
}
