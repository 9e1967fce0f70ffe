import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { Link } from '../link.tsx';
import { useTranslation } from '../../i18n/react.tsx';
import { COEF_VIEW, isCoefViewId } from '@betsite/domain';
import { useRequiredRootData } from '../../config/root-data.ts';
import { usePaths } from '../../config/paths.ts';
import { useSettings } from '../settings.tsx';
import { searchWithModal } from '../../features/modals/index.ts';
import { LanguageSwitcher } from './language-switcher.tsx';
import styles from './header.module.css';

const OFFSETS = Array.from({ length: 27 }, (_, i) => i - 12);

/** SPEC §9 coef formats in the switcher's order, with their `main` dictionary keys. */
export const ODDS_FORMAT_OPTIONS = [
  [COEF_VIEW.decimal, 'header_odds_decimal'],
  [COEF_VIEW.fractional, 'header_odds_fractional'],
  [COEF_VIEW.american, 'header_odds_american'],
  [COEF_VIEW.hongKong, 'header_odds_hong_kong'],
  [COEF_VIEW.indonesian, 'header_odds_indonesian'],
  [COEF_VIEW.malay, 'header_odds_malay'],
  [COEF_VIEW.hongKongPrecise, 'header_odds_hong_kong_precise'],
  [COEF_VIEW.indonesianPrecise, 'header_odds_indonesian_precise'],
  [COEF_VIEW.malayPrecise, 'header_odds_malay_precise'],
] as const;

export function gmtLabel(offset: number): string {
  return `GMT${offset >= 0 ? '+' : '−'}${Math.abs(offset)}`;
}

/** HH:MM at a fixed UTC offset. */
export function clockAt(now: number, offsetHours: number): string {
  const d = new Date(now + offsetHours * 3600_000);
  return `${String(d.getUTCHours()).padStart(2, '0')}:${String(d.getUTCMinutes()).padStart(2, '0')}`;
}

function Clock({ offset }: { offset: number }) {
  const { now: serverNow } = useRequiredRootData();
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    setNow(Date.now());
    const id = setInterval(() => setNow(Date.now()), 15_000);
    return () => clearInterval(id);
  }, []);
  return (
    <time className={styles.clock} suppressHydrationWarning>
      {clockAt(now, offset)}
    </time>
  );
}

/** The slim bar above the main header: time zone and clock, odds format, theme, language, support. */
export function UtilityBar() {
  const { t } = useTranslation();
  const settings = useSettings();
  const paths = usePaths();
  const location = useLocation();
  return (
    <div className={styles.utility}>
      <div className={styles.inner}>
        <div className={styles.utilityGroup}>
          <Clock offset={settings.timeZone} />
          <label className={styles.inlineSelect}>
            <span className="visually-hidden">{t('header_time_zone')}</span>
            <select value={settings.timeZone} onChange={(e) => settings.setTimeZone(Number(e.target.value))}>
              {OFFSETS.map((o) => (
                <option key={o} value={o}>
                  {gmtLabel(o)}
                </option>
              ))}
            </select>
          </label>
          <label className={styles.inlineSelect}>
            <span className={styles.utilityLabel}>{t('header_odds_format')}</span>
            <select
              value={settings.oddsFormat}
              onChange={(e) => {
                const id = Number(e.target.value);
                if (isCoefViewId(id)) settings.setOddsFormat(id);
              }}
            >
              {ODDS_FORMAT_OPTIONS.map(([id, key]) => (
                <option key={id} value={id}>
                  {t(key)}
                </option>
              ))}
            </select>
          </label>
          <label className={styles.inlineSelect}>
            <span className="visually-hidden">{t('header_market_names')}</span>
            <select value={settings.marketsNameType} onChange={(e) => settings.setMarketsNameType(e.target.value === '1' ? 1 : 0)}>
              <option value={0}>{t('header_market_names_full')}</option>
              <option value={1}>{t('header_market_names_short')}</option>
            </select>
          </label>
        </div>
        <div className={styles.utilityGroup}>
          <Link className={styles.utilityLink} to={paths.to('info-responsiblegaming')}>
            <span className={styles.age} aria-hidden="true">
              18+
            </span>
            {t('footer_responsible_gaming')}
          </Link>
          <Link className={styles.utilityLink} to={`${location.pathname}${searchWithModal(location.search, 'user-question')}`} preventScrollReset>
            {t('header_support')}
          </Link>
          <button
            type="button"
            className={styles.themeToggle}
            aria-pressed={settings.theme === 'dark'}
            onClick={() => settings.setTheme(settings.theme === 'dark' ? 'light' : 'dark')}
          >
            {t('header_dark_theme')}
          </button>
          <LanguageSwitcher />
        </div>
      </div>
    </div>
  );
}
