/**
 * The left column of the sports pages (UI.md: sport → country → champ, with counts,
 * collapsible). The selected sport arrives open with its champs from the loader; opening
 * another sport fetches its champs. Counts follow the `section:{line|live}` topic (the
 * page passes them in).
 */
import { useState } from 'react';
import { Link } from '../../shell/link.tsx';
import type { ChampItem, LineSection, SportCount, TimeFilter } from '@betsite/contracts';
import { useTranslation } from '../../i18n/react.tsx';
import { useRequiredRootData } from '../../config/root-data.ts';
import { api } from '../../shell/http.ts';
import { lineApi } from './api.ts';
import { sportName } from './names.ts';
import { listingPath, type MenuSegment } from './paths.ts';
import styles from './line.module.css';

export interface CountryGroup {
  country: ChampItem['country'];
  champs: ChampItem[];
}

/** Champs by country, countries and champs in the API's order. */
export function groupByCountry(champs: readonly ChampItem[]): CountryGroup[] {
  const groups: CountryGroup[] = [];
  for (const champ of champs) {
    let group = groups.find((g) => g.country.id === champ.country.id);
    if (!group) groups.push((group = { country: champ.country, champs: [] }));
    group.champs.push(champ);
  }
  return groups;
}

type ChampsLoad = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; champs: ChampItem[] };

export interface SportsTreeProps {
  section: LineSection;
  filter: TimeFilter;
  menu: MenuSegment;
  sports: readonly SportCount[];
  selectedSportId: number | null;
  selectedChampId: number | null;
  /** The selected sport's champs (from the loader). */
  champs: readonly ChampItem[];
  /** Where a sport or champ link goes (default: this section's listing). */
  sportHref?: (sport: SportCount) => string;
  champHref?: (sport: SportCount, champ: ChampItem) => string;
  title?: string;
}

export function SportsTree({ section, filter, menu, sports, selectedSportId, selectedChampId, champs, sportHref, champHref, title }: SportsTreeProps) {
  const { t } = useTranslation('sports');
  const { lng } = useRequiredRootData();
  const [open, setOpen] = useState<ReadonlySet<number>>(() => new Set(selectedSportId === null ? [] : [selectedSportId]));
  const [loaded, setLoaded] = useState<Readonly<Record<string, ChampsLoad>>>({});
  // Navigating to another sport opens it (state adjusted while rendering).
  const [shownSelected, setShownSelected] = useState(selectedSportId);
  if (shownSelected !== selectedSportId) {
    setShownSelected(selectedSportId);
    if (selectedSportId !== null && !open.has(selectedSportId)) setOpen(new Set([...open, selectedSportId]));
  }
  const loadKey = (sportId: number) => `${section}:${filter}:${sportId}`;

  const load = async (sportId: number) => {
    const key = loadKey(sportId);
    setLoaded((l) => ({ ...l, [key]: { state: 'loading' } }));
    const result = await lineApi(api).champs(section, sportId, filter);
    setLoaded((l) => ({ ...l, [key]: result.ok ? { state: 'ready', champs: result.body.champs } : { state: 'failed' } }));
  };

  const toggle = (sportId: number) => {
    const next = new Set(open);
    if (next.has(sportId)) next.delete(sportId);
    else {
      next.add(sportId);
      if (sportId !== selectedSportId && loaded[loadKey(sportId)]?.state !== 'ready') void load(sportId);
    }
    setOpen(next);
  };

  const toSport = sportHref ?? ((sport: SportCount) => listingPath(lng, section, { menu, sport }));
  const toChamp = champHref ?? ((sport: SportCount, champ: ChampItem) => listingPath(lng, section, { menu, sport, champ }));

  return (
    <nav className={styles.tree} aria-label={title ?? t('tree_title')}>
      <h2 className={styles.treeTitle}>{title ?? t('tree_title')}</h2>
      {sports.length === 0 ? <p className={styles.note}>{t(section === 'live' ? 'tree_empty_live' : 'tree_empty_line')}</p> : null}
      <ul className={styles.treeList}>
        {sports.map((sport) => {
          const expanded = open.has(sport.id);
          const status = sport.id === selectedSportId ? ({ state: 'ready', champs: [...champs] } as const) : loaded[loadKey(sport.id)];
          const panelId = `tree-${section}-${sport.id}`;
          return (
            <li key={sport.id}>
              <div className={styles.treeRow}>
                <button
                  type="button"
                  className={styles.treeToggle}
                  aria-expanded={expanded}
                  aria-controls={panelId}
                  aria-label={t(expanded ? 'tree_collapse' : 'tree_expand', { sport: sportName(t, sport) })}
                  onClick={() => toggle(sport.id)}
                >
                  <span aria-hidden="true">{expanded ? '▾' : '▸'}</span>
                </button>
                <Link to={toSport(sport)} className={styles.treeLink} aria-current={sport.id === selectedSportId && selectedChampId === null ? 'page' : undefined}>
                  <span>{sportName(t, sport)}</span>
                  <span className={styles.count} data-testid={`sport-count-${sport.id}`}>
                    {sport.count}
                  </span>
                </Link>
              </div>
              <div id={panelId} hidden={!expanded}>
                {expanded && status?.state === 'loading' ? <p className={styles.treeNote}>{t('loading')}</p> : null}
                {expanded && status?.state === 'failed' ? (
                  <p className={styles.treeNote}>
                    {t('load_failed')}{' '}
                    <button type="button" className={styles.linkButton} onClick={() => void load(sport.id)}>
                      {t('retry')}
                    </button>
                  </p>
                ) : null}
                {expanded && status?.state === 'ready' ? (
                  status.champs.length === 0 ? (
                    <p className={styles.treeNote}>{t('tree_no_champs')}</p>
                  ) : (
                    <ul className={styles.countries}>
                      {groupByCountry(status.champs).map((group) => (
                        <li key={group.country.id}>
                          <span className={styles.country}>{group.country.name}</span>
                          <ul className={styles.champList}>
                            {group.champs.map((champ) => (
                              <li key={champ.id}>
                                <Link to={toChamp(sport, champ)} className={styles.treeLink} aria-current={champ.id === selectedChampId ? 'page' : undefined}>
                                  <span>{champ.name}</span>
                                  <span className={styles.count}>{champ.count}</span>
                                </Link>
                              </li>
                            ))}
                          </ul>
                        </li>
                      ))}
                    </ul>
                  )
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
