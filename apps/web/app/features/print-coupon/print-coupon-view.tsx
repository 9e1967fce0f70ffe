/**
 * print-coupon/{couponId}: a coupon as a printable receipt — site, coupon number, date,
 * type (and system), every selection with its pick, odds, result and score, stake, lines,
 * stake per line, total odds, possible win, insurance if bought, status and payout; a Print
 * button (hidden in print) and honest states for a coupon that is not the player's, an ended
 * session and a failed load.
 */
import { useLocation, useRevalidator } from 'react-router';
import { Link } from '../../shell/link.tsx';
import { formatCoef } from '@betsite/domain';
import type { Coupon } from '@betsite/contracts';
import { useTranslation } from '../../i18n/react.tsx';
import { useRequiredRootData } from '../../config/root-data.ts';
import { usePaths } from '../../config/paths.ts';
import { useSettings } from '../../shell/settings.tsx';
import { EmptyState, PageHeading } from '../../shell/page-kit.tsx';
import { searchWithModal } from '../modals/index.ts';
import { betOutcome, couponNumber, couponState, couponTypeLabel, formatAmount } from '../coupon/index.ts';
import type { PrintCouponData } from './load.ts';
import styles from './print-coupon.module.css';

/** A date and time in the player's time zone (hours offset, SPEC §9), with the year: a receipt is kept. */
export function printDate(iso: string, timeZone: number, lng: string): string {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return iso;
  const local = new Date(at + timeZone * 3_600_000);
  const zone = `UTC${timeZone >= 0 ? '+' : '−'}${Math.abs(timeZone)}`;
  try {
    return `${new Intl.DateTimeFormat(lng, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(local)} (${zone})`;
  } catch {
    return `${local.toISOString().slice(0, 16).replace('T', ' ')} (${zone})`;
  }
}

export function PrintCouponView({ data }: { data: PrintCouponData }) {
  const { t } = useTranslation('sports');
  const paths = usePaths();
  const location = useLocation();
  const revalidator = useRevalidator();
  switch (data.kind) {
    case 'coupon':
      return <PrintedCoupon coupon={data.coupon} />;
    case 'not-found':
      return (
        <div className={styles.state} data-testid="print-coupon-missing">
          <PageHeading />
          <div className={styles.stateCard}>
            <EmptyState
              icon="?"
              title={t('print_not_found_title')}
              text={t('print_not_found_text')}
              links={[
                { to: paths.to('office-history'), label: t('coupon_my_bets'), primary: true },
                { to: paths.to('home'), label: t('main:main_go_home') },
              ]}
            />
          </div>
        </div>
      );
    case 'login':
      return (
        <div className={styles.state}>
          <PageHeading />
          <div className={styles.stateCard}>
            <EmptyState
              icon="☰"
              title={t('print_login_title')}
              text={t('print_login_text')}
              links={[{ to: `${location.pathname}${searchWithModal(location.search, 'login')}`, label: t('coupon_login'), primary: true }]}
            />
          </div>
        </div>
      );
    case 'failed':
      return (
        <div className={styles.state} role="alert">
          <PageHeading />
          <div className={styles.stateCard}>
            <EmptyState icon="!" title={t('print_failed_title')} text={t('print_failed_text')} />
            <p className={styles.retry}>
              <button type="button" className="btn btn-primary" onClick={() => void revalidator.revalidate()} disabled={revalidator.state === 'loading'}>
                {t('coupon_retry')}
              </button>
            </p>
          </div>
        </div>
      );
  }
}

function PrintedCoupon({ coupon }: { coupon: Coupon }) {
  const { t } = useTranslation('sports');
  const { lng, site } = useRequiredRootData();
  const { oddsFormat, timeZone } = useSettings();
  const paths = usePaths();
  const state = couponState(coupon);
  const type = couponTypeLabel(coupon);
  const money = (text: string) => formatAmount(text, coupon.currency, lng);
  const settled = state === 'won' || state === 'lost' || state === 'returned' || state === 'sold';
  const blocks = coupon.bets.some((b) => b.blockId !== null);
  return (
    <article className={styles.sheet} aria-labelledby="print-coupon-title" data-testid="print-coupon" data-state={state}>
      <header className={styles.head}>
        <p className={styles.site}>{site.companyName}</p>
        <h1 id="print-coupon-title" className={styles.title}>
          {t('main:main_print_coupon')}
        </h1>
        <p className={styles.number} data-testid="print-coupon-number">
          {t('coupon_number', { number: couponNumber(coupon.id) })}
        </p>
      </header>

      <dl className={styles.facts}>
        <div>
          <dt>{t('print_placed')}</dt>
          <dd>
            <time dateTime={coupon.createdAt}>{printDate(coupon.createdAt, timeZone, lng)}</time>
          </dd>
        </div>
        <div>
          <dt>{t('coupon_type')}</dt>
          <dd data-testid="print-coupon-type">
            {t(type.key)}
            {type.system ? ` ${type.system}` : ''}
            {coupon.isLive ? ` · ${t('coupon_live')}` : ''}
          </dd>
        </div>
        <div>
          <dt>{t('print_status')}</dt>
          <dd>
            <span className={styles.status} data-state={state} data-testid="print-coupon-status">
              {t(`coupon_state_${state}`)}
            </span>
          </dd>
        </div>
        {coupon.settledAt ? (
          <div>
            <dt>{t('print_settled')}</dt>
            <dd>
              <time dateTime={coupon.settledAt}>{printDate(coupon.settledAt, timeZone, lng)}</time>
            </dd>
          </div>
        ) : null}
        <div className={styles.idRow}>
          <dt>{t('print_coupon_id')}</dt>
          <dd className={styles.id}>{coupon.id}</dd>
        </div>
      </dl>

      <table className={styles.bets}>
        <caption className={styles.caption}>{t('print_selections', { count: coupon.bets.length })}</caption>
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">{t('print_event')}</th>
            <th scope="col">{t('print_pick')}</th>
            {blocks ? <th scope="col">{t('print_block')}</th> : null}
            <th scope="col" className={styles.num}>
              {t('print_odds')}
            </th>
            <th scope="col">{t('print_result')}</th>
          </tr>
        </thead>
        <tbody>
          {coupon.bets.map((b, i) => {
            const outcome = betOutcome(b.status);
            return (
              <tr key={`${b.gameId}/${b.outcomeKey}`} data-testid="print-coupon-bet" data-outcome={outcome}>
                <td>{i + 1}</td>
                <th scope="row">
                  <span className={styles.game}>{b.home && b.away ? `${b.home} – ${b.away}` : t('coupon_game', { id: b.gameId })}</span>
                  {b.score ? (
                    <span className={styles.score}>
                      {t('print_score')} <span dir="ltr">{b.score}</span>
                    </span>
                  ) : null}
                </th>
                <td>
                  {b.outcomeName ?? b.outcomeKey}
                  {b.isBanker ? <span className={styles.tag}>{t('print_banker')}</span> : null}
                </td>
                {blocks ? <td>{b.blockId ?? '—'}</td> : null}
                <td className={styles.num} dir="ltr">
                  {formatCoef(b.coef, oddsFormat)}
                </td>
                <td>
                  <span className={styles.outcome} data-outcome={outcome}>
                    {t(`coupon_bet_${outcome.replace('-', '_')}`)}
                  </span>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>

      <dl className={styles.totals}>
        <div>
          <dt>{t('coupon_charged')}</dt>
          <dd data-testid="print-coupon-stake">{money(coupon.amount)}</dd>
        </div>
        <div>
          <dt>{t('print_lines')}</dt>
          <dd>{coupon.lines}</dd>
        </div>
        <div>
          <dt>{t('coupon_unit_stake')}</dt>
          <dd>{money(coupon.unitStake)}</dd>
        </div>
        <div>
          <dt>{t('coupon_total_coef')}</dt>
          <dd dir="ltr">{coupon.coef ? formatCoef(coupon.coef, oddsFormat) : '—'}</dd>
        </div>
        <div>
          <dt>{t('coupon_possible_win')}</dt>
          <dd>{money(coupon.possibleWin)}</dd>
        </div>
        {coupon.insurance ? (
          <>
            <div>
              <dt>{t('print_insured')}</dt>
              <dd data-testid="print-coupon-insured">{money(coupon.insurance.amount)}</dd>
            </div>
            <div>
              <dt>{t('print_premium')}</dt>
              <dd>{money(coupon.insurance.premium)}</dd>
            </div>
          </>
        ) : null}
        <div className={styles.payout}>
          <dt>{t(settled ? 'coupon_payout' : state === 'refused' ? 'coupon_returned' : 'print_payout_open')}</dt>
          <dd data-testid="print-coupon-payout">{settled || state === 'refused' ? money(coupon.payout ?? '0') : t(`coupon_state_${state}`)}</dd>
        </div>
      </dl>

      <p className={styles.note}>{t('print_note', { site: site.companyName })}</p>

      <div className={styles.actions}>
        <button type="button" className="btn btn-primary" onClick={() => window.print()} data-testid="print-button">
          {t('print_button')}
        </button>
        <Link to={paths.to('office-history')} className="btn btn-ghost">
          {t('coupon_my_bets')}
        </Link>
      </div>
    </article>
  );
}
