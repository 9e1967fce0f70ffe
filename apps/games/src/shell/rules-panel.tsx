/** A game's rules and paytable, folded under the game; the RTP declared first. */
import type { ReactNode } from 'react';

export function RulesPanel({ rtp, children }: { rtp: string; children: ReactNode }): React.JSX.Element {
  return (
    <details className="panel rules" data-testid="rgs-rules">
      <summary>Rules and paytable</summary>
      <p>
        Return to player: <strong>{rtp}</strong>. Every result comes from the provably fair generator (see Provably fair).
      </p>
      {children}
    </details>
  );
}

/** 0.9619 → "96.19%". */
export const percent = (rtp: number, digits = 2): string => `${(rtp * 100).toFixed(digits)}%`;
