/** The stake: the session's ladder from min to max, with − and + for one step. */
import { useGame } from './game-context.ts';

export function StakeSelector({ label = 'Stake', disabled = false }: { label?: string; disabled?: boolean }): React.JSX.Element {
  const { stake, setStake, stakes, money, busy } = useGame();
  const index = Math.max(0, stakes.indexOf(stake));
  const off = disabled || busy;
  return (
    <div className="stake" role="group" aria-label={label}>
      <button type="button" onClick={() => setStake(stakes[index - 1] ?? stake)} disabled={off || index === 0} aria-label="Lower the stake">−</button>
      <label>
        <span className="stake-label">{label}</span>
        <select value={String(stake)} onChange={(e) => setStake(BigInt(e.target.value))} disabled={off} data-testid="rgs-stake">
          {stakes.map((s) => (
            <option key={String(s)} value={String(s)}>{money(s)}</option>
          ))}
        </select>
      </label>
      <button type="button" onClick={() => setStake(stakes[index + 1] ?? stake)} disabled={off || index === stakes.length - 1} aria-label="Raise the stake">+</button>
    </div>
  );
}
