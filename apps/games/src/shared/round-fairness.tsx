/**
 * Provably fair for a shared round: the next round's seed hash (committed before any bet), and
 * for past rounds the revealed seed, checked here against the hash shown before (sha256, the
 * domain's own code), with the client seed `engine:room:round` and nonce 0 to replay the draw.
 */
import { serverSeedHash } from '@betsite/domain';
import type { SharedRound } from './shared-state.ts';

export function RoundFairness({ current, past, describe }: { current: SharedRound | null; past: readonly SharedRound[]; describe: (round: SharedRound) => string }): React.JSX.Element {
  return (
    <details className="panel shared-fairness" data-testid="shared-fairness">
      <summary>Provably fair rounds</summary>
      <p className="muted">
        Each round&apos;s server seed is drawn before it opens and only its SHA-256 is shown; the draw is HMAC-SHA256(server seed, client seed:0), client seed
        “engine:room:round”. The seed is revealed when the round is over.
      </p>
      {current ? (
        <p>
          Round {current.roundNo}: <span className="mono">{current.serverSeedHash}</span>
        </p>
      ) : null}
      <table className="shared-fair-table">
        <thead>
          <tr><th>Round</th><th>Result</th><th>Server seed</th><th>Check</th></tr>
        </thead>
        <tbody>
          {past.map((r) => (
            <tr key={r.id}>
              <td>{r.roundNo}</td>
              <td>{describe(r)}</td>
              <td className="mono">{r.serverSeed ?? '—'}</td>
              <td>{r.serverSeed && serverSeedHash(r.serverSeed) === r.serverSeedHash ? '✓ hash matches' : '✗'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
