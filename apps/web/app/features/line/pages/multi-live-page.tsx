/**
 * Multi-live (`multi?games=…`): up to `MULTI_MAX` games side by side (2–4 columns as the
 * width allows), each a card with its scoreboard and main markets live through its game
 * topic; the games in play on the left to add from. The choice lives in the url (a link
 * can be shared) and in `localStorage` (a bare `/multi` opens the last choice). A game that
 * ends stays with its final score and a "finished" mark until it is removed.
 */
import { useEffect } from 'react';
import { useNavigate, useNavigation } from 'react-router';
import { Link } from '../../../shell/link.tsx';
import type { GameCard, GameDetail } from '@betsite/contracts';
import { useTranslation } from '../../../i18n/react.tsx';
import { useRequiredRootData } from '../../../config/root-data.ts';
import { EmptyState, PageHeading, Panel, pageStyles } from '../../../shell/page-kit.tsx';
import { groupGames } from '../game-list.tsx';
import { GameTime } from '../game-row.tsx';
import type { MultiData } from '../loaders.ts';
import { marketTitle, periodLabel, sportName } from '../names.ts';
import { browserStorage, cardMarkets, MULTI_MAX, multiPath, readStoredIds, toggleId, writeStoredIds } from '../multi-live.ts';
import { MarketOdds } from '../market-odds.tsx';
import { gamePath, listingPath } from '../paths.ts';
import { useGameLive } from '../use-game-live.ts';
import { useSectionLive } from '../use-section-live.ts';
import { LoadFailed, RightColumn } from './common.tsx';
import lineStyles from '../line.module.css';
import styles from './pages.module.css';

const NO_SPORTS: never[] = [];

/** The chosen ids and the way to change them (url first, the browser's storage kept in step). */
function useMultiChoice(data: MultiData): { ids: number[]; change: (ids: number[]) => void } {
  const { lng } = useRequiredRootData();
  const navigate = useNavigate();
  const ids = (data.asked ?? []).filter((id) => !data.missing.includes(id));
  const key = ids.join(',');
  const change = (next: number[]) => {
    writeStoredIds(browserStorage(), next);
    void navigate(multiPath(lng, next), { replace: true, preventScrollReset: true });
  };

  // A bare `/multi`: open the games chosen last time in this browser.
  const bare = data.asked === null;
  useEffect(() => {
    if (!bare) return;
    const stored = readStoredIds(browserStorage());
    if (stored.length > 0) void navigate(multiPath(lng, stored), { replace: true, preventScrollReset: true });
  }, [bare, lng, navigate]);

  // The url's choice is the choice: remember it, and drop the games that are gone from the url too.
  const gone = data.missing.length > 0;
  useEffect(() => {
    if (bare) return;
    const current = key === '' ? [] : key.split(',').map(Number);
    writeStoredIds(browserStorage(), current);
    if (gone) void navigate(multiPath(lng, current), { replace: true, preventScrollReset: true });
  }, [bare, key, gone, lng, navigate]);

  return { ids, change };
}

/** The teams with their score, and the periods' scores before it when there are any (as scoreboards read). */
function CardScore({ game }: { game: GameDetail }) {
  const { t } = useTranslation('sports');
  const score = game.result?.score ?? game.live?.score ?? null;
  const periods = game.result?.periods ?? game.live?.periods ?? [];
  return (
    <table className={styles.cardScore}>
      <caption className="visually-hidden">{t('multi_score_caption', { game: `${game.home.name} – ${game.away.name}` })}</caption>
      <thead className={periods.length > 0 ? undefined : 'visually-hidden'}>
        <tr>
          <th scope="col">
            <span className="visually-hidden">{t('team')}</span>
          </th>
          {periods.map((_, i) => (
            <th scope="col" key={i} title={periodLabel(t, game.sportId, i + 1)}>
              <span aria-hidden="true">{i + 1}</span>
              <span className="visually-hidden">{periodLabel(t, game.sportId, i + 1)}</span>
            </th>
          ))}
          <th scope="col">
            <span className="visually-hidden">{t('results_col_score')}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {(['home', 'away'] as const).map((side) => (
          <tr key={side}>
            <th scope="row" className={styles.cardTeamName}>
              {game[side].name}
            </th>
            {periods.map((p, i) => (
              <td key={i} className={styles.cardPeriod}>
                {p[side]}
              </td>
            ))}
            <td className={styles.cardTeamScore} data-testid={`multi-score-${side}`}>
              {score ? score[side] : '–'}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function MultiCard({ game: initial, onRemove, busy }: { game: GameDetail; onRemove: () => void; busy: boolean }) {
  const { t } = useTranslation('sports');
  const { lng } = useRequiredRootData();
  const { game, marks } = useGameLive(initial, { mode: 'full', enabled: !initial.isFinished });
  const finished = game.isFinished || game.status >= 4;
  const title = `${game.home.name} – ${game.away.name}`;
  const markets = cardMarkets(game);
  return (
    <li className={`${styles.card} ${finished ? styles.cardFinished : ''}`} data-testid="multi-card" data-game-id={game.id} data-finished={finished ? 'true' : undefined}>
      <article aria-labelledby={`multi-card-${game.id}`}>
        <h2 id={`multi-card-${game.id}`} className="visually-hidden">
          {title}
        </h2>
        <header className={styles.cardHead}>
          <p className={styles.cardMeta}>
            <span>{sportName(t, { id: game.sportId, slug: game.sportSlug })}</span>
            <span aria-hidden="true"> · </span>
            <span>{game.champName}</span>
          </p>
          <button type="button" className={styles.cardRemove} onClick={onRemove} disabled={busy} aria-label={t('multi_remove', { game: title })} title={t('multi_remove', { game: title })}>
            <span aria-hidden="true">×</span>
          </button>
        </header>
        <div className={styles.cardStatus}>
          {finished ? (
            <span className={styles.finishedMark} data-testid="multi-finished">
              {game.status === 5 || game.result?.cancelled ? t('status_cancelled') : t('status_finished')}
            </span>
          ) : (
            <GameTime game={game} />
          )}
          {game.suspended && !finished ? <span className={lineStyles.suspended}>{t('suspended')}</span> : null}
        </div>
        <CardScore game={game} />
        {markets.length > 0 ? (
          <div className={styles.cardMarkets}>
            {markets.map((market) => (
              <section key={market.key} aria-label={marketTitle(t, market, game.sportId)}>
                <h3 className={styles.cardMarketTitle}>{marketTitle(t, market, game.sportId)}</h3>
                <MarketOdds game={game} market={market} marks={marks} oddClassName={styles.cardOdd} limit={3} />
              </section>
            ))}
          </div>
        ) : (
          <p className={lineStyles.note}>{finished ? t('markets_none_finished') : t('markets_none')}</p>
        )}
        <p className={styles.cardFoot}>
          {finished ? <span className={lineStyles.note}>{t('multi_finished_note')}</span> : <span />}
          <Link to={gamePath(game, lng, finished ? { section: 'live' } : {})} aria-label={t('multi_all_markets_label', { game: title })}>
            {t('multi_all_markets', { count: game.marketsCount })}
          </Link>
        </p>
      </article>
    </li>
  );
}

function UnloadedCard({ id, onRemove, busy }: { id: number; onRemove: () => void; busy: boolean }) {
  const { t } = useTranslation('sports');
  return (
    <li className={styles.card} data-testid="multi-card" data-game-id={id}>
      <p className={lineStyles.note}>{t('multi_unloaded')}</p>
      <button type="button" className="btn btn-ghost" onClick={onRemove} disabled={busy}>
        {t('multi_remove_short')}
      </button>
    </li>
  );
}

/** The games in play, grouped sport → champ, each with a button that adds it (or takes it out). */
function LiveChooser({ live, ids, onToggle, busy }: { live: readonly GameCard[]; ids: readonly number[]; onToggle: (id: number) => void; busy: boolean }) {
  const { t } = useTranslation('sports');
  const full = ids.length >= MULTI_MAX;
  return (
    <section aria-labelledby="multi-live-list" data-testid="multi-chooser">
      <h2 id="multi-live-list" className={lineStyles.treeTitle}>
        {t('multi_list_title')}
      </h2>
      {full ? <p className={styles.chooserNote}>{t('multi_full', { max: MULTI_MAX })}</p> : null}
      {live.length === 0 ? <p className={lineStyles.treeNote}>{t('tree_empty_live')}</p> : null}
      {groupGames(live).map((sport) => (
        <section key={sport.sportId} aria-label={sportName(t, { id: sport.sportId, slug: sport.sportSlug })} className={styles.chooserSport}>
          <h3 className={styles.chooserHeading}>{sportName(t, { id: sport.sportId, slug: sport.sportSlug })}</h3>
          {sport.champs.map((champ) => (
            <ul key={champ.champId} className={styles.chooserList} aria-label={champ.champName}>
              {champ.games.map((game) => {
                const chosen = ids.includes(game.id);
                const title = `${game.home.name} – ${game.away.name}`;
                const score = game.live?.score;
                return (
                  <li key={game.id}>
                    <button
                      type="button"
                      className={styles.chooserButton}
                      onClick={() => onToggle(game.id)}
                      disabled={busy || (!chosen && full)}
                      aria-label={t(chosen ? 'multi_remove' : 'multi_add', { game: title })}
                      data-testid="multi-add"
                      data-game-id={game.id}
                      data-chosen={chosen ? 'true' : undefined}
                    >
                      <span className={styles.chooserTeams}>
                        <span>{game.home.name}</span>
                        <span>{game.away.name}</span>
                      </span>
                      {score ? (
                        <span className={styles.chooserScore} aria-hidden="true">
                          <span>{score.home}</span>
                          <span>{score.away}</span>
                        </span>
                      ) : null}
                      <span className={styles.chooserMark} aria-hidden="true">
                        {chosen ? '✓' : '+'}
                      </span>
                    </button>
                  </li>
                );
              })}
            </ul>
          ))}
        </section>
      ))}
    </section>
  );
}

export function MultiLivePage({ data }: { data: MultiData }) {
  const { t } = useTranslation('sports');
  const { lng } = useRequiredRootData();
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  const { ids, change } = useMultiChoice(data);
  // Games start and end: the list to choose from follows the live section.
  useSectionLive('live', NO_SPORTS, { filtered: true, shown: data.live.map((g) => g.id), sportIds: null });

  const byId = new Map(data.games.map((g) => [g.id, g]));
  const slots = ids.filter((id) => byId.has(id) || data.unloaded.includes(id));
  const remove = (id: number) => change(ids.filter((i) => i !== id));

  return (
    <>
      <PageHeading after={<p className={styles.resultDate}>{t('multi_count', { count: slots.length, max: MULTI_MAX })}</p>} />
      <div className={pageStyles.threeCols}>
        <Panel className={`${pageStyles.sticky} ${styles.treePanel}`}>
          <LiveChooser live={data.live} ids={ids} onToggle={(id) => change(toggleId(ids, id))} busy={busy} />
        </Panel>
        <div className={styles.middle} aria-busy={busy}>
          {data.missing.length > 0 ? (
            <p className={styles.notice} role="status">
              {t('multi_missing', { count: data.missing.length })}
            </p>
          ) : null}
          {data.failed ? <LoadFailed partial /> : null}
          {slots.length === 0 ? (
            <Panel>
              <EmptyState
                icon="▦"
                title={t('multi_empty_title')}
                text={t(data.live.length > 0 ? 'multi_empty_text' : 'multi_empty_text_none', { max: MULTI_MAX })}
                links={data.live.length > 0 ? [{ to: listingPath(lng, 'live'), label: t('main:main_live') }] : [{ to: listingPath(lng, 'line'), label: t('main:main_line'), primary: true }]}
              />
            </Panel>
          ) : (
            <ul className={styles.cards} aria-label={t('multi_cards_label')}>
              {slots.map((id) => {
                const game = byId.get(id);
                return game ? <MultiCard key={id} game={game} onRemove={() => remove(id)} busy={busy} /> : <UnloadedCard key={id} id={id} onRemove={() => remove(id)} busy={busy} />;
              })}
            </ul>
          )}
        </div>
        <RightColumn />
      </div>
    </>
  );
}
