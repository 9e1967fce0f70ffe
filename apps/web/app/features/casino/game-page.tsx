/**
 * A game's page (casino-game, slots-game): the game's facts (RTP, volatility, stakes), the
 * choice between real money (players) and demo (everyone; visitors are offered to log in
 * for real money), and the remote-app host once a mode is chosen.
 */
import { useState } from 'react';
import { useLocation } from 'react-router';
import { Link } from '../../shell/link.tsx';
import { useTranslation } from '../../i18n/react.tsx';
import { usePaths, type PathName } from '../../config/paths.ts';
import { useRequiredRootData } from '../../config/root-data.ts';
import { PageHeading, Panel } from '../../shell/page-kit.tsx';
import { searchWithModal } from '../modals/index.ts';
import type { LaunchMode } from './api.ts';
import { GameArt } from './game-art.tsx';
import { GameTile } from './game-tile.tsx';
import { categoryRoute } from './lobby-params.ts';
import type { GamePageData } from './loaders.ts';
import { minorText } from './money.ts';
import { RemoteAppHost } from './remote-app-host.tsx';
import styles from './casino.module.css';

export function GamePage({ data }: { data: GamePageData }) {
  const { t } = useTranslation('casino');
  const { user, lng } = useRequiredRootData();
  const paths = usePaths();
  const location = useLocation();
  const { game } = data;
  const [mode, setMode] = useState<LaunchMode | null>(null);
  const lobby = categoryRoute(game.category);
  const closeTo = paths.to(lobby.name as PathName as 'casino', lobby.params);
  const loginTo = `${location.pathname}${searchWithModal(location.search, 'login')}`;

  return (
    <>
      <PageHeading>{game.title}</PageHeading>
      <div className={styles.gamePage}>
        {mode ? (
          <RemoteAppHost key={mode} gameId={game.id} title={game.title} mode={mode} language={lng} closeTo={closeTo} />
        ) : (
          <div className={styles.stage} data-testid="game-start">
            <div className={styles.stageBar}>
              <span className={styles.stageTitle}>{game.title}</span>
              <Link to={closeTo} className={styles.stageButton} aria-label={t('close_game', { title: game.title })}>
                <span aria-hidden="true">✕</span> {t('close')}
              </Link>
            </div>
            <div className={styles.stageCover}>
              <GameArt art={game.art} id={game.id} eager />
              <h2>{t('choose_mode')}</h2>
              <div className={styles.modes}>
                {user.loggedIn ? (
                  <button type="button" className="btn btn-accent" onClick={() => setMode('real')}>
                    {t('play_real')}
                  </button>
                ) : null}
                {game.demo ? (
                  <button type="button" className={user.loggedIn ? 'btn btn-ghost' : 'btn btn-accent'} onClick={() => setMode('demo')}>
                    {t('play_demo')}
                  </button>
                ) : null}
              </div>
              {!user.loggedIn ? (
                <p>
                  {t(game.demo ? 'visitor_demo_only' : 'visitor_no_demo')}{' '}
                  <Link to={loginTo}>
                    {t('login_for_real')}
                  </Link>
                </p>
              ) : !game.demo ? (
                <p>{t('no_demo')}</p>
              ) : null}
            </div>
          </div>
        )}
        <Panel title={t('about_game')} id="game-facts">
          <dl className={styles.facts}>
            <dt>{t('fact_provider')}</dt>
            <dd>
              <Link to={paths.to('providers-one', { provider: game.provider })}>{game.providerName}</Link>
            </dd>
            <dt>{t('fact_rtp')}</dt>
            <dd>{game.rtp}%</dd>
            <dt>{t('fact_volatility')}</dt>
            <dd>{t(`volatility_${game.volatility}`)}</dd>
            <dt>{t('fact_stakes')}</dt>
            <dd>
              {minorText(game.minStake, lng)} – {minorText(game.maxStake, lng)}
            </dd>
            <dt>{t('fact_demo')}</dt>
            <dd>{t(game.demo ? 'yes' : 'no')}</dd>
          </dl>
          {game.description ? <p className={styles.description}>{game.description}</p> : null}
          <p className={styles.description}>
            {t('fair_note')} <Link to={paths.to('casino-verify')}>{t('fair_link')}</Link>
          </p>
        </Panel>
      </div>
      {data.related.length > 0 ? (
        <section aria-labelledby="related-games">
          <div className={styles.sectionHead}>
            <h2 id="related-games">{t('related_title')}</h2>
          </div>
          <ul className={styles.row} aria-labelledby="related-games">
            {data.related.map((g) => (
              <GameTile key={g.id} game={g} />
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}
