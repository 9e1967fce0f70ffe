/**
 * The lobby pages of SPEC §2: every casino section, the search, my casino, providers and
 * the thank-you pages. Data comes from the route loader (loaders.ts); the toolbar and the
 * category chips change the url, so every view has an address and survives a reload.
 */
import { useEffect, useState } from 'react';
import { useLocation, useNavigation } from 'react-router';
import { Link } from '../../shell/link.tsx';
import type { CasinoCategoryCount, CasinoGameTile, CasinoLobby } from '@betsite/contracts';
import { useTranslation } from '../../i18n/react.tsx';
import { usePaths, type PathName } from '../../config/paths.ts';
import { api } from '../../shell/http.ts';
import { EmptyState, PageHeading } from '../../shell/page-kit.tsx';
import { searchWithModal } from '../modals/index.ts';
import { casinoApi, type LobbyQuery } from './api.ts';
import { GameGrid, GameTile } from './game-tile.tsx';
import { categoryRoute, lobbySearch, type LobbyParams } from './lobby-params.ts';
import type { LobbyData, MyCasinoData, ProviderData, ProvidersData, SearchData, ThankYouData } from './loaders.ts';
import { LOBBY_FIRST_PAGE } from './loaders.ts';
import { CasinoSkeleton } from './skeleton.tsx';
import { CasinoToolbar } from './toolbar.tsx';
import styles from './casino.module.css';

function useCategoryPath() {
  const paths = usePaths();
  return (id: string) => {
    const { name, params } = categoryRoute(id);
    return paths.to(name as PathName as 'casino', params);
  };
}

/** The category chips of the lobby, with how many games each has. */
function CategoryChips({ categories, current, provider }: { categories: readonly CasinoCategoryCount[]; current: string | null; provider?: string }) {
  const { t } = useTranslation('casino');
  const categoryPath = useCategoryPath();
  const { pathname } = useLocation();
  const shown = categories.filter((c) => c.count > 0);
  if (shown.length === 0) return null;
  return (
    <nav aria-label={t('categories_label')}>
      <ul className={styles.chips}>
        {shown.map((c) => {
          const to = `${categoryPath(c.id)}${provider ? lobbySearch({ provider }) : ''}`;
          return (
            <li key={c.id}>
              <Link to={to} aria-current={c.id === current || to === pathname ? 'page' : undefined}>
                {c.title} <span className={styles.count}>{c.count}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** The games of a lobby answer, with "show more" loading the next ones in the browser. */
function LobbyGames({ lobby, query, label }: { lobby: CasinoLobby; query: Omit<LobbyQuery, 'lang' | 'limit' | 'offset'>; label: string }) {
  const { t, i18n } = useTranslation('casino');
  const [games, setGames] = useState<CasinoGameTile[]>(lobby.games);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  // A new answer (another filter) starts over.
  useEffect(() => {
    setGames(lobby.games);
    setFailed(false);
  }, [lobby]);
  const more = async () => {
    setBusy(true);
    const result = await casinoApi(api).lobby({ ...query, limit: LOBBY_FIRST_PAGE, offset: games.length, lang: i18n.language });
    setBusy(false);
    if (!result.ok) {
      setFailed(true);
      return;
    }
    setFailed(false);
    setGames((shown) => [...shown, ...result.body.games.filter((g) => !shown.some((s) => s.id === g.id))]);
  };
  const left = lobby.total - games.length;
  return (
    <>
      <GameGrid games={games} label={label} testId="casino-games" />
      {left > 0 ? (
        <div className={styles.more}>
          <button type="button" className="btn btn-ghost" onClick={() => void more()} disabled={busy} aria-busy={busy}>
            {failed ? t('show_more_failed') : t('show_more', { count: left })}
          </button>
        </div>
      ) : null}
    </>
  );
}

function SectionHead({ title, count, id }: { title: string; count?: number; id?: string }) {
  const { t } = useTranslation('casino');
  return (
    <div className={styles.sectionHead}>
      <h2 id={id}>{title}</h2>
      {count !== undefined ? <span className={styles.count}>{t('games_count', { count })}</span> : null}
    </div>
  );
}

/** Recently played games, one row (players only, when there are any). */
function RecentRow({ recent }: { recent: readonly CasinoGameTile[] }) {
  const { t } = useTranslation('casino');
  if (recent.length === 0) return null;
  return (
    <section aria-labelledby="recent-games">
      <div className={styles.sectionHead}>
        <h2 id="recent-games">{t('recent_title')}</h2>
      </div>
      <ul className={styles.row} aria-labelledby="recent-games">
        {recent.slice(0, 8).map((g) => (
          <GameTile key={g.id} game={g} />
        ))}
      </ul>
    </section>
  );
}

/** A row of picked games (new, popular) on the lobby's home, when there are some. */
function PickRow({ id, title, games }: { id: string; title: string; games: readonly CasinoGameTile[] }) {
  if (games.length === 0) return null;
  return (
    <section aria-labelledby={id}>
      <div className={styles.sectionHead}>
        <h2 id={id}>{title}</h2>
      </div>
      <ul className={styles.row} aria-labelledby={id}>
        {games.slice(0, 10).map((g) => (
          <GameTile key={g.id} game={g} />
        ))}
      </ul>
    </section>
  );
}

const categoryTitle = (categories: readonly CasinoCategoryCount[], id: string | null) => categories.find((c) => c.id === id)?.title ?? null;

export function LobbyPage({ data }: { data: LobbyData }) {
  const { t } = useTranslation('casino');
  const { section, lobby, params, shown, nearest } = data;
  const ownTitle = section.key === 'category' ? categoryTitle(lobby.categories, section.category) : null;
  const heading = ownTitle ?? (section.key === 'category' || section.key.startsWith('sort_') || section.key === 'live' ? t(`section_${section.key}`, { defaultValue: t('section_all') }) : undefined);
  const listTitle = nearest ? (shown ? (categoryTitle(lobby.categories, shown) ?? t('section_all')) : t('section_all')) : t(`list_${section.key}`, { defaultValue: heading ?? t('section_all') });
  const isHome = section.category === null && !section.exclude && !section.sort;
  return (
    <>
      <PageHeading>{heading}</PageHeading>
      <CasinoToolbar params={params} providers={lobby.providers} />
      {isHome ? <CategoryChips categories={lobby.categories} current={null} /> : null}
      {isHome ? <RecentRow recent={data.recent} /> : null}
      {isHome ? <PickRow id="new-games" title={t('new_title')} games={lobby.games.filter((g) => g.isNew)} /> : null}
      {isHome ? <PickRow id="popular-games" title={t('popular_title')} games={lobby.games.filter((g) => g.popular)} /> : null}
      {nearest ? (
        <div className={styles.notice} role="note" data-testid="nearest-notice">
          <p>{t(`nearest_${section.key}`, { defaultValue: t('nearest_any'), nearest: listTitle })}</p>
        </div>
      ) : null}
      <section aria-labelledby="lobby-list">
        <div className={styles.sectionHead}>
          <h2 id="lobby-list">{nearest ? t('nearest_heading', { title: listTitle }) : listTitle}</h2>
          <span className={styles.count}>{t('games_count', { count: lobby.total })}</span>
        </div>
        {lobby.total === 0 ? (
          <EmptyState headingLevel={3} icon="♠" title={t('filter_empty_title')} text={t('filter_empty_text')} />
        ) : (
          <LobbyGames lobby={lobby} label={listTitle} query={{ category: shown ?? undefined, provider: params.provider ?? undefined, sort: params.sort }} />
        )}
      </section>
    </>
  );
}

export function SearchPage({ data }: { data: SearchData }) {
  const { t } = useTranslation('casino');
  const paths = usePaths();
  const navigation = useNavigation();
  const location = useLocation();
  const { params, lobby, popular } = data;
  // Typing changes `?q=`: the results wait for the loader under the skeleton, the box keeps the focus.
  const searching = navigation.state === 'loading' && navigation.location.pathname === location.pathname;
  return (
    <>
      <PageHeading>{params.q ? t('search_results_title', { query: params.q }) : undefined}</PageHeading>
      <CasinoToolbar params={params} providers={lobby?.providers} searchPage />
      {searching ? (
        <CasinoSkeleton />
      ) : lobby === null ? (
        <p className={styles.count}>{t('search_hint')}</p>
      ) : lobby.total === 0 ? (
        <EmptyState
          headingLevel={2}
          icon="⌕"
          title={t('search_none_title', { query: params.q })}
          text={t('search_none_text')}
          links={[{ to: paths.to('casino'), label: t('main:casino_casino'), primary: true }]}
        />
      ) : (
        <section aria-labelledby="search-list">
          <div className={styles.sectionHead}>
            <h2 id="search-list">{t('search_found')}</h2>
            <span className={styles.count} role="status">
              {t('games_count', { count: lobby.total })}
            </span>
          </div>
          <LobbyGames lobby={lobby} label={t('search_found')} query={{ q: params.q, provider: params.provider ?? undefined, sort: params.sort }} />
        </section>
      )}
      {popular.length > 0 && !searching ? (
        <section aria-labelledby="popular-list">
          <SectionHead id="popular-list" title={t('popular_title')} />
          <GameGrid games={popular} label={t('popular_title')} />
        </section>
      ) : null}
    </>
  );
}

export function MyCasinoPage({ data }: { data: MyCasinoData }) {
  const { t } = useTranslation('casino');
  const paths = usePaths();
  const location = useLocation();
  const { my, favoritesOnly, popular } = data;
  if (!my) {
    return (
      <>
        <PageHeading />
        <EmptyState
          icon="★"
          title={t('my_login_title')}
          text={t('my_login_text')}
          links={[
            { to: `${location.pathname}${searchWithModal(location.search, 'login')}`, label: t('login'), primary: true },
            { to: paths.to('casino'), label: t('main:casino_casino') },
          ]}
        />
        {popular.length > 0 ? (
          <section aria-labelledby="popular-list">
            <SectionHead id="popular-list" title={t('popular_title')} />
            <GameGrid games={popular} label={t('popular_title')} />
          </section>
        ) : null}
      </>
    );
  }
  return (
    <>
      <PageHeading />
      <nav aria-label={t('my_tabs')}>
        <ul className={styles.tabs}>
          <li>
            <Link to={paths.to('my-casino')} aria-current={!favoritesOnly ? 'page' : undefined}>
              {t('my_all')}
            </Link>
          </li>
          <li>
            <Link to={paths.to('my-casino-favorites')} aria-current={favoritesOnly ? 'page' : undefined}>
              {t('main:casino_my_casino_favorites')}
            </Link>
          </li>
        </ul>
      </nav>
      <section aria-labelledby="favorite-games">
        <div className={styles.sectionHead}>
          <h2 id="favorite-games">{t('favorites_title')}</h2>
          <span className={styles.count}>{t('games_count', { count: my.favorites.length })}</span>
        </div>
        {my.favorites.length === 0 ? (
          <EmptyState
            headingLevel={3}
            icon="☆"
            title={t('favorites_empty_title')}
            text={t('favorites_empty_text')}
            links={[{ to: paths.to('casino'), label: t('main:casino_casino'), primary: true }]}
          />
        ) : (
          <GameGrid games={my.favorites} label={t('favorites_title')} testId="favorite-games" />
        )}
      </section>
      {!favoritesOnly ? (
        <section aria-labelledby="recent-list">
          <div className={styles.sectionHead}>
            <h2 id="recent-list">{t('recent_title')}</h2>
          </div>
          {my.recent.length === 0 ? (
            <EmptyState headingLevel={3} icon="↺" title={t('recent_empty_title')} text={t('recent_empty_text')} />
          ) : (
            <GameGrid games={my.recent} label={t('recent_title')} testId="recent-games" />
          )}
        </section>
      ) : null}
    </>
  );
}

function providerInitials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase())
    .join('');
}

export function ProvidersPage({ data }: { data: ProvidersData }) {
  const { t } = useTranslation('casino');
  const paths = usePaths();
  return (
    <>
      <PageHeading />
      <ul className={styles.providerCards} aria-label={t('providers_label')}>
        {data.providers.map((p) => (
          <li key={p.id}>
            <Link className={styles.providerCard} to={paths.to('providers-one', { provider: p.id })}>
              <span className={styles.providerMark} aria-hidden="true">
                {providerInitials(p.name)}
              </span>
              <span>
                <span className={styles.providerName}>{p.name}</span>
                <br />
                <span className={styles.count}>{t('games_count', { count: p.count })}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
      {data.providers.map((p) => {
        const games = data.games.filter((g) => g.provider === p.id);
        if (games.length === 0) return null;
        return (
          <section key={p.id} aria-labelledby={`provider-${p.id}`}>
            <div className={styles.sectionHead}>
              <h2 id={`provider-${p.id}`}>{p.name}</h2>
              <Link to={paths.to('providers-one', { provider: p.id })}>{t('provider_all_games', { count: p.count })}</Link>
            </div>
            <ul className={styles.row} aria-labelledby={`provider-${p.id}`}>
              {games.slice(0, 8).map((g) => (
                <GameTile key={g.id} game={g} />
              ))}
            </ul>
          </section>
        );
      })}
    </>
  );
}

export function ProviderPage({ data }: { data: ProviderData }) {
  const { t } = useTranslation('casino');
  const params: LobbyParams = data.params;
  return (
    <>
      <PageHeading>{data.provider.name}</PageHeading>
      <CasinoToolbar params={params} />
      <CategoryChips categories={data.lobby.categories} current={null} provider={data.provider.id} />
      <section aria-labelledby="provider-list">
        <SectionHead id="provider-list" title={t('provider_games', { name: data.provider.name })} count={data.lobby.total} />
        <LobbyGames lobby={data.lobby} label={data.provider.name} query={{ provider: data.provider.id, sort: params.sort }} />
      </section>
    </>
  );
}

export function ThankYouPage({ data }: { data: ThankYouData }) {
  const { t } = useTranslation('casino');
  const paths = usePaths();
  return (
    <>
      <PageHeading />
      <EmptyState
        icon="✓"
        title={t('thank_you_title')}
        text={t('thank_you_text')}
        links={[
          { to: paths.to('casino'), label: t('main:casino_casino'), primary: true },
          { to: paths.to('my-casino'), label: t('main:casino_my_casino') },
        ]}
      />
      {data.popular.length > 0 ? (
        <section aria-labelledby="popular-list">
          <div className={styles.sectionHead}>
            <h2 id="popular-list">{t('popular_title')}</h2>
          </div>
          <GameGrid games={data.popular} label={t('popular_title')} />
        </section>
      ) : null}
    </>
  );
}
