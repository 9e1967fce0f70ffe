import { Link } from '../link.tsx';
import { useTranslation } from '../../i18n/react.tsx';
import { usePaths, type Paths, type PathName } from '../../config/paths.ts';
import { useRequiredRootData } from '../../config/root-data.ts';
import { LanguageSwitcher } from '../header/language-switcher.tsx';
import styles from './footer.module.css';

interface Column {
  titleKey: string;
  links: { key: string; to: string }[];
}

const link = (paths: Paths, key: string, name: PathName, params?: Record<string, string | number>) => ({
  key,
  to: (paths.to as (n: PathName, p?: Record<string, string | number>) => string)(name, params),
});

export function footerColumns(paths: Paths): Column[] {
  return [
    {
      titleKey: 'footer_company',
      links: [
        link(paths, 'info_about', 'info-about'),
        link(paths, 'info_contacts', 'info-contacts'),
        link(paths, 'main_partners', 'partners'),
        link(paths, 'main_news', 'news'),
        link(paths, 'main_mobile_apps', 'mobile-apps'),
      ],
    },
    {
      titleKey: 'footer_betting',
      links: [
        link(paths, 'info_rules', 'rules', { ruleGroup: 1 }),
        link(paths, 'info_howbet', 'info-howbet'),
        link(paths, 'main_results', 'results'),
        link(paths, 'main_statistic', 'statistic'),
        link(paths, 'info_betting_calculator', 'info-betting-calculator'),
        link(paths, 'main_betting_alphabet', 'betting-alphabet'),
      ],
    },
    {
      titleKey: 'footer_information',
      links: [
        link(paths, 'info_cookies', 'info-cookies'),
        link(paths, 'info_licenses', 'info-licenses'),
        link(paths, 'info_amlkyc', 'info-amlkyc'),
        link(paths, 'info_amlpolicy', 'info-amlpolicy'),
        link(paths, 'info_kycpolicy', 'info-kycpolicy'),
        link(paths, 'info_disputeresolution', 'info-disputeresolution'),
        link(paths, 'info_taxation', 'info-taxation'),
        link(paths, 'info_consent', 'info-consent'),
      ],
    },
    {
      titleKey: 'footer_responsible',
      links: [
        link(paths, 'info_responsiblegaming', 'info-responsiblegaming'),
        link(paths, 'footer_limits', 'office-responsible'),
        link(paths, 'footer_self_exclusion', 'office-responsible'),
      ],
    },
  ];
}

const PAYMENT_METHODS = ['VISA', 'Mastercard', 'МИР', 'Apple Pay', 'Google Pay', 'Skrill', 'Neteller', 'USDT', 'Bitcoin'];

export function Footer() {
  const { t } = useTranslation();
  const { site, now } = useRequiredRootData();
  const paths = usePaths();
  const year = new Date(now).getUTCFullYear();
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div className={styles.columns}>
          {footerColumns(paths).map((col) => (
            <nav key={col.titleKey} aria-label={t(col.titleKey)} className={styles.column}>
              <h2 className={styles.heading}>{t(col.titleKey)}</h2>
              <ul>
                {col.links.map((l) => (
                  <li key={l.key}>
                    <Link to={l.to}>{t(l.key)}</Link>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
          <section className={styles.column} aria-labelledby="footer-app">
            <h2 id="footer-app" className={styles.heading}>
              {t('footer_app_title')}
            </h2>
            <p className={styles.muted}>{t('footer_app_text')}</p>
            <Link to={paths.to('download-app')} className="btn btn-accent">
              {t('footer_app_download')}
            </Link>
          </section>
        </div>

        <div className={styles.strip}>
          <ul className={styles.payments} aria-label={t('footer_payments')}>
            {PAYMENT_METHODS.map((m) => (
              <li key={m} className={styles.badge}>
                {m}
              </li>
            ))}
          </ul>
          <LanguageSwitcher placement="footer" />
        </div>

        <div className={styles.legal}>
          <Link to={paths.to('info-responsiblegaming')} className={styles.age} aria-label={t('footer_age_label')}>
            18+
          </Link>
          <p>
            {t('footer_legal', { company: site.companyName })} <Link to={paths.to('info-responsiblegaming')}>{t('footer_responsible_gaming')}</Link>
          </p>
          <p className={styles.muted}>
            © {year} {site.companyName}. {t('footer_rights')}
          </p>
        </div>
      </div>
    </footer>
  );
}
