/**
 * One outcome's odds (UI.md "Odds are buttons"): the coefficient in the player's format, a
 * pressed look when it is in the slip, a green/red flash with an arrow for ~2 s after the
 * price moved, a lock while the outcome, its market or the game is suspended, and once the
 * game has a result the outcome's settlement instead.
 */
import type { ReactNode } from 'react';
import { formatCoef } from '@betsite/domain';
import type { GameCard, LineMarket, LineOutcome } from '@betsite/contracts';
import { useTranslation } from '../../i18n/react.tsx';
import { useSettings } from '../../shell/settings.tsx';
import type { Direction } from './game-state.ts';
import { marketTitle, outcomeLabel } from './names.ts';
import { selectionKey, selectionOf, useSelections } from './selections.ts';
import styles from './line.module.css';

/** SPEC §3 coupon bet status → the settlement word shown on a finished game's outcome. */
export function settlementKey(status: number | undefined): string | null {
  switch (status) {
    case 1:
      return 'settled_won';
    case 0:
      return 'settled_lost';
    case 2:
    case 3:
      return 'settled_returned';
    case 4:
      return 'settled_half_won';
    case 5:
      return 'settled_half_lost';
    case 6:
      return 'settled_half_lost_half_won';
    default:
      return null;
  }
}

export function isOutcomeLocked(game: Pick<GameCard, 'suspended' | 'isFinished' | 'status'>, market: Pick<LineMarket, 'blocked'>, outcome: Pick<LineOutcome, 'blocked'>): boolean {
  return outcome.blocked || market.blocked || game.suspended || game.isFinished || game.status >= 4;
}

export function LockIcon() {
  return (
    <svg className={styles.lock} viewBox="0 0 16 16" width="12" height="12" aria-hidden="true" focusable="false">
      <path fill="currentColor" d="M4 7V5a4 4 0 1 1 8 0v2h1v8H3V7h1Zm2 0h4V5a2 2 0 1 0-4 0v2Z" />
    </svg>
  );
}

export interface OddButtonProps {
  game: GameCard;
  market: LineMarket;
  outcome: LineOutcome;
  direction?: Direction | null;
  /** Shown before the price (game page); rows show the price alone under their column labels. */
  label?: ReactNode;
  className?: string;
}

export function OddButton({ game, market, outcome, direction = null, label, className }: OddButtonProps) {
  const { t } = useTranslation('sports');
  const { oddsFormat, marketsNameType } = useSettings();
  const selections = useSelections();
  const id = selectionKey(game.id, outcome.key);
  const selected = selections.has(id);
  const pickName = outcomeLabel(t, outcome, market, game, marketsNameType);
  const marketName = marketTitle(t, market, game.sportId);
  const coef = formatCoef(outcome.coef, oddsFormat);
  const settled = game.isFinished ? settlementKey(outcome.status) : null;
  const locked = isOutcomeLocked(game, market, outcome);
  const trend = locked ? null : direction;
  const classes = [styles.odd, selected ? styles.oddSelected : '', trend === 'up' ? styles.oddUp : trend === 'down' ? styles.oddDown : '', className ?? ''].join(' ');

  if (settled) {
    const won = outcome.status === 1 || outcome.status === 4;
    const lost = outcome.status === 0 || outcome.status === 5;
    return (
      <span className={`${classes} ${styles.oddSettled} ${won ? styles.oddWon : lost ? styles.oddLost : ''}`} data-outcome={outcome.key}>
        {label ? <span className={styles.oddLabel}>{label}</span> : null}
        <span className={styles.oddValue}>{t(settled)}</span>
      </span>
    );
  }

  const name = `${marketName}: ${pickName}, ${locked ? t('odd_locked') : coef}${trend ? `, ${t(trend === 'up' ? 'odd_up' : 'odd_down')}` : ''}`;
  return (
    <button
      type="button"
      className={classes}
      aria-pressed={selected}
      aria-label={name}
      title={`${marketName}: ${pickName}`}
      disabled={locked && !selected}
      data-outcome={outcome.key}
      data-trend={trend ?? undefined}
      data-locked={locked ? 'true' : undefined}
      onClick={() => selections.toggle(selectionOf(game, market, outcome, { marketName, pickName }))}
    >
      {label ? <span className={styles.oddLabel}>{label}</span> : null}
      {/* Prices like "+150" and "11/4" read left to right in every language. */}
      <span className={styles.oddValue} dir="ltr">
        {locked ? (
          <LockIcon />
        ) : (
          coef
        )}
        {trend ? (
          <span className={styles.trend} aria-hidden="true">
            {trend === 'up' ? '▲' : '▼'}
          </span>
        ) : null}
      </span>
    </button>
  );
}
