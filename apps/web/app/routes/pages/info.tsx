/** Information pages and rules: SPEC §2. Texts live in the `info` dictionary. */
import { useLocation } from 'react-router';
import { Link } from '../../shell/link.tsx';
import { useTranslation } from '../../i18n/react.tsx';
import type { Route } from './+types/info';
import { usePaths } from '../../config/paths.ts';
import { useRequiredRootData } from '../../config/root-data.ts';
import { searchWithModal } from '../../features/modals/index.ts';
import { BET_TYPES_RULE_GROUP, BetTypeRules } from '../../features/rules/index.ts';
import { PageHeading, Panel, pageStyles, usePageRoute } from '../../shell/page-kit.tsx';
import { pageMeta } from '../../shell/page-meta.ts';

export const meta: Route.MetaFunction = (args) => pageMeta(args);

/** `info-about` → `about`, `rules` → `rules`, `info-cash-terminals` → `cash_terminals`. */
export function infoTextKey(routeName: string): string {
  if (routeName === 'rules' || routeName === 'football-champions-rules') return 'rules';
  return routeName.replace(/^info-/, '').replace(/-/g, '_');
}

/** Sections `{key}_s1_title` / `{key}_s1_text`, … as long as the dictionary has them. */
function Sections({ textKey }: { textKey: string }) {
  const { t, i18n } = useTranslation('info');
  const { site } = useRequiredRootData();
  const sections: { title: string; text: string }[] = [];
  for (let n = 1; n <= 12 && i18n.exists(`info:${textKey}_s${n}_title`); n++) {
    sections.push({ title: t(`${textKey}_s${n}_title`), text: t(`${textKey}_s${n}_text`, { company: site.companyName }) });
  }
  return (
    <>
      {sections.map((s) => (
        <section key={s.title} aria-label={s.title}>
          <h2>{s.title}</h2>
          {s.text.split('\n').map((p) => (
            <p key={p}>{p}</p>
          ))}
        </section>
      ))}
    </>
  );
}

export default function InfoPage({ params }: Route.ComponentProps) {
  const { t, i18n } = useTranslation('info');
  const paths = usePaths();
  const route = usePageRoute();
  const location = useLocation();
  const { site } = useRequiredRootData();
  const textKey = infoTextKey(route.name);
  const ruleGroup = (params as { ruleGroup?: string }).ruleGroup;
  // Rule groups: 1 the general rules, 2 the bet types with their worked examples.
  const betTypes = route.name === 'rules' && ruleGroup === BET_TYPES_RULE_GROUP;
  const unknownRuleGroup = route.name === 'rules' && ruleGroup !== '1' && !betTypes;
  return (
    <>
      <PageHeading>{betTypes ? `${t('main:info_rules')}: ${t('rules_group_bet_types')}` : undefined}</PageHeading>
      <div className={pageStyles.twoCols}>
        <Panel title={t('nav_title')} id="info-nav">
          <nav aria-label={t('nav_title')}>
            <ul className={pageStyles.linkList}>
              <li>
                <Link to={paths.to('rules', { ruleGroup: 1 })} aria-current={route.name === 'rules' && !betTypes ? 'page' : undefined}>
                  {t('main:info_rules')}
                </Link>
              </li>
              <li>
                <Link to={paths.to('rules', { ruleGroup: BET_TYPES_RULE_GROUP })} aria-current={betTypes ? 'page' : undefined}>
                  {t('rules_group_bet_types')}
                </Link>
              </li>
              {(['info-about', 'info-contacts', 'info-responsiblegaming', 'info-cookies', 'info-howbet', 'info-licenses', 'info-amlkyc', 'info-kycpolicy', 'info-disputeresolution', 'info-taxation'] as const).map((name) => (
                <li key={name}>
                  <Link to={paths.to(name)} aria-current={route.name === name ? 'page' : undefined}>
                    {t(`main:info_${name.replace(/^info-/, '')}`)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </Panel>
        {/* The bet types' tables want the column's full width, not a prose measure. */}
        <article className={`${pageStyles.panel} ${betTypes ? '' : pageStyles.prose}`} aria-labelledby="page-title">
          {betTypes ? (
            <BetTypeRules />
          ) : unknownRuleGroup ? (
            <>
              <p>{t('rules_group_missing')}</p>
              <Link to={paths.to('rules', { ruleGroup: 1 })}>{t('rules_group_general')}</Link>
            </>
          ) : (
            <>
              <p>{t(`${textKey}_intro`, { company: site.companyName, defaultValue: t('generic_intro', { company: site.companyName }) })}</p>
              {i18n.exists(`info:${textKey}_s1_title`) ? <Sections textKey={textKey} /> : <p>{t('generic_more')}</p>}
              {route.name === 'rules' ? (
                <p>
                  <Link to={paths.to('rules', { ruleGroup: BET_TYPES_RULE_GROUP })}>{t('rules_bet_types_link')}</Link>
                </p>
              ) : null}
            </>
          )}
          {route.name === 'info-contacts' || !i18n.exists(`info:${textKey}_s1_title`) ? (
            <p>
              <Link className="btn btn-primary" to={`${location.pathname}${searchWithModal(location.search, 'user-question')}`} preventScrollReset>
                {t('contact_support')}
              </Link>
            </p>
          ) : null}
        </article>
      </div>
    </>
  );
}
