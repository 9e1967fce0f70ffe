/**
 * Social sign-in buttons (SPEC §3 soc_reg): one link per provider the server offers
 * (`GET /social-api/oauth/providers`; "Sandbox ID" outside production). A click is a full
 * page navigation to `/social-api/oauth/{provider}/start`: the server runs the OpenID
 * Connect round trip and brings the browser back logged in (or to the completion step).
 *
 * Inside the registration form the buttons take the form's currency, country and bonus
 * choice along, and ask for its terms checkbox first, like the form's own submit button.
 */
import { useEffect, useState, type MouseEvent } from 'react';
import { useTranslation } from '../../i18n/react.tsx';
import { useRequiredRootData } from '../../config/root-data.ts';
import { api } from '../../shell/http.ts';
import { socialText } from './social-text.ts';
import { currentPageWithoutModal, loadProviders, SOCIAL_URLS, type SocialProviderInfo } from './social-api.ts';
import styles from './social-login.module.css';

export interface SocialButtonsProps {
  intent: 'login' | 'registration';
  /** Explicit choices; otherwise read from the surrounding form's `currency`, `country` and `bonus` fields. */
  currency?: string;
  country?: string;
  bonusChoice?: 0 | 1 | 2;
  /** Where to land afterwards; default: this page without the modal. */
  returnTo?: string;
}

export function SocialButtons({ intent, currency, country, bonusChoice, returnTo }: SocialButtonsProps) {
  const { t } = useTranslation();
  const { lng } = useRequiredRootData();
  const [providers, setProviders] = useState<SocialProviderInfo[] | null>(null);

  useEffect(() => {
    let live = true;
    void loadProviders(() => api.get(SOCIAL_URLS.providers)).then((list) => {
      if (live) setProviders(list);
    });
    return () => {
      live = false;
    };
  }, []);

  if (providers === null) return <p className={styles.muted}>{socialText(t, 'social_loading')}</p>;
  if (providers.length === 0) return null;

  const startUrl = (provider: string, extra: Record<string, string> = {}) => {
    const query = new URLSearchParams({ intent, language: lng, ...extra });
    return `${SOCIAL_URLS.start(provider)}?${query.toString()}`;
  };

  function onClick(event: MouseEvent<HTMLAnchorElement>, provider: string) {
    const form = event.currentTarget.closest('form');
    const field = (name: string) => {
      const element = form?.elements.namedItem(name);
      if (element instanceof RadioNodeList) return element.value;
      return element instanceof HTMLInputElement || element instanceof HTMLSelectElement ? element.value : '';
    };
    if (intent === 'registration') {
      const terms = form?.elements.namedItem('terms');
      if (terms instanceof HTMLInputElement && !terms.checked) {
        event.preventDefault();
        terms.reportValidity();
        return;
      }
    }
    const chosen: Record<string, string> = {
      returnTo: returnTo ?? currentPageWithoutModal(window.location),
    };
    const cur = currency ?? (intent === 'registration' ? field('currency') : '');
    const cty = country ?? (intent === 'registration' ? field('country') : '');
    const bonus = bonusChoice !== undefined ? String(bonusChoice) : intent === 'registration' ? field('bonus') : '';
    if (cur) chosen.currency = cur;
    if (cty) chosen.country = cty;
    if (bonus) chosen.bonusChoice = bonus;
    event.preventDefault();
    window.location.assign(startUrl(provider, chosen));
  }

  const label = intent === 'registration' ? 'social_register_with' : 'social_sign_in_with';
  return (
    <div className={styles.social} data-testid="social-buttons">
      <p className={styles.divider}>{socialText(t, 'social_or')}</p>
      <ul className={styles.providers}>
        {providers.map((p) => (
          <li key={p.id}>
            <a
              href={startUrl(p.id)}
              className={`btn btn-ghost ${styles.provider}`}
              aria-label={socialText(t, label, { provider: p.name })}
              onClick={(event) => onClick(event, p.id)}
            >
              <span className={styles.badge} aria-hidden="true">
                {p.name.slice(0, 1)}
              </span>
              {p.name}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
