/**
 * The right-side registration widget (SPEC §2 "as a widget", §6 visitors get it): the same
 * registration form as the modal and the page, in a card beside the events. The page shows
 * it only to visitors when registration is open.
 */
import { useTranslation } from '../../i18n/react.tsx';
import { usePaths } from '../../config/paths.ts';
import { Panel } from '../../shell/page-kit.tsx';
import { RegistrationForm } from './registration-form.tsx';

export function RegistrationWidget() {
  const { t } = useTranslation();
  const paths = usePaths();
  return (
    <Panel title={t('header_registration')} id="registration-widget">
      <RegistrationForm rulesHref={paths.to('rules', { ruleGroup: 1 })} loginHref={paths.to('login')} afterRegistrationHref={paths.to('home')} />
    </Panel>
  );
}
