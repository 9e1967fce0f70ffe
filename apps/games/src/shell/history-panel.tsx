/** The player's last rounds of this game (GET /rgs/v1/rounds), refreshed after each round while open. */
import { useEffect, useState } from 'react';
import { RgsError, type RgsApi } from '../api.ts';
import { messageFor } from '../errors.ts';
import { useT } from '../i18n.ts';
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
  const t = useT();
  useEffect(() => {
    if (!open) return;
    let live = true;
    api.rounds(20).then(
      (answer) => {
        if (!live) return;
        setRounds(answer.rounds);
        setError(null);
      },
      (e: unknown) => live && setError(e instanceof RgsError ? messageFor(e.code, e.message, t) : messageFor('network_error', undefined, t)),
    );
    return () => {
      live = false;
    };
  }, [api, open, refresh, t]);
  return (
    <details className="panel" data-testid="rgs-history" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>{t('history.title')}</summary>
      {error ? <p role="alert">{error}</p> : null}
      {rounds === null && !error ? <p className="muted">{t('history.loading')}</p> : null}
      {rounds?.length === 0 ? <p className="muted">{t('history.empty')}</p> : null}
      {rounds && rounds.length > 0 ? (
        <table className="history">
          <thead>
            <tr>
              <th scope="col">{t('history.time')}</th>
              <th scope="col">{t('history.result')}</th>
              <th scope="col">{t('history.stake')}</th>
              <th scope="col">{t('history.win')}</th>
              <th scope="col">{t('history.nonce')}</th>
            </tr>
          </thead>
          <tbody>
            {rounds.map((r) => (
              <tr key={r.id} data-status={r.status} title={`${t('history.round', { id: r.id, hash: r.fairness.serverSeedHash })}${r.fairness.serverSeed ? t('history.seed', { seed: r.fairness.serverSeed }) : ''}`}>
                <td>{new Date(r.createdAt).toLocaleTimeString()}</td>
                <td>{r.status === 'settled' ? summarizeRound(r.engine, r.outcome, t) : r.status === 'open' ? t('history.open') : t('history.refunded')}</td>
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
