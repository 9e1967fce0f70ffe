/**
 * The office "settings" section: the panel "Sports in line and live" (SPEC §6 "Sports can
 * be blacklisted per user for line and live", §7 "save disallowed sports (line, live)").
 * Two columns of checkboxes, "Show in line" and "Show in live"; Save sends both lists at
 * once. The lists come from `GET /web-api/office/v1/disallowed-sports` after hydration; a
 * save updates the tab's user config, and the line API leaves the hidden sports out of the
 * player's sports pages from the next load.
 */
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import type { TFunction } from '../../i18n/translator.ts';
import type { DisallowedSports } from '@betsite/contracts';
import { useTranslation } from '../../i18n/react.tsx';
import type { ApiResult } from '../../shell/http.ts';
import { Panel } from '../../shell/page-kit.tsx';
import { sportName } from '../line/index.ts';
import { userConfigStore } from '../user-config/index.ts';
import { fetchDisallowedSports, saveDisallowedSports } from './api.ts';
import {
  isShown,
  normalise,
  sameLists,
  setAllShown,
  setShown,
  SETTINGS_SPORTS,
  SPORTS_SECTIONS,
  type SportsSection,
} from './sports-settings.ts';
import styles from './sports-settings.module.css';

export type SaveNotice = { kind: 'success' | 'error'; text: string } | null;

/** What a failed save tells the player: what happened and what to do next. */
export function saveErrorText(result: Extract<ApiResult, { ok: false }>, t: TFunction): string {
  if (result.network) return t('main:main_network_error');
  if (result.status === 401) return t('sports_settings_error_session');
  if (result.status === 400) return t('sports_settings_error_invalid');
  return t('sports_settings_error_generic');
}

export interface SportsSettingsFormProps {
  /** The lists as the player is editing them. */
  draft: DisallowedSports;
  /** Whether the draft differs from what is saved. */
  dirty: boolean;
  pending: boolean;
  notice: SaveNotice;
  onChange: (next: DisallowedSports) => void;
  onSubmit: () => void;
}

/** The form itself (no data fetching): two labelled groups of checkboxes, Save and its status. */
export function SportsSettingsForm({ draft, dirty, pending, notice, onChange, onSubmit }: SportsSettingsFormProps) {
  const { t } = useTranslation('office');
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!pending) onSubmit();
  }
  return (
    <form className={styles.form} onSubmit={submit} aria-busy={pending}>
      <div className={styles.columns}>
        {SPORTS_SECTIONS.map((section) => (
          <SectionColumn key={section} section={section} draft={draft} onChange={onChange} t={t} />
        ))}
      </div>
      <div className={styles.actions}>
        <button type="submit" className="btn btn-primary" aria-disabled={pending} data-testid="sports-settings-save">
          {pending ? t('sports_settings_saving') : t('sports_settings_save')}
        </button>
        {dirty && !pending ? <span className={styles.muted}>{t('sports_settings_unsaved')}</span> : null}
        {/* Always mounted, so the outcome of a save is announced. */}
        <p role="status" className={notice?.kind === 'success' ? `${styles.notice} ${styles.success}` : styles.quiet}>
          {notice?.kind === 'success' ? notice.text : ''}
        </p>
      </div>
      {notice?.kind === 'error' ? (
        <p role="alert" className={`${styles.notice} ${styles.error}`}>
          {notice.text}
        </p>
      ) : null}
    </form>
  );
}

function SectionColumn({ section, draft, onChange, t }: { section: SportsSection; draft: DisallowedSports; onChange: (next: DisallowedSports) => void; t: TFunction }) {
  const hintId = `sports-settings-${section}-hint`;
  return (
    <fieldset className={styles.column} aria-describedby={hintId} data-section={section}>
      <legend className={styles.legend}>{t(`sports_settings_${section}`)}</legend>
      <p id={hintId} className={styles.muted}>
        {t(`sports_settings_${section}_hint`)}
      </p>
      <ul className={styles.list}>
        {SETTINGS_SPORTS.map((sport) => {
          const id = `sports-settings-${section}-${sport.id}`;
          const shown = isShown(draft, section, sport.id);
          return (
            <li key={sport.id} className={styles.item} data-shown={shown}>
              <input
                id={id}
                type="checkbox"
                className={styles.checkbox}
                checked={shown}
                onChange={(event) => onChange(setShown(draft, section, sport.id, event.currentTarget.checked))}
              />
              <label htmlFor={id} className={styles.label}>
                {sportName(t, sport)}
              </label>
            </li>
          );
        })}
      </ul>
      <div className={styles.bulk}>
        <button
          type="button"
          className={styles.linkButton}
          aria-label={t(`sports_settings_${section}_show_all`)}
          onClick={() => onChange(setAllShown(draft, section, true))}
        >
          {t('sports_settings_show_all')}
        </button>
        <button
          type="button"
          className={styles.linkButton}
          aria-label={t(`sports_settings_${section}_hide_all`)}
          onClick={() => onChange(setAllShown(draft, section, false))}
        >
          {t('sports_settings_hide_all')}
        </button>
      </div>
    </fieldset>
  );
}

export function SportsSettingsView() {
  const { t } = useTranslation('office');
  const [saved, setSaved] = useState<DisallowedSports | null>(null);
  const [draft, setDraft] = useState<DisallowedSports | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [pending, setPending] = useState(false);
  const [notice, setNotice] = useState<SaveNotice>(null);
  const live = useRef(true);

  const load = useCallback(async () => {
    setLoadFailed(false);
    try {
      const lists = normalise(await fetchDisallowedSports());
      if (!live.current) return;
      setSaved(lists);
      setDraft(lists);
    } catch {
      if (live.current) setLoadFailed(true);
    }
  }, []);

  useEffect(() => {
    live.current = true;
    void load();
    return () => {
      live.current = false;
    };
  }, [load]);

  const change = useCallback((next: DisallowedSports) => {
    setDraft(next);
    setNotice(null);
  }, []);

  async function save() {
    if (!draft) return;
    const sent = draft;
    setPending(true);
    setNotice(null);
    const result = await saveDisallowedSports(sent);
    if (!live.current) return;
    if (result.ok) {
      const lists = normalise(result.body);
      setSaved(lists);
      // A box ticked while the save was on its way stays as the player left it.
      setDraft((current) => (current && !sameLists(current, sent) ? current : lists));
      userConfigStore.patch({ disallow_line_sport: result.body.line, disallow_live_sport: result.body.live });
      setNotice({ kind: 'success', text: t('sports_settings_saved') });
    } else {
      setNotice({ kind: 'error', text: saveErrorText(result, t) });
    }
    setPending(false);
  }

  if (!saved || !draft) {
    return (
      <Panel title={t('sports_settings_title')} id="sports-settings">
        {loadFailed ? (
          <div className={styles.failed}>
            <p role="alert">{t('sports_settings_load_failed')}</p>
            <button type="button" className="btn btn-ghost" onClick={() => void load()}>
              {t('sports_settings_retry')}
            </button>
          </div>
        ) : (
          <p role="status">{t('sports_settings_loading')}</p>
        )}
      </Panel>
    );
  }

  return (
    <Panel title={t('sports_settings_title')} id="sports-settings">
      <p className={styles.intro}>{t('sports_settings_intro')}</p>
      <SportsSettingsForm draft={draft} dirty={!sameLists(draft, saved)} pending={pending} notice={notice} onChange={change} onSubmit={() => void save()} />
    </Panel>
  );
}
