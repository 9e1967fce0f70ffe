/** "Repeat" on a settled coupon in My bets (SPEC §4 repeat): its bets become the slip's new draft at today's odds. */
import { useState } from 'react';
import type { Coupon } from '@betsite/contracts';
import { useTranslation } from '../../i18n/react.tsx';
import { SLIP_ANCHOR } from '../line/index.ts';
import { repeatCoupon } from './repeat.ts';
import styles from './coupon.module.css';

export function RepeatButton({ coupon }: { coupon: Coupon }) {
  const { t } = useTranslation('sports');
  const [state, setState] = useState<{ kind: 'idle' | 'busy' } | { kind: 'done'; added: number; missing: number }>({ kind: 'idle' });
  const repeat = async () => {
    setState({ kind: 'busy' });
    const result = await repeatCoupon(coupon);
    setState({ kind: 'done', ...result });
    document.getElementById(SLIP_ANCHOR)?.closest('section')?.scrollIntoView({ block: 'start' });
  };
  return (
    <div className={styles.repeatRow}>
      <button type="button" className="btn btn-ghost" onClick={() => void repeat()} disabled={state.kind === 'busy'} data-testid="repeat-coupon">
        {t('coupon_repeat')}
      </button>
      {state.kind === 'done' ? (
        <span className={styles.hint} role="status">
          {state.added === 0 ? t('coupon_repeat_none') : state.missing > 0 ? t('coupon_code_missing', { count: state.missing }) : t('coupon_repeat_done', { count: state.added })}
        </span>
      ) : null}
    </div>
  );
}
