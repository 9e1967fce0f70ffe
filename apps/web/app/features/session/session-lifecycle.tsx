/**
 * The session lifecycle of every page with the site chrome (SPEC §4, §6): the inactivity
 * notice after an idle logoff; for a logged-in player the 60 s poll, auto logoff, the
 * bonus choice and the activation notice (their own chunk); for a visitor the registration
 * reminder (its own chunk, fetched only once it is due). Renders nothing until the page is
 * live.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/react.tsx';
import { useRequiredRootData } from '../../config/root-data.ts';
import { useNotifications } from '../../shell/notifications/index.ts';
import { useIsLive } from '../../shell/use-is-live.ts';
import { clearedLogoutReason, logoutReasonOf } from './logout-reason.ts';
import { readNextAllowed, reminderDueAt } from './reminder.ts';
import { safeLocalStorage } from './storage.ts';

const SessionWatch = lazy(() => import('./session-watch.tsx'));
const RegistrationReminder = lazy(() => import('./registration-reminder.tsx'));

export function SessionLifecycle() {
  const { user, site } = useRequiredRootData();
  const live = useIsLive();
  const { t } = useTranslation();
  const notifications = useNotifications();
  const [reminderDue, setReminderDue] = useState(false);
  const registrationAvailable = site.registrationAllowed && !site.isVipDomain;

  // SPEC §4: "on the next visit shown an inactivity notice".
  useEffect(() => {
    if (logoutReasonOf(document.cookie) !== 'inactive') return;
    document.cookie = clearedLogoutReason(location.protocol === 'https:');
    notifications.notify({
      area: 'top',
      kind: 'warning',
      title: t('session_inactive_title'),
      text: t('session_inactive_text', { minutes: site.session.idleMinutes }),
      sticky: true,
    });
  }, [notifications, t, site.session.idleMinutes]);

  // The reminder's chunk is fetched only when the delay has passed and it may be shown.
  useEffect(() => {
    if (user.loggedIn || !registrationAvailable) return;
    const dueAt = Math.max(reminderDueAt(Date.now(), site.registrationReminder.delay), readNextAllowed(safeLocalStorage()));
    const timer = setTimeout(() => setReminderDue(true), Math.max(0, dueAt - Date.now()));
    return () => clearTimeout(timer);
  }, [user.loggedIn, registrationAvailable, site.registrationReminder.delay]);

  if (!live) return null;
  return <Suspense fallback={null}>{user.loggedIn ? <SessionWatch /> : reminderDue ? <RegistrationReminder /> : null}</Suspense>;
}
