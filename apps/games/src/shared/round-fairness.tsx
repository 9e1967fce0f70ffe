/**
 * Provably fair for a shared round: the next round's seed hash (committed before any bet), and
 * for past rounds the revealed seed, checked here against the hash shown before (sha256, the
 * domain's own code), with the client seed `engine:room:round` and nonce 0 to replay the draw.
 */
import { serverSeedHash } from '@betsite/domain';
import type { SharedRound } from './shared-state.ts';
import { useT } from '../i18n.ts';

export function RoundFairness({ current, past, describe }: { current: SharedRound | null; past: readonly SharedRound[]; describe: (round: SharedRound) => string }): React.JSX.Element {
  const t = useT();
  return (
    <details className="panel shared-fairness" data-testid="shared-fairness">
      <summary>{t('shared.fairTitle')}</summary>
      <p className="muted">{t('shared.fairHelp')}</p>
      {current ? (
        <p>
          {t('shared.roundHash', { n: current.roundNo })} <span className="mono">{current.serverSeedHash}</span>
        </p>
      ) : null}
      <table className="shared-fair-table">
        <thead>
          <tr><th>{t('shared.round')}</th><th>{t('shared.result')}</th><th>{t('shared.serverSeed')}</th><th>{t('shared.check')}</th></tr>
        </thead>
        <tbody>
          {past.map((r) => (
            <tr key={r.id}>
              <td>{r.roundNo}</td>
              <td>{describe(r)}</td>
              <td className="mono">{r.serverSeed ?? '—'}</td>
              <td>{r.serverSeed && serverSeedHash(r.serverSeed) === r.serverSeedHash ? t('shared.hashMatches') : '✗'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
