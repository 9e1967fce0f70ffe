/**
 * The search over the sports tree (UI.md: what big betting sites have): games in play and
 * to come, teams and champs whose names contain what was typed, from
 * `GET /web-api/line/v1/search`. An editable combobox with a list popup (WAI-ARIA 1.2): the
 * focus stays in the input, the arrow keys move the highlight (`aria-activedescendant`),
 * Enter opens it, Escape closes the popup (and clears the input when it is closed already).
 *
 * Typing waits 250 ms before asking; a newer query aborts the request of the older one and
 * an answer that arrives late is dropped.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { Link } from '../../shell/link.tsx';
import type { SearchResponse } from '@betsite/contracts';
import { useTranslation } from '../../i18n/react.tsx';
import { useRequiredRootData } from '../../config/root-data.ts';
import { useSettings } from '../../shell/settings.tsx';
import { api } from '../../shell/http.ts';
import { lineApi, SEARCH_QUERY_MAX, SEARCH_QUERY_MIN } from './api.ts';
import { formatKickoff, sportName } from './names.ts';
import { flatOptions, highlightParts, moveActive, SEARCH_DEBOUNCE_MS, SEARCH_LIMIT, searchGroups, searchTerm, type SearchOption } from './search.ts';
import { useNow } from './use-now.ts';
import styles from './line.module.css';

type Answer =
  | { status: 'idle' }
  | { status: 'loading'; term: string; results: SearchResponse | null }
  | { status: 'ready'; term: string; results: SearchResponse }
  | { status: 'failed'; term: string };

/** The name with the matched part in `<mark>`. */
function Highlighted({ text, term }: { text: string; term: string }) {
  return (
    <>
      {highlightParts(text, term).map((part, i) => (part.match ? <mark key={i}>{part.text}</mark> : <span key={i}>{part.text}</span>))}
    </>
  );
}

function OptionBody({ option, term, now }: { option: SearchOption; term: string; now: number }) {
  const { t } = useTranslation('sports');
  const { lng } = useRequiredRootData();
  const { timeZone } = useSettings();
  switch (option.kind) {
    case 'game': {
      const { game } = option;
      const score = game.live?.score;
      return (
        <>
          <span className={styles.searchWhen}>
            {game.isLive ? (
              <>
                <span className={styles.searchLive}>{t('live_badge')}</span>
                {score ? (
                  <span className={styles.searchScore}>
                    {score.home}:{score.away}
                  </span>
                ) : null}
              </>
            ) : (
              <time dateTime={new Date(game.startsAt).toISOString()}>{formatKickoff(game.startsAt, { timeZone, lng, now, today: t('today'), tomorrow: t('tomorrow') })}</time>
            )}
          </span>
          <span className={styles.searchName}>
            <Highlighted text={game.home.name} term={term} /> – <Highlighted text={game.away.name} term={term} />
          </span>
          <span className={styles.searchMeta}>
            <span>
              {sportName(t, { id: game.sportId, slug: game.sportSlug })} · <Highlighted text={game.champName} term={term} />
            </span>
          </span>
        </>
      );
    }
    case 'team':
      return (
        <>
          <span className={styles.searchName}>
            <Highlighted text={option.team.name} term={term} />
          </span>
          <span className={styles.searchMeta}>
            <span>{[sportName(t, { id: option.team.sportId }), option.team.country.name].filter(Boolean).join(' · ')}</span>
          </span>
        </>
      );
    case 'champ':
      return (
        <>
          <span className={styles.searchName}>
            <Highlighted text={option.champ.name} term={term} />
          </span>
          <span className={styles.searchMeta}>
            <span>{[sportName(t, { id: option.champ.sportId }), option.champ.country.name].filter(Boolean).join(' · ')}</span>
            {option.champ.count > 0 ? <span className={styles.searchCount}>{t('search_champ_games', { count: option.champ.count })}</span> : null}
          </span>
        </>
      );
  }
}

export interface SportsSearchProps {
  /** On the cyber pages esports games open their cyber page. */
  cyber?: boolean;
}

export function SportsSearch({ cyber = false }: SportsSearchProps) {
  const { t } = useTranslation('sports');
  const { lng } = useRequiredRootData();
  const navigate = useNavigate();
  const id = useId();
  const inputId = `${id}-input`;
  const listId = `${id}-list`;
  const optionId = (index: number) => `${id}-option-${index}`;
  const rootRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [answer, setAnswer] = useState<Answer>({ status: 'idle' });
  const [attempt, setAttempt] = useState(0);
  const term = searchTerm(text);

  // Ask once typing pauses; a newer query (or leaving) aborts the older request and drops its answer.
  useEffect(() => {
    if (term === null) return;
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      setAnswer((a) => ({ status: 'loading', term, results: a.status === 'ready' || a.status === 'loading' ? a.results : null }));
      void lineApi(api)
        .search(term, SEARCH_LIMIT, { signal: controller.signal })
        .then((result) => {
          if (controller.signal.aborted) return;
          setActive(-1);
          setAnswer(result.ok ? { status: 'ready', term, results: result.body } : { status: 'failed', term });
        });
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [term, attempt]);

  // A click anywhere else closes the popup.
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) {
        setOpen(false);
        setActive(-1);
      }
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  // What the popup shows: the answer for this query, or while it comes the previous one.
  const current = term !== null && answer.status !== 'idle' && answer.term === term;
  const pending = term !== null && !(current && answer.status !== 'loading');
  const results = answer.status === 'ready' || answer.status === 'loading' ? answer.results : null;
  const shownTerm = answer.status === 'idle' ? '' : answer.term;
  const groups = term !== null && results ? searchGroups(results, lng, { cyber }) : [];
  const options = flatOptions(groups);
  const failed = current && answer.status === 'failed';
  const empty = current && answer.status === 'ready' && options.length === 0;
  const tooShort = text.trim() !== '' && term === null;
  const expanded = open && (term !== null || tooShort);
  const highlighted = expanded && active >= 0 && active < options.length ? active : -1;
  const now = useNow(60_000, expanded);

  // Keep the highlighted option in view while the arrows walk a long list.
  useEffect(() => {
    if (highlighted >= 0) document.getElementById(`${id}-option-${highlighted}`)?.scrollIntoView({ block: 'nearest' });
  }, [highlighted, id]);

  const close = () => {
    setOpen(false);
    setActive(-1);
  };

  const go = (option: SearchOption) => {
    close();
    void navigate(option.href);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        if (!expanded) {
          setOpen(true);
          if (!event.altKey) setActive(moveActive(-1, step, options.length));
        } else if (!event.altKey) setActive(moveActive(highlighted, step, options.length));
        break;
      }
      case 'Enter': {
        const option = highlighted >= 0 ? options[highlighted] : undefined;
        if (option) {
          event.preventDefault();
          go(option);
        } else if (!expanded && term !== null) setOpen(true);
        break;
      }
      case 'Escape':
        if (expanded) {
          event.preventDefault();
          close();
        } else if (text !== '') {
          event.preventDefault();
          setText('');
        }
        break;
      default:
        break;
    }
  };

  let status = '';
  if (tooShort) status = t('search_hint', { count: SEARCH_QUERY_MIN });
  else if (failed) status = t('search_failed');
  else if (empty) status = t('search_empty', { query: term });
  else if (pending && options.length === 0) status = t('search_loading');
  else if (current && options.length > 0) status = t('search_count', { count: options.length });

  let index = -1;
  return (
    <div
      className={styles.search}
      role="search"
      ref={rootRef}
      onBlur={(event) => {
        // Focus left the search (Tab): close. Clicks inside keep it (see onMouseDown below).
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) close();
      }}
    >
      <label htmlFor={inputId} className="visually-hidden">
        {t('search_label')}
      </label>
      <div className={styles.searchField}>
        <svg className={styles.searchIcon} viewBox="0 0 20 20" width="16" height="16" aria-hidden="true" focusable="false">
          <circle cx="8.5" cy="8.5" r="5.75" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M13 13l4.5 4.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <input
          ref={inputRef}
          id={inputId}
          className={styles.searchInput}
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={highlighted >= 0 ? optionId(highlighted) : undefined}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          enterKeyHint="search"
          maxLength={SEARCH_QUERY_MAX}
          placeholder={t('search_placeholder')}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onFocus={() => setOpen(true)}
          onClick={() => setOpen(true)}
          onKeyDown={onKeyDown}
          data-testid="sports-search"
        />
        {text !== '' ? (
          <button
            type="button"
            className={styles.searchClear}
            aria-label={t('search_clear')}
            onClick={() => {
              setText('');
              close();
              inputRef.current?.focus();
            }}
          >
            <span aria-hidden="true">×</span>
          </button>
        ) : null}
      </div>
      {/* Announces what the popup holds (always in the page, so changes are heard). */}
      <p className="visually-hidden" role="status" aria-live="polite">
        {expanded ? status : ''}
      </p>
      <div
        className={styles.searchPopup}
        hidden={!expanded}
        // Keep the focus in the input when the popup is clicked (or it would close before the click lands).
        onMouseDown={(event) => event.preventDefault()}
        data-testid="sports-search-popup"
      >
        {expanded && (tooShort || failed || empty || (pending && options.length === 0)) ? (
          <div className={styles.searchNote}>
            <p>{status}</p>
            {empty ? <p className={styles.searchNoteHint}>{t('search_empty_hint')}</p> : null}
            {failed ? (
              <button type="button" className={styles.linkButton} onClick={() => setAttempt((n) => n + 1)}>
                {t('retry')}
              </button>
            ) : null}
          </div>
        ) : null}
        <div id={listId} role="listbox" aria-label={t('search_results')} aria-busy={pending && options.length > 0} className={styles.searchList}>
          {expanded
            ? groups.map((group) => (
                <div key={group.kind} role="group" aria-labelledby={`${id}-${group.kind}`} className={styles.searchGroup}>
                  <div role="presentation" id={`${id}-${group.kind}`} className={styles.searchGroupTitle}>
                    {t(`search_${group.kind}`)}
                  </div>
                  {group.options.map((option) => {
                    index += 1;
                    const mine = index;
                    return (
                      <Link
                        key={option.key}
                        id={optionId(mine)}
                        to={option.href}
                        role="option"
                        aria-selected={mine === highlighted}
                        tabIndex={-1}
                        className={`${styles.searchOption} ${option.kind === 'game' ? styles.searchOptionGame : ''} ${mine === highlighted ? styles.searchOptionActive : ''}`}
                        onClick={close}
                        data-kind={option.kind}
                      >
                        <OptionBody option={option} term={shownTerm} now={now} />
                      </Link>
                    );
                  })}
                </div>
              ))
            : null}
        </div>
      </div>
    </div>
  );
}
