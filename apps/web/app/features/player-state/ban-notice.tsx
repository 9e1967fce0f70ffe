/**
 * SPEC §2 ban handling: a banned player's navigation to a closed page is cancelled. The
 * page stays, and this notice says why (SPEC §9 code 53: withdrawal only; 45: restricted),
 * rather than leaving the click unanswered.
 */
import { useEffect } from 'react';
import { useTranslation } from '../../i18n/react.tsx';
import { useNotifications } from '../../shell/notifications/index.ts';
import { NAVIGATION_CANCELLED_EVENT, type NavigationCancelled } from '../guards/index.ts';

/** The notice text key of a ban code; null for a cancel that is not a ban. */
export function banNoticeKey(detail: NavigationCancelled): string | null {
  if (detail.reason !== 'banned' || detail.code === null) return null;
  return detail.code === 53 ? 'ban_notice_text_53' : 'ban_notice_text_45';
}

export function BanNotice() {
  const { t } = useTranslation();
  const notifications = useNotifications();
  useEffect(() => {
    const onCancel = (event: Event) => {
      const key = banNoticeKey((event as CustomEvent<NavigationCancelled>).detail);
      if (key !== null) notifications.notify({ area: 'top', kind: 'warning', title: t('ban_notice_title'), text: t(key) });
    };
    window.addEventListener(NAVIGATION_CANCELLED_EVENT, onCancel);
    return () => window.removeEventListener(NAVIGATION_CANCELLED_EVENT, onCancel);
  }, [notifications, t]);
  return null;
}
