/**
 * The confirm-terms page (SPEC §2 confirm, §4 terms change, §8 terms confirm error): the
 * changed terms to read, then accept (recorded on the server with the time) or log out.
 * Accepting lets the player go on where they were headed (home).
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../i18n/react.tsx';
import { useRequiredRootData } from '../../config/root-data.ts';
import { FormMessage, formStyles } from '../../shell/ui/field.tsx';
import { LogoutButton } from '../auth/index.ts';
import { rememberPlayerFacts } from '../guards/index.ts';
import { acceptTerms } from './api.ts';

export interface ConfirmTermsViewProps {
  rulesHref: string;
  homeHref: string;
}

type State = { kind: 'idle' } | { kind: 'sending' } | { kind: 'failed'; outdated: boolean };

export function ConfirmTermsView({ rulesHref, homeHref }: ConfirmTermsViewProps) {
  const { t, i18n } = useTranslation('auth');
  const { site } = useRequiredRootData();
  const navigate = useNavigate();
  const [state, setState] = useState<State>({ kind: 'idle' });
  const { version, updatedAt } = site.terms;

  async function accept() {
    setState({ kind: 'sending' });
    const outcome = await acceptTerms(version);
    if (!outcome.ok) {
      setState({ kind: 'failed', outdated: outcome.outdated });
      return;
    }
    rememberPlayerFacts({ termsChanged: false });
    void navigate(homeHref);
  }

  return (
    <div className={formStyles.form} data-testid="confirm-terms">
      <h2>{t('confirm_title')}</h2>
      <p>{t('confirm_text')}</p>
      {updatedAt !== null ? (
        <p>{t('confirm_updated_at', { date: new Date(updatedAt).toLocaleDateString(i18n.language, { timeZone: 'UTC' }) })}</p>
      ) : null}
      <p>
        <a href={rulesHref} target="_blank" rel="noreferrer">
          {t('confirm_read_rules')}
        </a>
      </p>
      {state.kind === 'failed' ? (
        <FormMessage kind="error">{state.outdated ? t('confirm_outdated') : t('information_confirm_terms_error')}</FormMessage>
      ) : null}
      <button type="button" className={`btn btn-accent ${formStyles.submit}`} onClick={() => void accept()} disabled={state.kind === 'sending'}>
        {state.kind === 'sending' ? t('confirm_accepting') : t('confirm_accept')}
      </button>
      <LogoutButton className="btn" homeHref={homeHref} />
    </div>
  );
}
