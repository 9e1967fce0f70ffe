/**
 * One worked example of a bet type as the rules page shows it: the selections with their
 * odds, results and factors, what the slip quotes (stake, lines, stake per line, charged,
 * total odds, possible win), what it paid, and each line's part. Figures: examples.ts.
 */
import { formatCoef, formatMinor, isCurrencyCode, type Minor } from '@betsite/domain';
import { useTranslation } from '../../i18n/react.tsx';
import { useRequiredRootData } from '../../config/root-data.ts';
import { useSettings } from '../../shell/settings.tsx';
import { halvesToDecimal, type ExampleStake, type ExampleView } from './examples.ts';
import styles from './rules.module.css';

/** Money in the site's format for the page language. */
export function useMoney(currency: string): (amount: Minor | null) => string {
  const { lng } = useRequiredRootData();
  return (amount) => {
    if (amount === null) return '—';
    return isCurrencyCode(currency) ? formatMinor(amount, currency, lng) : `${amount} ${currency}`;
  };
}

/** A factor (not odds: it may be 0 or 0.5) with 3 decimals, 4 where a half-win needs them. */
export function useFactor(): (value: number | null) => string {
  const { lng } = useRequiredRootData();
  return (value) => (value === null ? '—' : new Intl.NumberFormat(lng, { minimumFractionDigits: 3, maximumFractionDigits: 4 }).format(value));
}

/** Odds in thousandths in the player's odds format. */
export function useOdds(): (thousandths: number | null) => string {
  const { oddsFormat } = useSettings();
  return (coef) => (coef === null ? '—' : formatCoef(coef / 1000, oddsFormat));
}

/** The stake as entered: one amount, or one line per single or block. */
function StakeText({ stake, money }: { stake: ExampleStake; money: (amount: Minor) => string }) {
  const { t } = useTranslation('info');
  switch (stake.kind) {
    case 'amount':
      return <>{money(stake.amount)}</>;
    case 'bets':
      return (
        <>
          {stake.bets.map((b) => (
            <span key={b.id} className={styles.stakeItem}>{`${b.id}: ${money(b.amount)}`}</span>
          ))}
        </>
      );
    case 'blocks':
      return (
        <>
          {stake.blocks.map((b) => (
            <span key={b.blockId} className={styles.stakeItem}>
              {t('example_stake_block', { block: b.blockId, amount: b.amount === 'max' ? t('example_stake_max') : money(b.amount) })}
            </span>
          ))}
        </>
      );
  }
}

export function BetTypeExample({ example }: { example: ExampleView }) {
  const { t } = useTranslation('info');
  const money = useMoney(example.currency);
  const factor = useFactor();
  const odds = useOdds();
  const titleId = `example-${example.key}`;
  const blocks = example.selections.some((s) => s.blockId !== null);
  return (
    <figure className={styles.example} aria-labelledby={titleId} data-testid="bet-type-example" data-example={example.key}>
      <figcaption id={titleId} className={styles.exampleTitle}>
        {t(`bet_example_${example.key}_title`)}
        {example.isBonusBet ? <span className={styles.tag}>{t('example_bonus_bet')}</span> : null}
      </figcaption>
      <div className={styles.exampleBody}>
        <table className={styles.table}>
          <caption className={styles.visuallyHidden}>{t('example_selections')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('example_selection')}</th>
              {blocks ? <th scope="col">{t('example_block')}</th> : null}
              <th scope="col" className={styles.num}>
                {t('example_odds')}
              </th>
              <th scope="col">{t('example_result')}</th>
              <th scope="col" className={styles.num}>
                {t('example_factor')}
              </th>
            </tr>
          </thead>
          <tbody>
            {example.selections.map((s) => (
              <tr key={s.id} data-testid="example-selection">
                <th scope="row">
                  {s.id}
                  {s.isBanker ? <span className={styles.tag}>{t('example_banker')}</span> : null}
                  {s.isLobby ? <span className={styles.tag}>{t('example_lobby')}</span> : null}
                </th>
                {blocks ? <td>{s.blockId ?? '—'}</td> : null}
                <td className={styles.num} dir="ltr">
                  {odds(s.coef)}
                </td>
                <td>
                  <span className={styles.result} data-status={s.status}>
                    {t(`bet_status_${s.status}`)}
                  </span>
                </td>
                <td className={styles.num}>{factor(s.factorHalves === null ? null : halvesToDecimal(s.factorHalves))}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <dl className={styles.summary}>
          <div>
            <dt>{t('example_stake')}</dt>
            <dd>
              <StakeText stake={example.stake} money={(a) => money(a)} />
            </dd>
          </div>
          <div>
            <dt>{t('example_lines_count')}</dt>
            <dd data-testid="example-lines">{example.lines}</dd>
          </div>
          <div>
            <dt>{t('example_unit_stake')}</dt>
            <dd>{money(example.unitStake)}</dd>
          </div>
          <div>
            <dt>{t('example_charged')}</dt>
            <dd data-testid="example-charged">{money(example.charged)}</dd>
          </div>
          <div>
            <dt>{t('example_total_coef')}</dt>
            <dd dir="ltr">{odds(example.totalCoef)}</dd>
          </div>
          <div>
            <dt>{t('example_possible_win')}</dt>
            <dd>{money(example.possibleWin)}</dd>
          </div>
          <div className={styles.payout}>
            <dt>{t('example_payout')}</dt>
            <dd data-testid="example-payout">{money(example.payout)}</dd>
          </div>
        </dl>
      </div>
      <table className={`${styles.table} ${styles.lines}`}>
        <caption className={styles.linesCaption}>{t('example_lines')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('example_line')}</th>
            <th scope="col" className={styles.num}>
              {t('example_line_stake')}
            </th>
            <th scope="col" className={styles.num}>
              {t('example_factor')}
            </th>
            <th scope="col" className={styles.num}>
              {t('example_line_return')}
            </th>
            {example.hasAccount ? (
              <th scope="col" className={styles.num}>
                {t('example_account')}
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {example.lineRows.map((line) => (
            <tr key={`${line.isLobby ? 'lobby:' : ''}${line.selectionIds.join('+')}`} data-testid="example-line">
              <th scope="row">{line.isLobby ? `${t('example_lobby_line')} (${line.selectionIds.join(' × ')})` : line.selectionIds.join(' × ')}</th>
              <td className={styles.num}>{money(line.stake)}</td>
              <td className={styles.num}>{factor(line.factor === null ? null : line.factor / 1000)}</td>
              <td className={styles.num}>{money(line.payout)}</td>
              {example.hasAccount ? <td className={styles.num}>{money(line.accountAfter)}</td> : null}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
