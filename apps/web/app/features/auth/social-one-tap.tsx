/**
 * The one-tap sign-in prompt (SPEC §1 shell, §5: only when enabled and the visitor is not
 * logged in; §7 calls). A provider's prompt hands the page an ID token ("credential"); the
 * page posts it, with the language, currency and country, as multipart form data to
 * `/social-api/oauth/{provider}-one-tap` and goes to the `redirectUrl` it gets back.
 *
 * Built for the sandbox provider ("Sandbox ID"), whose prompt is this card: pick a test
 * identity, the sandbox hands out the credential. A real provider's prompt (Google Identity
 * Services and the like) needs its script and CSP entries; none is wired yet, so for other
 * providers nothing shows. Dismissed once, it stays away for the tab's session.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/react.tsx';
import { useRequiredRootData } from '../../config/root-data.ts';
import { api } from '../../shell/http.ts';
import { FormMessage, formStyles } from '../../shell/ui/field.tsx';
import { currentPageWithoutModal, loadProviders, SOCIAL_URLS, type SocialProviderInfo } from './social-api.ts';
import { socialText } from './social-text.ts';
import styles from './social-login.module.css';

const DISMISSED_KEY = 'one_tap_dismissed';
const SANDBOX_IDENTITIES = [
  { key: 'alice', label: 'Alice Sandbox (alice@sandbox.test)' },
  { key: 'bob', label: 'Bob Sandbox (bob@sandbox.test)' },
  { key: 'carol', label: 'Carol Sandbox' },
] as const;

export interface SocialOneTapProps {
  loggedIn: boolean;
}

export function SocialOneTap({ loggedIn }: SocialOneTapProps) {
  const { t } = useTranslation();
  const { lng } = useRequiredRootData();
  const [provider, setProvider] = useState<SocialProviderInfo | null>(null);
  const [pending, setPending] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (loggedIn || sessionStorage.getItem(DISMISSED_KEY) === '1') return;
    let live = true;
    void loadProviders(() => api.get(SOCIAL_URLS.providers)).then((list) => {
      if (live) setProvider(list.find((p) => p.oneTap && p.id === 'sandbox') ?? null);
    });
    return () => {
      live = false;
    };
  }, [loggedIn]);

  if (loggedIn || !provider) return null;

  const dismiss = () => {
    sessionStorage.setItem(DISMISSED_KEY, '1');
    setProvider(null);
  };

  async function signIn(identity: string) {
    if (!provider) return;
    setPending(true);
    setFailed(false);
    const credential = await sandboxCredential(provider.id, identity);
    const redirectUrl = credential ? await postCredential(provider.id, credential, lng) : null;
    if (redirectUrl) {
      window.location.assign(redirectUrl);
      return;
    }
    setFailed(true);
    setPending(false);
  }

  return (
    <aside className={styles.oneTap} aria-labelledby="one-tap-title" data-testid="one-tap">
      <h2 id="one-tap-title">{socialText(t, 'one_tap_title')}</h2>
      <p className={styles.muted}>{socialText(t, 'one_tap_text', { provider: provider.name })}</p>
      {failed ? <FormMessage kind="error">{socialText(t, 'one_tap_failed')}</FormMessage> : null}
      <form
        className={formStyles.form}
        onSubmit={(event) => {
          event.preventDefault();
          void signIn(String(new FormData(event.currentTarget).get('identity') ?? 'alice'));
        }}
      >
        <div className={formStyles.field}>
          <label className={formStyles.label} htmlFor="one-tap-identity">
            {socialText(t, 'one_tap_identity')}
          </label>
          <select id="one-tap-identity" name="identity" className={formStyles.input}>
            {SANDBOX_IDENTITIES.map((i) => (
              <option key={i.key} value={i.key}>
                {i.label}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.actions}>
          <button type="submit" className="btn btn-accent" disabled={pending}>
            {socialText(t, 'one_tap_continue')}
          </button>
          <button type="button" className="btn btn-ghost" onClick={dismiss}>
            {socialText(t, 'one_tap_dismiss')}
          </button>
        </div>
      </form>
    </aside>
  );
}

/** The sandbox's stand-in for a provider prompt: a credential for the chosen identity, bound to our nonce. */
async function sandboxCredential(provider: string, identity: string): Promise<string | null> {
  const client = await api.get<{ clientId: string; nonce: string }>(SOCIAL_URLS.oneTapClientId(provider));
  if (!client.ok) return null;
  const answer = await api.post<{ credential: string }>(SOCIAL_URLS.sandboxCredential, { client_id: client.body.clientId, nonce: client.body.nonce, identity });
  return answer.ok ? answer.body.credential : null;
}

/** SPEC §7: the credential as multipart form data (so plain fetch: the API client sends JSON only); the answer names where to go. */
async function postCredential(provider: string, credential: string, language: string): Promise<string | null> {
  const form = new FormData();
  form.set('credential', credential);
  form.set('language', language);
  form.set('returnTo', currentPageWithoutModal(window.location));
  try {
    const response = await fetch(SOCIAL_URLS.oneTap(provider), {
      method: 'POST',
      body: form,
      credentials: 'same-origin',
      headers: { accept: 'application/json', 'x-requested-with': 'XMLHttpRequest' },
    });
    if (!response.ok) return null;
    const body = (await response.json()) as { redirectUrl?: unknown };
    return typeof body.redirectUrl === 'string' ? body.redirectUrl : null;
  } catch {
    return null;
  }
}
