/**
 * A game (`{section}-game`, `champ-game`, the cyber game): scoreboard, every market by
 * group, live; the selections beside. A line game that goes live moves to its live url.
 */
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { Link } from '../../../shell/link.tsx';
import { useTranslation } from '../../../i18n/react.tsx';
import { useRequiredRootData } from '../../../config/root-data.ts';
import { Panel } from '../../../shell/page-kit.tsx';
import { GameMarkets } from '../game-markets.tsx';
import type { GameData } from '../loaders.ts';
import { sportName } from '../names.ts';
import { champPath, cyberPath, gamePath, listingPath } from '../paths.ts';
import { Scoreboard } from '../scoreboard.tsx';
import { useGameLive } from '../use-game-live.ts';
import { ListSkeleton, RightColumn, useLeaving } from './common.tsx';
import styles from './pages.module.css';

export function GamePage({ data }: { data: GameData }) {
  const { t } = useTranslation('sports');
  const { lng } = useRequiredRootData();
  const navigate = useNavigate();
  const leaving = useLeaving();
  const { game, marks } = useGameLive(data.game, { mode: 'full' });
  const sportLabel = sportName(t, { id: game.sportId, slug: game.sportSlug });

  // The game started while its line page was open: continue on its live page.
  const wentLive = data.context === 'section' && data.section === 'line' && game.isLive && !game.isFinished;
  useEffect(() => {
    if (wentLive) void navigate(gamePath(game, lng, { section: 'live', menu: data.menu }), { replace: true, preventScrollReset: true });
  }, [wentLive, game, lng, data.menu, navigate]);

  const crumbs =
    data.context === 'cyber'
      ? [
          { to: cyberPath(lng, { kind: 'all' }), label: t('main:main_cyber') },
          { to: cyberPath(lng, { kind: 'discipline', discipline: game.sportSlug }), label: sportLabel },
          { to: cyberPath(lng, { kind: 'champ', discipline: game.sportSlug, champId: game.champId }, { champ: game.champName }), label: game.champName },
        ]
      : data.context === 'champ'
        ? [{ to: champPath({ id: game.champId, name: game.champName }, lng), label: game.champName }]
        : [
            { to: listingPath(lng, data.section), label: t(`main:main_${data.section}`) },
            { to: listingPath(lng, data.section, { menu: data.menu, sport: { id: game.sportId, slug: game.sportSlug } }), label: sportLabel },
            {
              to: listingPath(lng, data.section, { menu: data.menu, sport: { id: game.sportId, slug: game.sportSlug }, champ: { id: game.champId, name: game.champName } }),
              label: game.champName,
            },
          ];

  return (
    <>
      <nav aria-label={t('breadcrumbs')}>
        <ol className={styles.crumbs}>
          {crumbs.map((c) => (
            <li key={c.to}>
              <Link to={c.to}>{c.label}</Link>
            </li>
          ))}
        </ol>
      </nav>
      <h1 id="page-title" className="visually-hidden">
        {game.home.name} – {game.away.name}
      </h1>
      <div className={styles.gameCols}>
        <div className={styles.middle} aria-busy={leaving}>
          {leaving ? (
            <ListSkeleton rows={6} />
          ) : (
            <>
              <Scoreboard game={game} />
              {game.isFinished ? (
                <Panel>
                  <p className={styles.finishedNote}>{game.result?.cancelled ? t('result_cancelled') : t('game_finished_note')}</p>
                </Panel>
              ) : null}
              <GameMarkets game={game} marks={marks} />
            </>
          )}
        </div>
        <RightColumn />
      </div>
    </>
  );
}
