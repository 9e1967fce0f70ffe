import { useState } from 'react';
import { DICE } from '@betsite/domain';
import { formatHundredths, formatMultiplier } from '../../format.ts';
import { big, num, obj } from '../../outcome.ts';
import { useGame } from '../../shell/game-context.ts';
import { percent, RulesPanel } from '../../shell/rules-panel.tsx';
import { StakeSelector } from '../../shell/stake-selector.tsx';
import { usePlayKey } from '../../shell/use-play-key.ts';
import { clampTarget, diceChance, diceMultiplier, DICE_MAX_TARGET, DICE_MIN_TARGET } from './dice-logic.ts';
import { useT } from '../../i18n.ts';
import './dice.css';

interface Roll {
  readonly roll: number;
  readonly won: boolean;
  readonly win: bigint;
}

export default function DiceGame(): React.JSX.Element {
  const { stake, busy, play, money, announce } = useGame();
  const t = useT();
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
    announce(t('dice.rolled', { roll: formatHundredths(r.roll), result: r.won ? t('dice.youWin', { amount: money(r.win) }) : t('dice.noWin') }));
  };
  usePlayKey(() => void roll(), !busy);
  const flip = (): void => {
    // Same chance on the other side: the target mirrors.
    setOver(!over);
    setTarget(10_000 - target);
  };
  return (
    <section className="dice" aria-label={t('dice.title')}>
      <div className="dice-track" aria-hidden="true">
        <div className={`dice-zone ${over ? 'over' : 'under'}`} style={over ? { left: `${target / 100}%`, right: 0 } : { left: 0, width: `${target / 100}%` }} />
        {last ? <div className={`dice-marker ${last.won ? 'won' : 'lost'}`} style={{ left: `${last.roll / 100}%` }}>{formatHundredths(last.roll)}</div> : null}
      </div>
      <label className="dice-slider">
        {t('dice.target', { side: over ? t('dice.rollOver') : t('dice.rollUnder'), value: formatHundredths(target) })}
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
        <span className="side" role="radiogroup" aria-label={t('dice.side')}>
          <button type="button" role="radio" aria-checked={!over} onClick={() => over && flip()} disabled={busy}>{t('dice.under')}</button>
          <button type="button" role="radio" aria-checked={over} onClick={() => !over && flip()} disabled={busy}>{t('dice.over')}</button>
        </span>
        <span>{t('dice.chance')} <strong data-testid="dice-chance">{formatHundredths(chance)}%</strong></span>
        <span>{t('dice.payout')} <strong data-testid="dice-multiplier">{formatMultiplier(multiplier)}</strong></span>
        <span>{t('dice.win')} <strong>{money((stake * multiplier) / 1000n)}</strong></span>
      </div>
      <div className="controls">
        <StakeSelector />
        <button type="button" className="primary" onClick={() => void roll()} disabled={busy}>{t('dice.roll')}</button>
      </div>
      {last ? (
        <p className={`dice-result ${last.won ? 'won' : 'lost'}`}>
          {t('dice.result', { roll: formatHundredths(last.roll), result: last.won ? t('dice.winAmount', { amount: money(last.win) }) : t('dice.noWin') })}
        </p>
      ) : null}
      <RulesPanel rtp={percent(DICE.rtp)}>
        <p>{t('dice.rules')}</p>
        <table className="paytable">
          <thead><tr><th>{t('dice.chance')}</th><th>{t('dice.payout')}</th></tr></thead>
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
