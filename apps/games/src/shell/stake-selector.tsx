/** The stake: the session's ladder from min to max, with − and + for one step. */
import { useT } from '../i18n.ts';
import { useGame } from './game-context.ts';

export function StakeSelector({ label: given, disabled = false }: { label?: string; disabled?: boolean }): React.JSX.Element {
  const { stake, setStake, stakes, money, busy } = useGame();
  const t = useT();
  const label = given ?? t('stake.label');
  const index = Math.max(0, stakes.indexOf(stake));
  const off = disabled || busy;
  return (
    <div className="stake" role="group" aria-label={label}>
      <button type="button" onClick={() => setStake(stakes[index - 1] ?? stake)} disabled={off || index === 0} aria-label={t('stake.lower')}>−</button>
      <label>
        <span className="stake-label">{label}</span>
        <select value={String(stake)} onChange={(e) => setStake(BigInt(e.target.value))} disabled={off} data-testid="rgs-stake">
          {stakes.map((s) => (
            <option key={String(s)} value={String(s)}>{money(s)}</option>
          ))}
        </select>
      </label>
      <button type="button" onClick={() => setStake(stakes[index + 1] ?? stake)} disabled={off || index === stakes.length - 1} aria-label={t('stake.raise')}>+</button>
    </div>
  );
}
