import { useMemo, useState } from 'react';
import { EUROPEAN_ROULETTE } from '@betsite/domain';
import { big, list, num, obj } from '../../outcome.ts';
import { useGame } from '../../shell/game-context.ts';
import { percent, RulesPanel } from '../../shell/rules-panel.tsx';
import { usePlayKey } from '../../shell/use-play-key.ts';
import {
  addChip, cellOf, COLUMN_SPOTS, covered, DOZEN_SPOTS, EVEN_SPOTS, lineSpots, PAYS_TO_ONE, pocketColor, straightSpots, toRequestBets, totalStake,
  type BetSpot, type PlacedBet,
} from './roulette-logic.ts';
import { Wheel } from './wheel.tsx';
import './roulette.css';

const STRAIGHTS = straightSpots();
const LINES = lineSpots();
const MAX_BETS = 50;

export default function RouletteGame(): React.JSX.Element {
  const { stakes, stake, setStake, busy, play, money, announce } = useGame();
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
      setLocal(`At most ${MAX_BETS} bets a spin.`);
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
      setLocal('Place a bet first: pick a chip, then a number or an area of the table.');
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
    announce(`The ball lands on ${p} ${pocketColor(p)}. ${win > 0n ? `You win ${money(win)}` : 'No win'}`);
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
        aria-label={s.label}
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
    <section className="roulette" aria-label="European roulette">
      <div className="roulette-top">
        <Wheel pocket={pocket} spins={spins} />
        <div className="roulette-result" aria-live="polite">
          {pocket === null ? (
            <p className="muted">Place your chips and spin.</p>
          ) : (
            <p className={`pocket-big ${pocketColor(pocket)}`} data-testid="roulette-pocket">{pocket}</p>
          )}
          <ol className="recent" aria-label="Last results">
            {recent.map((n, i) => (
              <li key={i} className={pocketColor(n)}>{n}</li>
            ))}
          </ol>
        </div>
      </div>

      <div className="table" role="group" aria-label="Betting table">
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
          {DOZEN_SPOTS.map((s, i) => spotButton(s, 'outside', <span>{['1st 12', '2nd 12', '3rd 12'][i]}</span>))}
        </div>
        <div className="outside-row evens">
          {EVEN_SPOTS.map((s) =>
            spotButton(s, `outside ${s.kind}`, s.kind === 'red' || s.kind === 'black' ? <span className={`diamond ${s.kind}`} /> : <span>{{ low: '1–18', even: 'Even', odd: 'Odd', high: '19–36' }[s.kind as 'low']}</span>),
          )}
        </div>
      </div>

      <div className="chips" role="radiogroup" aria-label="Chip value">
        {stakes.map((v) => (
          <button key={String(v)} type="button" role="radio" aria-checked={v === stake} className={`chip pick${v === stake ? ' chosen' : ''}`} onClick={() => setStake(v)} aria-label={`Chip ${money(v)}`}>
            {money(v).split(' ')[0]}
          </button>
        ))}
      </div>
      <div className="controls">
        <span>
          Total bet <strong data-testid="roulette-total">{money(total)}</strong>
        </span>
        <button type="button" onClick={undo} disabled={busy || history.length === 0}>Undo</button>
        <button type="button" onClick={() => { setBets([]); setHistory([]); }} disabled={busy || bets.length === 0}>Clear bets</button>
        <button type="button" className="primary" onClick={() => void spin()} disabled={busy} aria-describedby="roulette-repeat">
          Spin
        </button>
        <span id="roulette-repeat" className="muted">{bets.length === 0 && lastBets.length > 0 ? `repeats the last bets (${money(totalStake(lastBets))})` : ''}</span>
      </div>
      {local ? <p className="local-note" role="status">{local}</p> : null}
      <RulesPanel rtp={percent(EUROPEAN_ROULETTE.rtp)}>
        <p>
          European roulette: one zero, pockets 0 to 36. Pick a chip, then click a number, a line between numbers (split, street, corner, six
          line) or an outside bet; every click adds a chip. Zero loses every outside bet. Every bet returns 36/37 of its stake on average (house edge
          2.70%).
        </p>
        <table className="paytable">
          <thead><tr><th>Bet</th><th>Covers</th><th>Pays</th></tr></thead>
          <tbody>
            {([
              ['Straight', 1, 'straight'], ['Split', 2, 'split'], ['Street / trio', 3, 'street'], ['Corner / first four', 4, 'corner'], ['Six line', 6, 'six_line'],
              ['Column / dozen', 12, 'column'], ['Red, black, odd, even, 1–18, 19–36', 18, 'red'],
            ] as const).map(([name, n, kind]) => (
              <tr key={name}><td>{name}</td><td>{n}</td><td>{PAYS_TO_ONE[kind]} to 1</td></tr>
            ))}
          </tbody>
        </table>
      </RulesPanel>
    </section>
  );
}
