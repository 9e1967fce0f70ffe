/** The personal office (login required; visitors are sent to log in by the guards): SPEC §2. */
import { NavLink } from '../../shell/link.tsx';
import type { ComponentType } from 'react';
import { useTranslation } from '../../i18n/react.tsx';
import { OFFICE_SECTIONS } from '@betsite/domain';
import type { Route } from './+types/office';
import { usePaths, type RouteName } from '../../config/paths.ts';
import { EmptyState, PageHeading, Panel, pageStyles, usePageRoute } from '../../shell/page-kit.tsx';
import { pageMeta } from '../../shell/page-meta.ts';
import { DeduceView, HistoryPayView, RechargeView } from '../../features/payments/index.ts';
import { AccountView } from '../../features/wallet/index.ts';
import { SecurityView } from '../../features/security/index.ts';
import { PaymentRequestsView } from '../../features/payment-requests/index.ts';
import { QrApproveView } from '../../features/qr-approve/index.ts';
import { SportsSettingsView } from '../../features/sports-settings/index.ts';
import { MyBetsView } from '../../features/coupon/index.ts';
import { IdentificationView } from '../../features/player-state/index.ts';
import { ResponsibleView } from '../../features/protection/index.ts';
import { OfficeHistoryTabs } from '../../features/casino/index.ts';

export const meta: Route.MetaFunction = (args) => pageMeta(args);

/** History (SPEC §2 bet_history): sports bets, and the casino rounds of issue 13 (`?tab=casino`). */
const HistoryView = () => <OfficeHistoryTabs sports={MyBetsView} />;

const slug = (s: string) => s.replace(/[/_]/g, '-');

/**
 * Office sections that have their own view, by section key (the route's titleKey without
 * `office_`). A feature adds its line here; other sections show the honest empty state.
 */
const SECTION_VIEWS: Partial<Record<string, ComponentType>> = {
  recharge: RechargeView,
  deduce: DeduceView,
  historypay: HistoryPayView,
  account: AccountView,
  security: SecurityView,
  // My bets (issue 11): the coupons with their selections, open / settled / all; casino rounds (issue 13).
  history: HistoryView,
  // Sports in line and live (SPEC §7 "save disallowed sports").
  settings: SportsSettingsView,
  // payment/requests, create-request/{topicId}, {topicId}/transactions/{transactionId?}, {topicId}/{subTopicId}
  payment_requests: PaymentRequestsView,
  // QR login (SPEC §2 account menu auth_qr): approve another device's login.
  auth_qr: QrApproveView,
  // SPEC §2 identification blocker: where a player asked to identify is sent (decision 0020).
  identification: IdentificationView,
  // Responsible gaming (issue 12): limits, time-out, self-exclusion, reality check.
  responsible: ResponsibleView,
};

export default function OfficePage() {
  const { t } = useTranslation('office');
  const paths = usePaths();
  const route = usePageRoute();
  const section = route.titleKey.replace(/^office_/, '');
  const View = SECTION_VIEWS[section];
  return (
    <>
      <PageHeading />
      <div className={pageStyles.twoCols}>
        <Panel title={t('menu_title')} id="office-menu">
          <nav aria-label={t('menu_title')}>
            <ul className={pageStyles.linkList}>
              {OFFICE_SECTIONS.map((s) => (
                <li key={s}>
                  <NavLink to={paths.to(`office-${slug(s)}` as RouteName as 'office-account')}>{t(`main:office_${s.replace(/[/-]/g, '_')}`)}</NavLink>
                </li>
              ))}
            </ul>
          </nav>
        </Panel>
        {View ? (
          <View />
        ) : (
        <Panel>
          <EmptyState
            icon="☰"
            title={t(`${section}_empty_title`, { defaultValue: t('section_empty_title') })}
            text={t(`${section}_empty_text`, { defaultValue: t('section_empty_text') })}
            links={[
              { to: paths.to('line'), label: t('main:nav_sports'), primary: true },
              { to: paths.to('info-contacts'), label: t('main:info_contacts') },
            ]}
          />
        </Panel>
        )}
      </div>
    </>
  );
}
