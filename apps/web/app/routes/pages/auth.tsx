/** Login and registration pages, and the user routes (activation, password reset, …): SPEC §2. */
import { useLocation, useParams } from 'react-router';
import { useTranslation } from '../../i18n/react.tsx';
import type { Route } from './+types/auth';
import { usePaths } from '../../config/paths.ts';
import { useRequiredRootData } from '../../config/root-data.ts';
import { searchWithModal } from '../../features/modals/index.ts';
import { LoginForm, RegistrationForm, SocialLoginLanding, SocialRegistrationView } from '../../features/auth/index.ts';
import { EmptyState, PageHeading, Panel, usePageRoute } from '../../shell/page-kit.tsx';
import { ActivationView } from '../../features/session/index.ts';
import { ConfirmTermsView } from '../../features/terms/index.ts';
import { pageMeta } from '../../shell/page-meta.ts';

export const meta: Route.MetaFunction = (args) => pageMeta(args);

const narrow = { maxInlineSize: 520, marginInline: 'auto' } as const;

export default function AuthPage() {
  const { t } = useTranslation('auth');
  const paths = usePaths();
  const route = usePageRoute();
  const location = useLocation();
  const { type: registrationType } = useParams();
  const { site } = useRequiredRootData();
  const registrationAvailable = site.registrationAllowed && !site.isVipDomain;
  const modal = (m: 'forgot-password' | 'registration' | 'login' | 'user-question') => `${location.pathname}${searchWithModal(location.search, m)}`;

  if (route.kind === 'login') {
    return (
      <div style={narrow}>
        <PageHeading />
        <Panel>
          {/* A social sign-in's outcome (`?social_error`, `?social_step=two-step`) shows here. */}
          <SocialLoginLanding homeHref={paths.to('home')} loginHref={paths.to('login')}>
            <LoginForm forgotHref={modal('forgot-password')} registrationHref={registrationAvailable ? paths.to('registration') : null} afterLoginHref={paths.to('home')} />
          </SocialLoginLanding>
        </Panel>
      </div>
    );
  }
  // SPEC §2 registration/socialregistration: a new social identity completes its registration here.
  if (route.kind === 'registration' && registrationType === 'socialregistration') {
    return (
      <div style={{ ...narrow, maxInlineSize: 640 }}>
        <PageHeading />
        <Panel>
          <SocialRegistrationView loginHref={paths.to('login')} rulesHref={paths.to('rules', { ruleGroup: 1 })} />
        </Panel>
      </div>
    );
  }
  if (route.kind === 'registration') {
    return (
      <div style={{ ...narrow, maxInlineSize: 640 }}>
        <PageHeading />
        <Panel>
          <RegistrationForm rulesHref={paths.to('rules', { ruleGroup: 1 })} loginHref={paths.to('login')} afterRegistrationHref={paths.to('home')} />
        </Panel>
      </div>
    );
  }
  // SPEC §2 user/activate and user/activatefast: the e-mailed activation link lands here.
  if (route.name === 'user-activate' || route.name === 'user-activatefast') {
    return (
      <div style={narrow}>
        <PageHeading />
        <Panel>
          <ActivationView homeHref={paths.to('home')} loginHref={paths.to('login')} />
        </Panel>
      </div>
    );
  }
  // SPEC §2 confirm: the changed terms to accept (or log out); the guards bring only players who must confirm here.
  if (route.name === 'confirm') {
    return (
      <div style={{ ...narrow, maxInlineSize: 720 }}>
        <PageHeading />
        <Panel>
          <ConfirmTermsView rulesHref={paths.to('rules', { ruleGroup: 1 })} homeHref={paths.to('home')} />
        </Panel>
      </div>
    );
  }
  const key = route.name.replace(/^user-/, '').replace(/-/g, '_');
  return (
    <div style={{ ...narrow, maxInlineSize: 720 }}>
      <PageHeading />
      <Panel>
        <EmptyState
          icon="✉"
          title={t(`${key}_title`)}
          text={t(`${key}_text`)}
          links={[
            { to: paths.to('home'), label: t('main:main_go_home'), primary: true },
            { to: modal('user-question'), label: t('main:header_support') },
          ]}
        />
      </Panel>
    </div>
  );
}
