/**
 * A game's rules and paytable, folded under the game; the RTP declared first. The body is
 * rendered on first opening only (paytables and line maps cost nothing on the first frame).
 */
import { useState, type ReactNode } from 'react';
import { useT } from '../i18n.ts';

export function RulesPanel({ rtp, children }: { rtp: string; children: ReactNode }): React.JSX.Element {
  const [opened, setOpened] = useState(false);
  const t = useT();
  return (
    <details className="panel rules" data-testid="rgs-rules" onToggle={(e) => e.currentTarget.open && setOpened(true)}>
      <summary>{t('rules.title')}</summary>
      {opened ? (
        <>
          <p>
            {t('rules.rtp')} <strong>{rtp}</strong>. {t('rules.fair')}
          </p>
          {children}
        </>
      ) : null}
    </details>
  );
}

/** 0.9619 → "96.19%". */
export const percent = (rtp: number, digits = 2): string => `${(rtp * 100).toFixed(digits)}%`;
