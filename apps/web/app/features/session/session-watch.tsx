/**
 * A logged-in player's session (SPEC §4): the 60 s poll and auto logoff (watch.ts wired to
 * the browser), the user config loaded once, the bonus choice after registration and the
 * reminder to confirm the e-mail. Its own chunk: visitors never load it.
 */
import { useEffect, useRef, useState } from 'react';
import { afterLogout } from '@betsite/domain';
import { useRequiredRootData } from '../../config/root-data.ts';
import { usePaths } from '../../config/paths.ts';
import { api } from '../../shell/http.ts';
import { USER_CONFIG_API, useUserConfig, userConfigStore } from '../user-config/index.ts';
import { ActivationNotice } from './activation-notice.tsx';
import { BonusChoiceDialog, bonusChoiceDeferred } from './bonus-choice-dialog.tsx';
import { usePageFacts } from './page-facts.ts';
import { safeLocalStorage } from './storage.ts';
import { startSessionWatch, type WatchEnv } from './watch.ts';

const SESSION_CHECK_URL = '/web-api/auth/v1/session-check';
/** Last input seen by any tab of the site (so one idle tab does not log out a busy one). */
const SHARED_ACTIVITY_KEY = 'session_last_activity';
const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'scroll', 'touchstart'] as const;

function browserWatchEnv(leave: () => void): WatchEnv {
  return {
    now: () => Date.now(),
    every(ms, fn) {
      const handle = setInterval(fn, ms);
      return () => clearInterval(handle);
    },
    onActivity(fn) {
      const options = { passive: true, capture: true } as const;
      for (const event of ACTIVITY_EVENTS) window.addEventListener(event, fn, options);
      return () => {
        for (const event of ACTIVITY_EVENTS) window.removeEventListener(event, fn, options);
      };
    },
    onVisible(fn) {
      const handler = () => {
        if (document.visibilityState === 'visible') fn();
      };
      document.addEventListener('visibilitychange', handler);
      return () => document.removeEventListener('visibilitychange', handler);
    },
    isVisible: () => document.visibilityState === 'visible',
    async checkSession(active) {
      // A visitor is an answer here (user_id null), never a 401: no token refresh.
      const answer = await api.get<{ user_id?: unknown }>(`${SESSION_CHECK_URL}${active ? '?active=1' : ''}`, { refreshOn401: false });
      if (!answer.ok) return undefined;
      const id = answer.body?.user_id;
      return typeof id === 'string' ? id : id === null ? null : undefined;
    },
    async autoLogoff() {
      await api.post(USER_CONFIG_API.autoLogoff, {}, { refreshOn401: false });
    },
    sharedActivity() {
      const value = Number(safeLocalStorage()?.getItem(SHARED_ACTIVITY_KEY) ?? '');
      return Number.isFinite(value) && value > 0 ? value : null;
    },
    shareActivity(at) {
      try {
        safeLocalStorage()?.setItem(SHARED_ACTIVITY_KEY, String(at));
      } catch {
        // Storage full or blocked: this tab just does not share.
      }
    },
    leave,
  };
}

export default function SessionWatch() {
  const { user, site } = useRequiredRootData();
  const paths = usePaths();
  const page = usePageFacts();
  const config = useUserConfig(true);
  const [bonusLater, setBonusLater] = useState(bonusChoiceDeferred);
  const leaving = useRef({ playersOnly: page.playersOnly, homeHref: paths.to('home') });
  leaving.current = { playersOnly: page.playersOnly, homeHref: paths.to('home') };

  useEffect(() => {
    if (!user.userId) return;
    const leave = () => {
      userConfigStore.reset();
      // SPEC §2/§4: home from a players-only page, otherwise a reload (as a visitor).
      if (afterLogout({ visitorsAllowed: !leaving.current.playersOnly }) === 'home') window.location.assign(leaving.current.homeHref);
      else window.location.reload();
    };
    return startSessionWatch(browserWatchEnv(leave), { userId: user.userId, idleMinutes: site.session.idleMinutes });
  }, [user.userId, site.session.idleMinutes]);

  const loaded = config.loaded ? config.config : null;
  const askBonus =
    site.session.bonusChoiceEnabled && loaded !== null && loaded.bonus_choice === null && !bonusLater && !page.modalInUrl && !page.authPage;
  return (
    <>
      {askBonus ? <BonusChoiceDialog onClose={() => setBonusLater(true)} /> : null}
      {loaded !== null && loaded.remaining_days_to_activate !== null && loaded.user_email !== null ? (
        <ActivationNotice email={loaded.user_email} daysLeft={loaded.remaining_days_to_activate} />
      ) : null}
    </>
  );
}
