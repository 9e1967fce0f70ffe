/** Payment return pages: deposit and withdrawal success / fail / pending / cancel (SPEC §2). */
import { useTranslation } from '../../i18n/react.tsx';
import type { Route } from './+types/onpay';
import { usePaths } from '../../config/paths.ts';
import { EmptyState, PageHeading, Panel, usePageRoute } from '../../shell/page-kit.tsx';
import { pageMeta } from '../../shell/page-meta.ts';
import { PaymentStatusNote } from '../../features/payments/index.ts';

export const meta: Route.MetaFunction = (args) => pageMeta(args);

const ICONS = { success: '✓', fail: '✕', pending: '…', cancel: '↶' } as const;

/** `onpay-withdraw-fail` → { flow: 'withdraw', result: 'fail' }. */
export function onpayOutcome(routeName: string): { flow: 'deposit' | 'withdraw'; result: keyof typeof ICONS } {
  const withdraw = routeName.startsWith('onpay-withdraw-');
  const result = routeName.replace(/^onpay-(withdraw-)?/, '') as keyof typeof ICONS;
  return { flow: withdraw ? 'withdraw' : 'deposit', result };
}

export default function OnpayPage() {
  const { t } = useTranslation('payments');
  const paths = usePaths();
  const route = usePageRoute();
  const { flow, result } = onpayOutcome(route.name);
  const retry = flow === 'deposit' ? paths.to('recharge') : paths.to('office-deduce');
  const links =
    result === 'success' || result === 'pending'
      ? [
          { to: paths.to('office-historypay'), label: t('main:office_historypay'), primary: true },
          { to: paths.to('line'), label: t('main:nav_sports') },
          { to: paths.to('casino'), label: t('main:nav_casino') },
        ]
      : [
          { to: retry, label: t(flow === 'deposit' ? 'retry_deposit' : 'retry_withdraw'), primary: true },
          { to: paths.to('office-historypay'), label: t('main:office_historypay') },
          { to: paths.to('info-contacts'), label: t('main:info_contacts') },
        ];
  return (
    <div style={{ maxInlineSize: 760, marginInline: 'auto' }}>
      <PageHeading />
      <Panel>
        <div role={result === 'fail' ? 'alert' : 'status'}>
          <EmptyState icon={ICONS[result]} title={t(`${flow}_${result}_title`)} text={t(`${flow}_${result}_text`)} links={links} />
          <PaymentStatusNote />
        </div>
      </Panel>
    </div>
  );
}
