/**
 * The office casino history (issue 13 part 6): the player's real-money rounds, newest first
 * (`GET /web-api/casino/v1/rounds`, paged by the oldest shown id), with stake, win, status,
 * the seed hash (the seed once revealed), the nonce, and a link to verify each round.
 * Bets on shared rounds (crash-live, TV games, bingo, virtual sports; decision 0025) are listed
 * too: the verify page replays solo engines only, so those show the round's hash and, once the
 * round is over, its revealed seed, with no verify link.
 */
import { useCallback, useEffect, useRef, useState, type ComponentType } from 'react';
import { useSearchParams } from 'react-router';
import { Link } from '../../shell/link.tsx';
import { isEngine } from '@betsite/domain';
import { useTranslation } from '../../i18n/react.tsx';
import { usePaths } from '../../config/paths.ts';
import { useSettings } from '../../shell/settings.tsx';
import { api } from '../../shell/http.ts';
import { EmptyState, Panel } from '../../shell/page-kit.tsx';
import { casinoApi } from './api.ts';
import { minorText } from './money.ts';
import { nextRoundsCursor, roundTime, ROUNDS_PAGE, type CasinoRound } from './rounds.ts';
import styles from './casino.module.css';

interface HistoryState {
  rounds: CasinoRound[];
  next: string | null;
  loading: boolean;
  failed: boolean;
}

/** A time in the player's zone (hours offset, SPEC §9 `tzo`). */
function timeText(iso: string, timeZone: number, lng: string): string {
  const at = roundTime(iso);
  if (at === null) return iso;
  const local = new Date(at + timeZone * 3_600_000);
  try {
    return new Intl.DateTimeFormat(lng, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', second: '2-digit', timeZone: 'UTC' }).format(local);
  } catch {
    return local.toISOString().slice(0, 19).replace('T', ' ');
  }
}

const short = (hash: string) => (hash.length > 16 ? `${hash.slice(0, 10)}…${hash.slice(-6)}` : hash);

export function CasinoHistoryView() {
  const { t, i18n } = useTranslation('casino');
  const paths = usePaths();
  const { timeZone } = useSettings();
  const [state, setState] = useState<HistoryState>({ rounds: [], next: null, loading: true, failed: false });
  const controller = useRef<AbortController | null>(null);

  const load = useCallback(async (before: string | null) => {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setState((s) => ({ ...(before ? s : { rounds: [], next: null }), loading: true, failed: false }));
    const result = await casinoApi(api).rounds(ROUNDS_PAGE, before ?? undefined, current.signal);
    if (current.signal.aborted) return;
    if (!result.ok) {
      setState((s) => ({ ...s, loading: false, failed: true }));
      return;
    }
    const page = result.body.rounds;
    setState((s) => ({ rounds: before ? [...s.rounds, ...page] : page, next: nextRoundsCursor(page, ROUNDS_PAGE), loading: false, failed: false }));
  }, []);

  useEffect(() => {
    void load(null);
    return () => controller.current?.abort();
  }, [load]);

  return (
    <Panel title={t('history_title')} id="casino-history">
      {state.failed ? (
        <div className={styles.notice} role="alert">
          <p>{t('history_failed')}</p>
          <button type="button" className="btn btn-ghost" onClick={() => void load(null)}>
            {t('retry')}
          </button>
        </div>
      ) : null}
      {!state.loading && !state.failed && state.rounds.length === 0 ? (
        <EmptyState
          headingLevel={3}
          icon="♠"
          title={t('history_empty_title')}
          text={t('history_empty_text')}
          links={[{ to: paths.to('casino'), label: t('main:casino_casino'), primary: true }]}
        />
      ) : null}
      {state.rounds.length > 0 ? (
        <div style={{ overflowX: 'auto' }}>
          <table className={styles.table} data-testid="casino-rounds">
            <caption className="visually-hidden">{t('history_title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('history_time')}</th>
                <th scope="col">{t('history_game')}</th>
                <th scope="col" className={styles.num}>
                  {t('history_stake')}
                </th>
                <th scope="col" className={styles.num}>
                  {t('history_win')}
                </th>
                <th scope="col">{t('history_status')}</th>
                <th scope="col">{t('history_seed')}</th>
                <th scope="col" className={styles.num}>
                  {t('history_nonce')}
                </th>
                <th scope="col">
                  <span className="visually-hidden">{t('history_verify')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {state.rounds.map((r) => (
                <tr key={r.id} data-testid={`round-${r.id}`}>
                  <td>
                    <time dateTime={r.createdAt}>{timeText(r.createdAt, timeZone, i18n.language)}</time>
                  </td>
                  <td>{t(`engine_${r.engine.replace(/-/g, '_')}`, { defaultValue: r.gameId })}</td>
                  <td className={styles.num}>{minorText(r.stake, i18n.language, r.currency)}</td>
                  <td className={styles.num}>{minorText(r.win, i18n.language, r.currency)}</td>
                  <td>{t(`round_status_${r.status}`)}</td>
                  <td className={styles.mono}>
                    {isEngine(r.engine) ? (
                      r.fairness.serverSeed ? (
                        <span title={r.fairness.serverSeed}>
                          {t('history_seed_revealed')}: {short(r.fairness.serverSeed)}
                        </span>
                      ) : (
                        <span title={r.fairness.serverSeedHash}>
                          {t('history_seed_hash')}: {short(r.fairness.serverSeedHash)}
                        </span>
                      )
                    ) : (
                      <>
                        <span title={r.fairness.serverSeedHash}>
                          {t('history_seed_hash')}: {short(r.fairness.serverSeedHash)}
                        </span>
                        {r.fairness.serverSeed ? (
                          <>
                            <br />
                            <span title={r.fairness.serverSeed}>
                              {t('history_seed_revealed')}: {short(r.fairness.serverSeed)}
                            </span>
                          </>
                        ) : null}
                      </>
                    )}
                  </td>
                  <td className={styles.num}>{r.fairness.nonce}</td>
                  <td>
                    {isEngine(r.engine) ? (
                      <Link to={paths.to('casino-verify', {}, { round: r.id })} aria-label={t('history_verify_round', { time: timeText(r.createdAt, timeZone, i18n.language) })}>
                        {t('history_verify')}
                      </Link>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {state.next && !state.failed ? (
        <div className={styles.more}>
          <button type="button" className="btn btn-ghost" disabled={state.loading} onClick={() => void load(state.next)}>
            {t('history_more')}
          </button>
        </div>
      ) : null}
      {state.loading ? (
        <p role="status" className={styles.count}>
          {t('loading_rounds')}
        </p>
      ) : null}
    </Panel>
  );
}

/** The office history's tabs: sports bets (the coupon feature's view) and casino rounds (`?tab=casino`). */
export function OfficeHistoryTabs({ sports: Sports }: { sports: ComponentType }) {
  const { t } = useTranslation('casino');
  const paths = usePaths();
  const [search] = useSearchParams();
  const casino = search.get('tab') === 'casino';
  return (
    <div>
      <nav aria-label={t('history_tabs')}>
        <ul className={styles.tabs}>
          <li>
            <Link to={paths.to('office-history')} aria-current={casino ? undefined : 'page'}>
              {t('history_tab_sports')}
            </Link>
          </li>
          <li>
            <Link to={paths.to('office-history', {}, { tab: 'casino' })} aria-current={casino ? 'page' : undefined}>
              {t('history_tab_casino')}
            </Link>
          </li>
        </ul>
      </nav>
      {casino ? <CasinoHistoryView /> : <Sports />}
    </div>
  );
}
