/**
 * Log out (SPEC §2/§4): the server ends the session and clears the cookie; then home when the
 * current page is for players only, otherwise the page reloads as a visitor's.
 */
import { useState } from 'react';
import { useMatches } from 'react-router';
import { afterLogout, routeByName } from '@betsite/domain';
import { useTranslation } from '../../i18n/react.tsx';
import { api } from '../../shell/http.ts';
import { AUTH_ENDPOINTS } from './api.ts';

export function LogoutButton({ className, homeHref }: { className?: string; homeHref: string }) {
  const { t } = useTranslation();
  const matches = useMatches();
  const [pending, setPending] = useState(false);
  const leaf = matches[matches.length - 1];
  const playersOnly = leaf ? routeByName(leaf.id)?.meta.access === 'user' : false;

  async function logout() {
    setPending(true);
    // SPEC §8: a failed logout reloads the page all the same. A 401 here is "already out", not a token to refresh.
    await api.post(AUTH_ENDPOINTS.logout, {}, { refreshOn401: false });
    if (afterLogout({ visitorsAllowed: !playersOnly }) === 'home') window.location.assign(homeHref);
    else window.location.reload();
  }

  return (
    <button type="button" className={className} onClick={() => void logout()} disabled={pending}>
      {t('header_logout')}
    </button>
  );
}
