/**
 * The selections of the bet slip (the coupon feature adds types, stakes and placing):
 * game, market, pick and the current odds, followed live through the game's topic, with
 * what changed since the pick; a pick the coupon API says cannot be played is shown
 * disabled with the reason; remove one or all. A live region announces odds changes
 * (UI.md accessibility).
 */
import { useState, type ReactNode } from 'react';
import { Link } from '../../shell/link.tsx';
import { formatCoef } from '@betsite/domain';
import type { GameDelta, GameDetail } from '@betsite/contracts';
import { useTranslation } from '../../i18n/react.tsx';
import { useRequiredRootData } from '../../config/root-data.ts';
import { useSettings } from '../../shell/settings.tsx';
import { EmptyState } from '../../shell/page-kit.tsx';
import { useLiveTopic } from '../live/index.ts';
import { LockIcon } from './odd-button.tsx';
import { gamePath } from './paths.ts';
import { useSelections, type Selection } from './selections.ts';
import { gameTopic } from './use-game-live.ts';
import styles from './line.module.css';

export interface OutcomeNow {
  coef: number;
  /** The outcome or its market is blocked. */
  blocked: boolean;
  /** The whole game is suspended. */
  suspended: boolean;
  finished: boolean;
  isLive: boolean;
}

/** The outcome's state in a game snapshot (null when the game no longer offers it). */
export function outcomeInGame(game: GameDetail, outcomeKey: string): OutcomeNow | null {
  for (const market of game.markets) {
    const outcome = market.outcomes.find((o) => o.key === outcomeKey);
    if (outcome) return { coef: outcome.coef, blocked: outcome.blocked || market.blocked, suspended: game.suspended, finished: game.isFinished, isLive: game.isLive };
  }
  return null;
}

/** The outcome after a delta (the same object when the delta does not touch it). */
export function outcomeAfterDelta(now: OutcomeNow, delta: GameDelta, outcomeKey: string): OutcomeNow {
  let next = now;
  const set = <K extends keyof OutcomeNow>(key: K, value: OutcomeNow[K]) => {
    if (next[key] !== value) next = { ...next, [key]: value };
  };
  if (delta.isFinished !== undefined) set('finished', delta.isFinished);
  if (delta.isLive !== undefined) set('isLive', delta.isLive);
  if (delta.suspended !== undefined) set('suspended', delta.suspended);
  for (const market of delta.markets ?? []) {
    const outcome = market.outcomes.find((o) => o.key === outcomeKey);
    if (!outcome) continue;
    set('coef', outcome.coef);
    set('blocked', outcome.blocked || market.blocked);
  }
  return next;
}

export const isOutcomeNowLocked = (now: OutcomeNow) => now.blocked || now.suspended || now.finished;

function SelectionItem({ selection, problem, onRemove, extra }: { selection: Selection; problem: string | undefined; onRemove: () => void; extra?: ReactNode }) {
  const { t } = useTranslation('sports');
  const { lng } = useRequiredRootData();
  const { oddsFormat } = useSettings();
  const [now, setNow] = useState<OutcomeNow | null>(null);
  const [gone, setGone] = useState(false);
  useLiveTopic<GameDetail, GameDelta>(gameTopic(selection.gameId), {
    onSnapshot: (game) => {
      const state = outcomeInGame(game, selection.outcomeKey);
      setGone(state === null);
      if (state) setNow(state);
    },
    onDelta: (delta) => setNow((current) => (current ? outcomeAfterDelta(current, delta, selection.outcomeKey) : current)),
  });
  const coef = now?.coef ?? selection.coef;
  const moved = coef === selection.coef ? null : coef > selection.coef ? 'up' : 'down';
  const locked = gone || (now !== null && isOutcomeNowLocked(now)) || problem !== undefined;
  const href = gamePath(
    { id: selection.gameId, sportId: selection.sportId, sportSlug: selection.sportSlug, champId: selection.champId, champName: selection.champName, home: selection.home, away: selection.away, isLive: now?.isLive ?? selection.isLive },
    lng,
  );
  return (
    <li className={`${styles.selection} ${locked ? styles.selectionLocked : ''}`} data-testid="selection" data-selection-id={selection.id} data-unplayable={locked ? 'true' : undefined}>
      <div className={styles.selectionHead}>
        <Link to={href} className={styles.selectionGame}>
          {selection.home.name} – {selection.away.name}
        </Link>
        <button type="button" className={styles.remove} onClick={onRemove} aria-label={t('slip_remove', { pick: selection.pickName })}>
          ×
        </button>
      </div>
      <div className={styles.selectionMarket}>{selection.marketName}</div>
      <div className={styles.selectionPick}>
        <span>{selection.pickName}</span>
        <span className={`${styles.selectionCoef} ${moved === 'up' ? styles.coefUp : moved === 'down' ? styles.coefDown : ''}`} data-testid="selection-coef" dir="ltr">
          {locked ? <LockIcon /> : null}
          {moved && !locked ? (
            <>
              <span className={styles.was}>
                <span className="visually-hidden">{t('slip_was')} </span>
                {formatCoef(selection.coef, oddsFormat)}
              </span>
              <span aria-hidden="true">→</span>
            </>
          ) : null}
          {formatCoef(coef, oddsFormat)}
        </span>
      </div>
      {locked ? (
        <p className={styles.selectionNote} data-testid="selection-problem">
          {problem ? t(problem) : gone || now?.finished ? t('slip_unavailable') : t('slip_suspended')}
        </p>
      ) : null}
      {extra}
    </li>
  );
}

/** What changed in the slip, for the screen reader's live region. */
function useAnnouncement(bets: readonly Selection[]): string {
  const { t } = useTranslation('sports');
  const [last, setLast] = useState<{ count: number; text: string }>({ count: bets.length, text: '' });
  if (last.count !== bets.length) setLast({ count: bets.length, text: t('slip_count', { count: bets.length }) });
  return last.text;
}

/**
 * `problems`: why a selection cannot be played (a `sports` key), by selection id, as the last
 * quote says; `extra`: the slip's controls of a selection (block, banker, own stake).
 */
export function SelectionList({ problems, extra }: { problems?: ReadonlyMap<string, string>; extra?: (selection: Selection) => ReactNode } = {}) {
  const { t } = useTranslation('sports');
  const selections = useSelections();
  const announcement = useAnnouncement(selections.bets);
  return (
    <div className={styles.selections}>
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
      {selections.count === 0 ? (
        <EmptyState headingLevel={3} icon="✎" title={t('slip_empty_title')} text={t('slip_empty_text')} />
      ) : (
        <>
          <ul className={styles.selectionItems}>
            {selections.bets.map((selection) => (
              <SelectionItem key={selection.id} selection={selection} problem={problems?.get(selection.id)} onRemove={() => selections.remove(selection.id)} extra={extra?.(selection)} />
            ))}
          </ul>
          <div className={styles.slipFooter}>
            <span>{t('slip_count', { count: selections.count })}</span>
            <button type="button" className="btn btn-ghost" onClick={() => selections.clear()}>
              {t('slip_remove_all')}
            </button>
          </div>
        </>
      )}
    </div>
  );
}
