import { useEffect, useState } from 'react';
import { Link } from '../../shell/link.tsx';
import { useTranslation } from '../../i18n/react.tsx';
import { FormMessage, formStyles } from '../../shell/ui/field.tsx';
import { api } from '../../shell/http.ts';
import { SUPPORT_ENDPOINTS } from './user-question-form.tsx';

interface SupportRequest {
  id: string;
  subject: string;
  status: string;
  createdAt: string;
}

type State = { kind: 'loading' } | { kind: 'list'; items: SupportRequest[] } | { kind: 'unavailable' };

function parseRequests(body: unknown): SupportRequest[] | null {
  const items = (body as { items?: unknown } | null)?.items;
  if (!Array.isArray(items)) return null;
  return items.filter(
    (i): i is SupportRequest =>
      typeof i === 'object' && i !== null && typeof i.id === 'string' && typeof i.subject === 'string' && typeof i.status === 'string' && typeof i.createdAt === 'string',
  );
}

/** The player's support requests; visitors are asked to log in first. */
export function SupportHistory({ loggedIn, loginHref, askHref }: { loggedIn: boolean; loginHref: string; askHref: string }) {
  const { t, i18n } = useTranslation();
  const [state, setState] = useState<State>({ kind: 'loading' });

  useEffect(() => {
    if (!loggedIn) return;
    const abort = new AbortController();
    void api.get(SUPPORT_ENDPOINTS.history, { signal: abort.signal }).then((answer) => {
      if (abort.signal.aborted) return;
      const items = answer.ok ? parseRequests(answer.body) : null;
      setState(items ? { kind: 'list', items } : { kind: 'unavailable' });
    });
    return () => abort.abort();
  }, [loggedIn]);

  if (!loggedIn) {
    return (
      <div className={formStyles.form}>
        <p>{t('modal_history_login_needed')}</p>
        <Link className="btn btn-accent" to={loginHref} replace>
          {t('header_login')}
        </Link>
      </div>
    );
  }
  if (state.kind === 'loading') return <p role="status">{t('main_loading')}</p>;
  if (state.kind === 'unavailable') return <FormMessage kind="error">{t('modal_history_unavailable')}</FormMessage>;
  if (state.items.length === 0) {
    return (
      <div className={formStyles.form}>
        <p>{t('modal_history_empty')}</p>
        <Link to={askHref} replace>
          {t('modal_question_title')}
        </Link>
      </div>
    );
  }
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  return (
    <table>
      <caption className="visually-hidden">{t('modal_history_title')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('modal_history_subject')}</th>
          <th scope="col">{t('modal_history_status')}</th>
          <th scope="col">{t('modal_history_date')}</th>
        </tr>
      </thead>
      <tbody>
        {state.items.map((item) => (
          <tr key={item.id}>
            <td>{item.subject}</td>
            <td>{item.status}</td>
            <td>{date.format(new Date(item.createdAt))}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
