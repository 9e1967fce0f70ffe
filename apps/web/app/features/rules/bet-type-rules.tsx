/**
 * Rules → "Bet types and settlement" (rules/2): how a selection is settled (its factor by
 * result), rounding, each of the ten coupon types with its worked examples, the bonus bet,
 * vip bet, cash-out, insurance and the odds-change choices. Prose in the `info` dictionary;
 * figures from the domain (factor table: selectionFactor; examples: examples.ts).
 */
import { useMemo } from 'react';
import { DEFAULT_ANTI_EXPRESS_MARGIN, selectionFactor } from '@betsite/domain';
import { useTranslation } from '../../i18n/react.tsx';
import { useRequiredRootData } from '../../config/root-data.ts';
import { BetTypeExample, useFactor, useOdds } from './bet-type-examples.tsx';
import { FACTOR_STATUSES, RULES_TYPE_ORDER, exampleViews, halvesToDecimal } from './examples.ts';
import styles from './rules.module.css';

/** The odds the factor table shows each result at. */
const FACTOR_TABLE_COEF = 1850;

function Paragraphs({ text }: { text: string }) {
  return (
    <>
      {text.split('\n').map((p) => (
        <p key={p}>{p}</p>
      ))}
    </>
  );
}

export function BetTypeRules() {
  const { t } = useTranslation('info');
  const { lng } = useRequiredRootData();
  const odds = useOdds();
  const factor = useFactor();
  const examples = useMemo(() => exampleViews(), []);
  const currency = examples[0]?.currency ?? 'RUB';
  const margin = new Intl.NumberFormat(lng, { style: 'percent', maximumFractionDigits: 2 }).format(DEFAULT_ANTI_EXPRESS_MARGIN);
  return (
    <div className={styles.rules} data-testid="bet-type-rules">
      <p>{t('bet_types_intro', { currency })}</p>

      <section aria-labelledby="rules-settlement">
        <h2 id="rules-settlement">{t('bet_types_settlement_title')}</h2>
        <Paragraphs text={t('bet_types_settlement_text')} />
        <table className={`${styles.table} ${styles.factors}`}>
          <caption className={styles.linesCaption}>{t('bet_types_factor_table')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('bet_types_factor_result')}</th>
              <th scope="col">{t('bet_types_factor_rule')}</th>
              <th scope="col" className={styles.num}>
                {t('bet_types_factor_at', { coef: odds(FACTOR_TABLE_COEF) })}
              </th>
            </tr>
          </thead>
          <tbody>
            {FACTOR_STATUSES.map((status) => (
              <tr key={status}>
                <th scope="row">
                  <span className={styles.result} data-status={status}>
                    {t(`bet_status_${status}`)}
                  </span>
                </th>
                <td>{t(`bet_factor_${status}`)}</td>
                <td className={styles.num}>{factor(halvesToDecimal(selectionFactor(status, FACTOR_TABLE_COEF)))}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      <section aria-labelledby="rules-rounding">
        <h2 id="rules-rounding">{t('bet_types_rounding_title')}</h2>
        <Paragraphs text={t('bet_types_rounding_text')} />
      </section>

      <section aria-labelledby="rules-types">
        <h2 id="rules-types">{t('bet_types_types_title')}</h2>
        <nav aria-label={t('bet_types_types_title')}>
          <ul className={styles.typeIndex}>
            {RULES_TYPE_ORDER.map((typeId) => (
              <li key={typeId}>
                <a href={`#bet-type-${typeId}`}>{t(`bet_type_${typeId}_title`)}</a>
              </li>
            ))}
          </ul>
        </nav>
        {RULES_TYPE_ORDER.map((typeId) => (
          <section key={typeId} id={`bet-type-${typeId}`} className={styles.type} aria-labelledby={`bet-type-${typeId}-title`} data-testid="bet-type">
            <h3 id={`bet-type-${typeId}-title`}>{t(`bet_type_${typeId}_title`)}</h3>
            <Paragraphs text={t(`bet_type_${typeId}_text`, { margin })} />
            {examples
              .filter((e) => e.typeId === typeId)
              .map((e) => (
                <BetTypeExample key={e.key} example={e} />
              ))}
          </section>
        ))}
      </section>

      <section aria-labelledby="rules-more">
        <h2 id="rules-more">{t('bet_types_more_title')}</h2>
        <ul>
          {(['bonus', 'vip', 'cash_out', 'insurance', 'limits'] as const).map((k) => (
            <li key={k}>{t(`bet_types_${k}`)}</li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="rules-change">
        <h2 id="rules-change">{t('bet_types_change_title')}</h2>
        <p>{t('bet_types_change_text')}</p>
        <ul>
          {([0, 1, 2] as const).map((action) => (
            <li key={action}>{t(`bet_types_change_${action}`)}</li>
          ))}
        </ul>
      </section>
    </div>
  );
}
