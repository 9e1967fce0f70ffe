/**
 * Home and the home page types (betsonyour, topgame, …, champ variants): SPEC §2. The top
 * games in play and to come (line API `top`), with live odds, above the other sections.
 */
import { Link, NavLink } from '../../shell/link.tsx';
import { useTranslation } from '../../i18n/react.tsx';
import { HOME_PAGE_TYPES } from '@betsite/domain';
import type { Route } from './+types/home';
import { usePaths } from '../../config/paths.ts';
import { useRequiredRootData } from '../../config/root-data.ts';
import { PageHeading, Panel, pageStyles, usePageRoute } from '../../shell/page-kit.tsx';
import { pageMeta } from '../../shell/page-meta.ts';
import { serverApi } from '../../shell/server-api.ts';
import { pack, unpack, type Packed } from '../../shell/packed-data.ts';
import { lineApi, TopGamesPanels, type TopGamesData } from '../../features/line/index.ts';

export const meta: Route.MetaFunction = (args) => pageMeta(args);

/** How many games each top panel shows. */
const TOP_GAMES = 8;

export interface HomeData {
  live: TopGamesData;
  line: TopGamesData;
}

export async function loader({ context }: Route.LoaderArgs): Promise<Packed<HomeData>> {
  const api = lineApi(serverApi(context));
  const [live, line] = await Promise.all([api.top('live', TOP_GAMES), api.top('line', TOP_GAMES)]);
  const panel = (answer: typeof live): TopGamesData =>
    answer.ok ? { games: answer.body.games.slice(0, TOP_GAMES), failed: false, limit: TOP_GAMES } : { games: [], failed: true, limit: TOP_GAMES };
  return pack({ live: panel(live), line: panel(line) });
}

function PageTypes() {
  const { t } = useTranslation();
  const paths = usePaths();
  return (
    <nav aria-label={t('sports:home_page_types')}>
      <ul className={pageStyles.chips}>
        <li>
          <NavLink to={paths.to('home')} end>
            {t('main_home_all')}
          </NavLink>
        </li>
        {HOME_PAGE_TYPES.map((type) => (
          <li key={type}>
            <NavLink to={paths.to(`home-${type}` as 'home-epl')}>{t(`main_home_${type}`)}</NavLink>
          </li>
        ))}
        <li>
          <NavLink to={paths.to('cyber-real')}>{t('nav_cyber')}</NavLink>
        </li>
      </ul>
    </nav>
  );
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation(['sports', 'main']);
  const paths = usePaths();
  const route = usePageRoute();
  const { site, user } = useRequiredRootData();
  const isRoot = route.name === 'home';
  const registrationOpen = site.registrationAllowed && !site.isVipDomain && !user.loggedIn;
  const { live, line } = unpack(loaderData);

  return (
    <div className={pageStyles.stack}>
      {isRoot ? (
        <section className={pageStyles.hero} aria-labelledby="page-title">
          <h1 id="page-title">{t('main:main_home')}</h1>
          <p>{t('home_hero_text', { company: site.companyName })}</p>
          {registrationOpen ? (
            <Link className="btn btn-accent" to={`?modal=registration`} preventScrollReset>
              {t('main:header_registration')}
            </Link>
          ) : null}
        </section>
      ) : (
        <PageHeading />
      )}
      <PageTypes />
      <TopGamesPanels live={live} line={line} lineTitle={isRoot ? t('home_top_title') : t('home_type_title', { section: t(`main:${route.titleKey}`) })} />
      <div className={pageStyles.grid}>
        <Panel title={t('home_casino_title')} id="home-casino">
          <ul className={pageStyles.linkList}>
            <li>
              <Link to={paths.to('slots')}>{t('main:casino_slots')}</Link>
            </li>
            <li>
              <Link to={paths.to('live-casino')}>{t('main:nav_live_casino')}</Link>
            </li>
            <li>
              <Link to={paths.to('poker')}>{t('main:casino_poker')}</Link>
            </li>
            <li>
              <Link to={paths.to('virtual-sports')}>{t('main:casino_virtualsports')}</Link>
            </li>
            <li>
              <Link to={paths.to('games')}>{t('main:games_index')}</Link>
            </li>
          </ul>
        </Panel>
        <Panel title={t('home_promo_title')} id="home-promo">
          <p>{t('home_promo_text')}</p>
          <Link className="btn btn-primary" to={paths.to('promotions')}>
            {t('main:nav_promotions')}
          </Link>
        </Panel>
      </div>
    </div>
  );
}
