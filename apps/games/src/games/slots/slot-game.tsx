import { useEffect, useMemo, useRef, useState } from 'react';
import type { SlotDefinition } from '@betsite/domain';
import { useGame } from '../../shell/game-context.ts';
import { percent, RulesPanel } from '../../shell/rules-panel.tsx';
import { StakeSelector } from '../../shell/stake-selector.tsx';
import { usePlayKey } from '../../shell/use-play-key.ts';
import { big } from '../../outcome.ts';
import { linePayMinor, paytable, readSlotRound, restingSpin, slotDefinition, winningCells, type ShownSpin } from './slot-logic.ts';
import { SymbolArt, symbolName } from './symbol-art.tsx';
import './slots.css';
import { useT, type Translate } from '../../i18n.ts';

const CELL = 100;
const FREE_SPIN_MS = 1100;
const delay = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

interface Shown {
  readonly spin: ShownSpin;
  /** 0 in the base game, k for the k-th free spin. */
  readonly free: number;
  readonly freeTotal: number;
  /** What the free spins shown so far won, in thousandths of the stake. */
  readonly freeWonMilli: bigint;
}

export default function SlotGame(): React.JSX.Element {
  const { session } = useGame();
  const t = useT();
  const def = slotDefinition(session.engine);
  if (!def) return <p role="alert">{t('slots.unknown', { engine: session.engine })}</p>;
  return <Slot def={def} />;
}

function Slot({ def }: { def: SlotDefinition }): React.JSX.Element {
  const { stake, busy, play, money, announce } = useGame();
  const t = useT();
  const [shown, setShown] = useState<Shown>({ spin: restingSpin(def), free: 0, freeTotal: 0, freeWonMilli: 0n });
  const [spinning, setSpinning] = useState(false);
  const [showLines, setShowLines] = useState(false);
  const [lastWin, setLastWin] = useState<bigint | null>(null);
  const skip = useRef(false);
  const live = useRef(true);
  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
    };
  }, []);
  const cells = useMemo(() => winningCells(def, shown.spin), [def, shown.spin]);
  const active = busy || spinning;

  const spin = async (): Promise<void> => {
    if (active) return;
    setSpinning(true);
    setLastWin(null);
    skip.current = false;
    const [round] = await Promise.all([play({ action: 'spin', stake: String(stake) }), delay(450)]);
    if (!live.current) return;
    if (!round) {
      setSpinning(false);
      return;
    }
    const result = readSlotRound(round.outcome);
    const win = big(round.win);
    setShown({ spin: result.base, free: 0, freeTotal: result.freeSpins.length, freeWonMilli: 0n });
    if (result.freeSpins.length > 0) {
      announce(t('slots.freeTrigger', { scatters: result.base.scatters, count: result.freeSpins.length, mult: def.freeSpins.multiplier }));
      let wonMilli = 0n;
      for (let i = 0; i < result.freeSpins.length; i++) {
        await delay(skip.current ? 0 : FREE_SPIN_MS);
        if (!live.current) return;
        const free = result.freeSpins[i] as ShownSpin;
        wonMilli += free.multiplierMilli;
        setShown({ spin: free, free: i + 1, freeTotal: result.freeSpins.length, freeWonMilli: wonMilli });
      }
    }
    setSpinning(false);
    setLastWin(win);
    announce(win > 0n ? t('slots.youWin', { amount: money(win) }) : t('slots.noWinThisTime'));
  };
  usePlayKey(() => void spin(), !active);

  const lines = def.paylines;
  const winningLines = new Set(shown.spin.lineWins.map((w) => w.line));
  return (
    <section className={`slot slot-${def.id}`} aria-label={def.title}>
      <h1 className="slot-title">{def.title}</h1>
      {shown.free > 0 ? (
        <p className="free-banner" aria-live="polite">
          {t('slots.freeBanner', { n: shown.free, total: shown.freeTotal, mult: def.freeSpins.multiplier, amount: money((stake * shown.freeWonMilli) / 1000n) })}
          {spinning ? <button type="button" className="link" onClick={() => (skip.current = true)}>{t('slots.skip')}</button> : null}
        </p>
      ) : null}
      <div className="reels-frame">
        <svg className={`reels${spinning && shown.free === 0 ? ' spinning' : ''}`} viewBox={`0 0 ${CELL * def.reels.length} ${CELL * def.rows}`} role="img" aria-label={describe(shown.spin, t)}>
          {shown.spin.window.map((column, reel) => (
            <g key={reel} className="reel" style={{ animationDelay: `${reel * 60}ms` }}>
              {column.map((id, row) => (
                <g key={row} transform={`translate(${reel * CELL} ${row * CELL})`} className={cells.has(`${reel}:${row}`) ? 'cell won' : 'cell'}>
                  <rect x="3" y="3" width={CELL - 6} height={CELL - 6} rx="12" className="cell-bg" />
                  <g transform="translate(10 10) scale(0.8)">
                    <SymbolArt id={id} />
                  </g>
                </g>
              ))}
            </g>
          ))}
          {lines.map((rows, i) =>
            showLines || ((!spinning || shown.free > 0) && winningLines.has(i)) ? (
              <polyline
                key={i}
                className={winningLines.has(i) ? 'payline won' : 'payline'}
                points={rows.map((row, reel) => `${reel * CELL + CELL / 2},${row * CELL + CELL / 2}`).join(' ')}
                style={{ stroke: lineColor(i, lines.length) }}
              />
            ) : null,
          )}
        </svg>
      </div>
      <div className="slot-status">
        <span>{t('slots.status', { lines: lines.length, amount: money(stake / BigInt(lines.length)) })}</span>
        <span data-testid="slot-win">{lastWin === null ? '' : lastWin > 0n ? t('slots.win', { amount: money(lastWin) }) : t('slots.noWin')}</span>
      </div>
      {(!spinning || shown.free > 0) && shown.spin.lineWins.length > 0 ? (
        <ul className="line-wins">
          {shown.spin.lineWins.map((w) => (
            <li key={w.line}>
              {t('slots.lineWin', { line: w.line + 1, count: w.count, symbol: symbolName(w.symbol, t), amount: money(linePayMinor(stake, def, w.pay) * BigInt(shown.free > 0 ? def.freeSpins.multiplier : 1)) })}
            </li>
          ))}
        </ul>
      ) : null}
      <div className="controls">
        <StakeSelector label={t('stake.total')} disabled={active} />
        <button type="button" className="primary spin-button" onClick={() => void spin()} disabled={active}>
          {t('slots.spin')}
        </button>
        <button type="button" onClick={() => setShowLines(!showLines)} aria-pressed={showLines}>
          {showLines ? t('slots.hideLines') : t('slots.showLines')}
        </button>
      </div>
      <SlotRules def={def} />
    </section>
  );
}

// Neighbouring line numbers get far-apart hues (7 shares no factor with 10, 20 or 25 lines).
const lineColor = (i: number, lines: number): string => `hsl(${Math.round(((i * 7) % lines) * (360 / lines))} 90% 62%)`;

function describe(spin: ShownSpin, t: Translate): string {
  const rows = spin.window[0]?.length ?? 0;
  return Array.from({ length: rows }, (_, row) => t('slots.row', { row: row + 1, symbols: spin.window.map((c) => symbolName(c[row] ?? '', t)).join(', ') })).join('. ');
}

function SlotRules({ def }: { def: SlotDefinition }): React.JSX.Element {
  const { stake, money } = useGame();
  const t = useT();
  const scatter = def.symbols.find((s) => s.kind === 'scatter');
  const wild = def.symbols.find((s) => s.kind === 'wild');
  return (
    <RulesPanel rtp={percent(def.rtp)}>
      <p>
        {t('slots.rules', {
          reels: def.reels.length,
          rows: def.rows,
          lines: def.paylines.length,
          wild: wild ? symbolName(wild.id, t) : t('slots.theWild'),
          scatter: scatter ? symbolName(scatter.id, t) : t('slots.theScatter'),
          trigger: def.freeSpins.trigger,
          count: def.freeSpins.count,
          mult: def.freeSpins.multiplier,
        })}
      </p>
      <table className="paytable">
        <thead>
          <tr>
            <th scope="col">{t('slots.symbol')}</th>
            <th scope="col">3</th>
            <th scope="col">4</th>
            <th scope="col">5</th>
          </tr>
        </thead>
        <tbody>
          {paytable(def).map((row) => (
            <tr key={row.id}>
              <th scope="row" className="pay-symbol">
                <svg viewBox="0 0 100 100" width="32" height="32" aria-hidden="true">
                  <SymbolArt id={row.id} />
                </svg>
                {symbolName(row.id, t)}
                {row.kind !== 'regular' ? <small> ({row.kind === 'wild' ? t('slots.kind.wild') : t('slots.kind.scatter')})</small> : null}
              </th>
              {row.pays.map((pay, i) => (
                <td key={i}>{row.kind === 'scatter' ? money((stake * BigInt(pay * 1000)) / 1000n) : money(linePayMinor(stake, def, pay))}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="muted">{t('slots.amounts', { amount: money(stake) })}</p>
      <div className="line-maps" aria-label={t('slots.paylines')}>
        {def.paylines.map((rows, i) => (
          <figure key={i}>
            <svg viewBox={`0 0 ${def.reels.length * 10} ${def.rows * 10}`} width="50" height="30" role="img" aria-label={t('slots.lineMap', { line: i + 1, rows: rows.map((r) => r + 1).join('-') })}>
              {rows.map((row, reel) => (
                <rect key={reel} x={reel * 10 + 1} y={row * 10 + 1} width="8" height="8" fill={lineColor(i, def.paylines.length)} />
              ))}
            </svg>
            <figcaption>{i + 1}</figcaption>
          </figure>
        ))}
      </div>
    </RulesPanel>
  );
}
