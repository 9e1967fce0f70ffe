/**
 * A market's outcomes as a row of odds buttons (the game page, multi-live cards): three
 * columns for 1 X 2, a wrapping grid for many, each button live with its price direction.
 */
import type { GameCard, LineMarket } from '@betsite/contracts';
import { useTranslation } from '../../i18n/react.tsx';
import { useSettings } from '../../shell/settings.tsx';
import { directionOf, type DirectionMarks } from './game-state.ts';
import { outcomeLabel } from './names.ts';
import { OddButton } from './odd-button.tsx';
import styles from './line.module.css';

export interface MarketOddsProps {
  game: GameCard;
  market: LineMarket;
  marks: DirectionMarks;
  /** The button's own class (its width in the layout). */
  oddClassName?: string | undefined;
  /** Show only the first outcomes (cards). */
  limit?: number;
}

export function MarketOdds({ game, market, marks, oddClassName, limit }: MarketOddsProps) {
  const { t } = useTranslation('sports');
  const { marketsNameType } = useSettings();
  const outcomes = limit === undefined ? market.outcomes : market.outcomes.slice(0, limit);
  const layout = outcomes.length === 3 ? styles.outcomes3 : outcomes.length > 3 ? styles.outcomesMany : '';
  return (
    <div className={`${styles.outcomes} ${layout}`}>
      {outcomes.map((outcome) => (
        <OddButton
          key={outcome.key}
          game={game}
          market={market}
          outcome={outcome}
          direction={directionOf(marks, outcome.key)}
          label={outcomeLabel(t, outcome, market, game, marketsNameType)}
          {...(oddClassName ? { className: oddClassName } : {})}
        />
      ))}
    </div>
  );
}
