import { useMemo, useState } from 'react';
import { EUROPEAN_ROULETTE } from '@betsite/domain';
import { useT } from '../../i18n.ts';
import { big, list, num, obj } from '../../outcome.ts';
import { useGame } from '../../shell/game-context.ts';
import { percent, RulesPanel } from '../../shell/rules-panel.tsx';
import { usePlayKey } from '../../shell/use-play-key.ts';
import {
  addChip, cellOf, COLUMN_SPOTS, covered, DOZEN_SPOTS, EVEN_SPOTS, lineSpots, PAYS_TO_ONE, pocketColor, spotLabel, straightSpots, toRequestBets, totalStake,
  type BetSpot, type PlacedBet,
} from './roulette-logic.ts';
import { Wheel } from './wheel.tsx';
import './roulette.css';

const STRAIGHTS = straightSpots();
const LINES = lineSpots();
const MAX_BETS = 50;

export default function RouletteGame(): React.JSX.Element {
  const { stakes, stake, setStake, busy, play, money, announce } = useGame();
  const t = useT();
  const [bets, setBets] = useState<PlacedBet[]>([]);
  const [history, setHistory] = useState<PlacedBet[][]>([]);
  const [lastBets, setLastBets] = useState<PlacedBet[]>([]);
  const [pocket, setPocket] = useState<number | null>(null);
  const [spins, setSpins] = useState(0);
  const [recent, setRecent] = useState<number[]>([]);
  const [winners, setWinners] = useState<ReadonlySet<string>>(new Set());
  const [hover, setHover] = useState<ReadonlySet<number>>(new Set());
  const [local, setLocal] = useState<string | null>(null);
  const total = totalStake(bets);
  const onSpot = useMemo(() => new Map(bets.map((b) => [b.spot.key, b.stake])), [bets]);

  const place = (s: BetSpot): void => {
    if (busy) return;
    if (!onSpot.has(s.key) && bets.length >= MAX_BETS) {
      setLocal(t('roulette.maxBets', { max: MAX_BETS }));
      return;
    }
    setLocal(null);
    setHistory([...history, bets]);
    setBets(addChip(bets, s, stake));
    setWinners(new Set());
  };
  const undo = (): void => {
    setBets(history[history.length - 1] ?? []);
    setHistory(history.slice(0, -1));
  };
  const spin = async (): Promise<void> => {
    const toPlay = bets.length > 0 ? bets : lastBets;
    if (toPlay.length === 0) {
      setLocal(t('roulette.placeFirst'));
      return;
    }
    setLocal(null);
    const round = await play({ action: 'spin', bets: toRequestBets(toPlay) });
    if (!round) return;
    const o = obj(round.outcome);
    const p = num(o.pocket);
    const won = new Set<string>();
    list(o.bets).forEach((b, i) => {
      if (obj(b).won === true && toPlay[i]) won.add(toPlay[i].spot.key);
    });
    setPocket(p);
    setSpins((n) => n + 1);
    setRecent((r) => [p, ...r].slice(0, 12));
    setWinners(won);
    setLastBets(toPlay);
    setBets([]);
    setHistory([]);
    const win = big(round.win);
    announce(`${t('roulette.lands', { pocket: p, color: t(`roulette.color.${pocketColor(p)}`) })} ${win > 0n ? t('slots.youWin', { amount: money(win) }) : t('slots.noWin')}`);
  };
  usePlayKey(() => void spin(), !busy);

  const spotButton = (s: BetSpot, className: string, content: React.ReactNode, style?: React.CSSProperties): React.JSX.Element => {
    const amount = onSpot.get(s.key);
    return (
      <button
        key={s.key}
        type="button"
        className={`${className}${winners.has(s.key) ? ' winner' : ''}${s.kind === 'straight' && hover.has(s.numbers[0] as number) ? ' lit' : ''}`}
        style={style}
        aria-label={spotLabel(s, t)}
        onClick={() => place(s)}
        onMouseEnter={() => setHover(new Set(covered(s)))}
        onMouseLeave={() => setHover(new Set())}
        onFocus={() => setHover(new Set(covered(s)))}
        onBlur={() => setHover(new Set())}
        disabled={busy}
      >
        {content}
        {amount ? <span className="chip on-table" aria-hidden="true">{money(amount).split(' ')[0]}</span> : null}
      </button>
    );
  };

  return (
    <section className="roulette" aria-label={t('roulette.title')}>
      <div className="roulette-top">
        <Wheel pocket={pocket} spins={spins} />
        <div className="roulette-result" aria-live="polite">
          {pocket === null ? (
            <p className="muted">{t('roulette.placeChips')}</p>
          ) : (
            <p className={`pocket-big ${pocketColor(pocket)}`} data-testid="roulette-pocket">{pocket}</p>
          )}
          <ol className="recent" aria-label={t('roulette.last')}>
            {recent.map((n, i) => (
              <li key={i} className={pocketColor(n)}>{n}</li>
            ))}
          </ol>
        </div>
      </div>

      <div className="table" role="group" aria-label={t('roulette.table')}>
        <div className="inside">
          {spotButton(STRAIGHTS[0] as BetSpot, 'num zero green', <span>0</span>)}
          {STRAIGHTS.slice(1).map((s) => {
            const n = s.numbers[0] as number;
            const { col, row } = cellOf(n);
            return spotButton(s, `num ${pocketColor(n)}`, <span>{n}</span>, { gridColumn: col + 2, gridRow: row + 1 });
          })}
          {COLUMN_SPOTS.map((s, i) => spotButton(s, 'outside column', <span>2:1</span>, { gridColumn: 14, gridRow: i + 1 }))}
          <div className="lines">
            {LINES.map((s) => spotButton(s, `line-spot ${s.kind}`, null, { left: `${((s.at?.x ?? 0) / 13) * 100}%`, top: `${((s.at?.y ?? 0) / 3) * 100}%` }))}
          </div>
        </div>
        <div className="outside-row dozens">
          {DOZEN_SPOTS.map((s, i) => spotButton(s, 'outside', <span>{t(i === 0 ? 'roulette.dozen1' : i === 1 ? 'roulette.dozen2' : 'roulette.dozen3')}</span>))}
        </div>
        <div className="outside-row evens">
          {EVEN_SPOTS.map((s) =>
            spotButton(s, `outside ${s.kind}`, s.kind === 'red' || s.kind === 'black' ? <span className={`diamond ${s.kind}`} /> : <span>{{ low: '1–18', even: t('roulette.even'), odd: t('roulette.odd'), high: '19–36' }[s.kind as 'low']}</span>),
          )}
        </div>
      </div>

      <div className="chips" role="radiogroup" aria-label={t('roulette.chipValue')}>
        {stakes.map((v) => (
          <button key={String(v)} type="button" role="radio" aria-checked={v === stake} className={`chip pick${v === stake ? ' chosen' : ''}`} onClick={() => setStake(v)} aria-label={t('roulette.chip', { amount: money(v) })}>
            {money(v).split(' ')[0]}
          </button>
        ))}
      </div>
      <div className="controls">
        <span>
          {t('roulette.totalBet')} <strong data-testid="roulette-total">{money(total)}</strong>
        </span>
        <button type="button" onClick={undo} disabled={busy || history.length === 0}>{t('roulette.undo')}</button>
        <button type="button" onClick={() => { setBets([]); setHistory([]); }} disabled={busy || bets.length === 0}>{t('roulette.clear')}</button>
        <button type="button" className="primary" onClick={() => void spin()} disabled={busy} aria-describedby="roulette-repeat">
          {t('slots.spin')}
        </button>
        <span id="roulette-repeat" className="muted">{bets.length === 0 && lastBets.length > 0 ? t('roulette.repeats', { amount: money(totalStake(lastBets)) }) : ''}</span>
      </div>
      {local ? <p className="local-note" role="status">{local}</p> : null}
      <RulesPanel rtp={percent(EUROPEAN_ROULETTE.rtp)}>
        <p>
          {t('roulette.rules')}
        </p>
        <table className="paytable">
          <thead><tr><th>{t('roulette.bet')}</th><th>{t('roulette.covers')}</th><th>{t('roulette.pays')}</th></tr></thead>
          <tbody>
            {([
              [1, 'straight'], [2, 'split'], [3, 'street'], [4, 'corner'], [6, 'six_line'], [12, 'column'], [18, 'red'],
            ] as const).map(([n, kind]) => (
              <tr key={kind}><td>{t(`roulette.kind.${kind}`)}</td><td>{n}</td><td>{t('roulette.paysToOne', { n: PAYS_TO_ONE[kind] })}</td></tr>
            ))}
          </tbody>
        </table>
      </RulesPanel>
    </section>
  );
}
