/** The player's last rounds of this game (GET /rgs/v1/rounds), refreshed after each round while open. */
import { useEffect, useState } from 'react';
import { RgsError, type RgsApi } from '../api.ts';
import { messageFor } from '../errors.ts';
import type { RoundView } from '../rgs-types.ts';
import { summarizeRound } from './summaries.ts';

interface Props {
  readonly api: RgsApi;
  /** Changes after each round. */
  readonly refresh: number;
  readonly money: (amount: string) => string;
}

export function HistoryPanel({ api, refresh, money }: Props): React.JSX.Element {
  const [open, setOpen] = useState(false);
  const [rounds, setRounds] = useState<readonly RoundView[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!open) return;
    let live = true;
    api.rounds(20).then(
      (answer) => {
        if (!live) return;
        setRounds(answer.rounds);
        setError(null);
      },
      (e: unknown) => live && setError(e instanceof RgsError ? messageFor(e.code, e.message) : messageFor('network_error')),
    );
    return () => {
      live = false;
    };
  }, [api, open, refresh]);
  return (
    <details className="panel" data-testid="rgs-history" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>Round history</summary>
      {error ? <p role="alert">{error}</p> : null}
      {rounds === null && !error ? <p className="muted">Loading…</p> : null}
      {rounds?.length === 0 ? <p className="muted">No rounds yet.</p> : null}
      {rounds && rounds.length > 0 ? (
        <table className="history">
          <thead>
            <tr>
              <th scope="col">Time</th>
              <th scope="col">Result</th>
              <th scope="col">Stake</th>
              <th scope="col">Win</th>
              <th scope="col">Nonce</th>
            </tr>
          </thead>
          <tbody>
            {rounds.map((r) => (
              <tr key={r.id} data-status={r.status} title={`Round ${r.id} · seed hash ${r.fairness.serverSeedHash}${r.fairness.serverSeed ? ` · seed ${r.fairness.serverSeed}` : ''}`}>
                <td>{new Date(r.createdAt).toLocaleTimeString()}</td>
                <td>{r.status === 'settled' ? summarizeRound(r.engine, r.outcome) : r.status === 'open' ? 'In progress' : 'Refunded'}</td>
                <td className="num">{money(r.stake)}</td>
                <td className={`num${BigInt(r.win) > 0n ? ' won' : ''}`}>{money(r.win)}</td>
                <td className="num mono">{r.fairness.nonce}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </details>
  );
}
