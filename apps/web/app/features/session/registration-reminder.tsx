/**
 * The registration reminder card (SPEC §4): shown once the delay has passed, to a visitor
 * with no auth form or modal open, when the next-allowed time has come; showing it moves
 * the next-allowed time on by the configured interval. Not modal: the page stays usable.
 */
import { useEffect, useId, useState } from 'react';
import { useLocation } from 'react-router';
import { Link } from '../../shell/link.tsx';
import { useTranslation } from '../../i18n/react.tsx';
import { useRequiredRootData } from '../../config/root-data.ts';
import { hrefWithModal } from '../modals/index.ts';
import { modalDialogOpen, usePageFacts } from './page-facts.ts';
import { canShowReminder, nextAllowedAfterShow, readNextAllowed, writeNextAllowed } from './reminder.ts';
import { safeLocalStorage } from './storage.ts';
import styles from './session.module.css';

/** While something blocks it (a modal, the login page), look again this often. */
const RECHECK_MS = 2_000;

export default function RegistrationReminder() {
  const { t } = useTranslation();
  const { site, user } = useRequiredRootData();
  const location = useLocation();
  const page = usePageFacts();
  const titleId = useId();
  const [state, setState] = useState<'waiting' | 'shown' | 'closed'>('waiting');

  useEffect(() => {
    if (state !== 'waiting') return;
    const attempt = () => {
      const now = Date.now();
      const storage = safeLocalStorage();
      const ok = canShowReminder({
        loggedIn: user.loggedIn,
        registrationAvailable: site.registrationAllowed && !site.isVipDomain,
        authFormOpen: page.authPage,
        modalOpen: page.modalInUrl || modalDialogOpen(),
        chromeShown: page.chrome,
        now,
        dueAt: now,
        nextAllowedAt: readNextAllowed(storage),
      });
      if (!ok) return false;
      writeNextAllowed(storage, nextAllowedAfterShow(now, site.registrationReminder.interval));
      setState('shown');
      return true;
    };
    if (attempt()) return;
    const timer = setInterval(() => {
      if (attempt()) clearInterval(timer);
    }, RECHECK_MS);
    return () => clearInterval(timer);
  }, [state, user.loggedIn, site, page.authPage, page.modalInUrl, page.chrome]);

  // Opening a modal (its own registration link included) puts the card away.
  const hidden = page.modalInUrl || page.authPage;
  if (state !== 'shown' || hidden) return null;

  return (
    <aside className={styles.card} aria-labelledby={titleId} data-testid="registration-reminder">
      <h2 id={titleId} className={styles.title}>
        {t('session_reminder_title', { company: site.companyName })}
      </h2>
      <p className={styles.text}>{t('session_reminder_text')}</p>
      <div className={styles.actions}>
        <Link className="btn btn-accent" to={hrefWithModal(location, 'registration')} preventScrollReset onClick={() => setState('closed')}>
          {t('session_reminder_register')}
        </Link>
        <button type="button" className="btn btn-ghost" onClick={() => setState('closed')}>
          {t('session_reminder_later')}
        </button>
      </div>
    </aside>
  );
}
