import { useState } from 'react';
import { DICE } from '@betsite/domain';
import { formatHundredths, formatMultiplier } from '../../format.ts';
import { big, num, obj } from '../../outcome.ts';
import { useGame } from '../../shell/game-context.ts';
import { percent, RulesPanel } from '../../shell/rules-panel.tsx';
import { StakeSelector } from '../../shell/stake-selector.tsx';
import { usePlayKey } from '../../shell/use-play-key.ts';
import { clampTarget, diceChance, diceMultiplier, DICE_MAX_TARGET, DICE_MIN_TARGET } from './dice-logic.ts';
import './dice.css';

interface Roll {
  readonly roll: number;
  readonly won: boolean;
  readonly win: bigint;
}

export default function DiceGame(): React.JSX.Element {
  const { stake, busy, play, money, announce } = useGame();
  const [target, setTarget] = useState(5000);
  const [over, setOver] = useState(false);
  const [last, setLast] = useState<Roll | null>(null);
  const chance = diceChance(target, over);
  const multiplier = diceMultiplier(target, over);

  const roll = async (): Promise<void> => {
    const round = await play({ action: 'roll', stake: String(stake), target, over });
    if (!round) return;
    const o = obj(round.outcome);
    const r: Roll = { roll: num(o.roll), won: big(round.win) > 0n, win: big(round.win) };
    setLast(r);
    announce(`Rolled ${formatHundredths(r.roll)}: ${r.won ? `you win ${money(r.win)}` : 'no win'}`);
  };
  usePlayKey(() => void roll(), !busy);
  const flip = (): void => {
    // Same chance on the other side: the target mirrors.
    setOver(!over);
    setTarget(10_000 - target);
  };
  return (
    <section className="dice" aria-label="Dice">
      <div className="dice-track" aria-hidden="true">
        <div className={`dice-zone ${over ? 'over' : 'under'}`} style={over ? { left: `${target / 100}%`, right: 0 } : { left: 0, width: `${target / 100}%` }} />
        {last ? <div className={`dice-marker ${last.won ? 'won' : 'lost'}`} style={{ left: `${last.roll / 100}%` }}>{formatHundredths(last.roll)}</div> : null}
      </div>
      <label className="dice-slider">
        Target ({over ? 'roll over' : 'roll under'} {formatHundredths(target)})
        <input
          type="range"
          min={over ? 10_000 - DICE_MAX_TARGET : DICE_MIN_TARGET}
          max={over ? 10_000 - DICE_MIN_TARGET : DICE_MAX_TARGET}
          step={25}
          value={target}
          onChange={(e) => setTarget(clampTarget(Number(e.target.value), over))}
          disabled={busy}
        />
      </label>
      <div className="dice-figures">
        <span className="side" role="radiogroup" aria-label="Win when the roll is">
          <button type="button" role="radio" aria-checked={!over} onClick={() => over && flip()} disabled={busy}>Under</button>
          <button type="button" role="radio" aria-checked={over} onClick={() => !over && flip()} disabled={busy}>Over</button>
        </span>
        <span>Chance <strong data-testid="dice-chance">{formatHundredths(chance)}%</strong></span>
        <span>Payout <strong data-testid="dice-multiplier">{formatMultiplier(multiplier)}</strong></span>
        <span>Win <strong>{money((stake * multiplier) / 1000n)}</strong></span>
      </div>
      <div className="controls">
        <StakeSelector />
        <button type="button" className="primary" onClick={() => void roll()} disabled={busy}>Roll</button>
      </div>
      {last ? (
        <p className={`dice-result ${last.won ? 'won' : 'lost'}`}>
          Roll {formatHundredths(last.roll)} — {last.won ? `win ${money(last.win)}` : 'no win'}
        </p>
      ) : null}
      <RulesPanel rtp={percent(DICE.rtp)}>
        <p>
          A roll from 0.00 to 99.99. Choose a chance from 1.00% to 98.00% and a side: <em>roll under</em> wins when the roll is below the
          target, <em>roll over</em> when it is at or above it. A win pays the stake × 99 ÷ chance (in %), floored to the cent: 1% edge on
          every target.
        </p>
        <table className="paytable">
          <thead><tr><th>Chance</th><th>Payout</th></tr></thead>
          <tbody>
            {[100, 1000, 2500, 4950, 7500, 9800].map((c) => (
              <tr key={c}><td>{formatHundredths(c)}%</td><td>{formatMultiplier(diceMultiplier(c, false))}</td></tr>
            ))}
          </tbody>
        </table>
      </RulesPanel>
    </section>
  );
}
