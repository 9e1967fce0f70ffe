/**
 * Every market of a game (UI.md game page): group tabs (All, Main, Totals, Handicaps,
 * Halves/Periods/Sets…, Correct score, Other), a search within the markets, and each
 * market's outcomes as odds buttons, live.
 */
import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { GameDetail, LineMarket } from '@betsite/contracts';
import { useTranslation } from '../../i18n/react.tsx';
import { useSettings } from '../../shell/settings.tsx';
import { NO_MARKS, type DirectionMarks } from './game-state.ts';
import { groupsOf, marketGroupOf, marketTitle, outcomeLabel, sportOf, type MarketGroup } from './names.ts';
import { MarketOdds } from './market-odds.tsx';
import styles from './line.module.css';

export interface GameMarketsProps {
  game: GameDetail;
  marks?: DirectionMarks;
}

/** The tab's label: the periods tab is named after the sport's periods ("Halves", "Sets", "Maps"). */
function groupLabelKey(group: MarketGroup, sportId: number): string {
  return group === 'periods' ? `group_periods_${sportOf(sportId)?.periodName ?? 'period'}` : `group_${group}`;
}

export function GameMarkets({ game, marks = NO_MARKS }: GameMarketsProps) {
  const { t } = useTranslation('sports');
  const { marketsNameType } = useSettings();
  const [group, setGroup] = useState<MarketGroup>('all');
  const [search, setSearch] = useState('');
  const baseId = useId();
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const groups = groupsOf(game.markets);
  const active = groups.includes(group) ? group : 'all';

  const titles = useMemo(() => new Map(game.markets.map((m) => [m.key, marketTitle(t, m, game.sportId)])), [game.markets, game.sportId, t]);
  const query = search.trim().toLowerCase();
  const matches = (market: LineMarket) =>
    query === '' ||
    (titles.get(market.key) ?? '').toLowerCase().includes(query) ||
    market.outcomes.some((o) => outcomeLabel(t, o, market, game, marketsNameType).toLowerCase().includes(query));
  const shown = game.markets.filter((m) => (active === 'all' || marketGroupOf(m) === active) && matches(m));

  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = groups.length - 1;
    const rtl = document.documentElement.dir === 'rtl';
    const step = { ArrowRight: rtl ? -1 : 1, ArrowLeft: rtl ? 1 : -1, Home: -index, End: last - index }[event.key];
    if (step === undefined) return;
    event.preventDefault();
    const next = Math.min(last, Math.max(0, index + step));
    setGroup(groups[next] ?? 'all');
    tabs.current[next]?.focus();
  };

  if (game.markets.length === 0) {
    return <p className={styles.note}>{game.isFinished ? t('markets_none_finished') : t('markets_none')}</p>;
  }

  return (
    <div className={styles.markets}>
      <div className={styles.marketsTools}>
        <div role="tablist" aria-label={t('market_groups_label')} className={styles.tabs}>
          {groups.map((g, i) => (
            <button
              key={g}
              ref={(el) => {
                tabs.current[i] = el;
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${g}`}
              aria-selected={g === active}
              aria-controls={`${baseId}-panel`}
              tabIndex={g === active ? 0 : -1}
              className={styles.tab}
              onClick={() => setGroup(g)}
              onKeyDown={(e) => onTabKey(e, i)}
            >
              {t(groupLabelKey(g, game.sportId))}
            </button>
          ))}
        </div>
        <label className={styles.marketSearch}>
          <span className="visually-hidden">{t('market_search_label')}</span>
          <input type="search" value={search} placeholder={t('market_search_placeholder')} onChange={(e) => {
              // A search looks through every market, whatever tab was open.
              setSearch(e.target.value);
              if (e.target.value.trim() !== '') setGroup('all');
            }} autoComplete="off" />
        </label>
      </div>
      <div role="tabpanel" id={`${baseId}-panel`} aria-labelledby={`${baseId}-tab-${active}`} className={styles.marketPanel}>
        {shown.length === 0 ? <p className={styles.note}>{t('market_search_none', { query: search.trim() })}</p> : null}
        {shown.map((market) => (
          <section key={market.key} className={styles.market} aria-label={titles.get(market.key)}>
            {/* The level below the page's h1 (the game): headings may not skip a level. */}
            <h2 className={styles.marketTitle}>
              {titles.get(market.key)}
              {market.blocked && !game.isFinished ? <span className={styles.suspended}>{t('suspended')}</span> : null}
            </h2>
            <MarketOdds game={game} market={market} marks={marks} oddClassName={styles.oddWide} />
          </section>
        ))}
      </div>
    </div>
  );
}
