/**
 * The office identification page (SPEC §2 identification blocker): where a player the
 * operator asked to identify is sent. It says where their check stands (from the user
 * config) and how to pass it: documents go to our support team, who verify them; the
 * blocker lifts once the operator marks the player verified.
 */
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from '../../i18n/react.tsx';
import { useRequiredRootData } from '../../config/root-data.ts';
import { usePaths } from '../../config/paths.ts';
import { EmptyState, Panel } from '../../shell/page-kit.tsx';
import { searchWithModal } from '../modals/index.ts';
import { useUserConfig, userConfigStore } from '../user-config/index.ts';
import type { UserConfig } from '@betsite/contracts';

export type IdentificationState = 'verified' | 'document-requested' | 'required' | 'not-required';

export function identificationState(config: Pick<UserConfig, 'is_verified' | 'requested_additional_document' | 'is_need_identification'>): IdentificationState {
  if (config.requested_additional_document) return 'document-requested';
  if (config.is_verified) return 'verified';
  return config.is_need_identification ? 'required' : 'not-required';
}

const ICONS: Record<IdentificationState, string> = { verified: '✓', 'document-requested': '⎘', required: '⚑', 'not-required': '◎' };

export function IdentificationView() {
  const { t } = useTranslation('office');
  const { user } = useRequiredRootData();
  const paths = usePaths();
  const location = useLocation();
  const { config } = useUserConfig(user.loggedIn);
  // The store cannot tell a failed load from one in progress: the load's own answer does (null on failure).
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!user.loggedIn) return;
    let live = true;
    void userConfigStore.load().then((loaded) => {
      if (live) setFailed(loaded === null);
    });
    return () => {
      live = false;
    };
  }, [user.loggedIn]);
  const support = { to: `${location.pathname}${searchWithModal(location.search, 'user-question')}`, label: t('identification_contact_support'), primary: true };

  if (config === null && !failed) {
    return (
      <Panel>
        <p role="status" aria-live="polite">
          {t('identification_loading')}
        </p>
      </Panel>
    );
  }
  if (config === null) {
    return (
      <Panel>
        <EmptyState icon="!" title={t('identification_failed_title')} text={t('identification_failed_text')} links={[support]} />
      </Panel>
    );
  }
  const state = identificationState(config);
  const key = state.replace('-', '_');
  const links = state === 'verified' || state === 'not-required' ? [{ to: paths.to('home'), label: t('main:main_go_home'), primary: true }] : [support, { to: paths.to('office-account'), label: t('identification_personal_data') }];
  return (
    <Panel>
      <div data-testid="identification" data-state={state}>
        <EmptyState icon={ICONS[state]} title={t(`identification_${key}_title`)} text={t(`identification_${key}_text`)} links={links} />
      </div>
    </Panel>
  );
}
