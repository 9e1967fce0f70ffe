/** Building blocks of page modules: the leaf route, its heading, empty states and side panels. */
import type { ReactNode } from 'react';
import { useMatches } from 'react-router';
import { Link } from './link.tsx';
import { useTranslation } from '../i18n/react.tsx';
import { routeByName, type RouteDef } from '@betsite/domain';
import styles from './page-kit.module.css';

/** The route-table entry of the page being shown. */
export function usePageRoute(): RouteDef {
  const matches = useMatches();
  const leaf = matches.at(-1);
  const route = leaf ? routeByName(leaf.id) : undefined;
  if (!route) throw new Error(`no route-table entry for ${leaf?.id ?? 'nothing'}`);
  return route;
}

/** The page's `<h1>` from its route's `titleKey` (`main` dictionary). */
export function PageHeading({ children, after }: { children?: ReactNode; after?: ReactNode }) {
  const { t } = useTranslation();
  const route = usePageRoute();
  return (
    <div className={styles.headingRow}>
      <h1 id="page-title" className={styles.heading}>
        {children ?? t(route.titleKey)}
      </h1>
      {after}
    </div>
  );
}

export interface OnwardLink {
  to: string;
  label: string;
  primary?: boolean;
}

/** An honest empty state: what is (not) here, why, and where to go instead. */
export function EmptyState({ title, text, links = [], icon = '◎', headingLevel = 2 }: { title: string; text?: ReactNode; links?: OnwardLink[]; icon?: string; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className={styles.empty}>
      <span className={styles.emptyIcon} aria-hidden="true">
        {icon}
      </span>
      <Heading className={styles.emptyTitle}>{title}</Heading>
      {text ? <p className={styles.emptyText}>{text}</p> : null}
      {links.length > 0 ? (
        <ul className={styles.emptyLinks}>
          {links.map((l) => (
            <li key={l.to + l.label}>
              <Link to={l.to} className={l.primary ? 'btn btn-primary' : 'btn btn-ghost'}>
                {l.label}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** A titled block of a page. */
export function Panel({ title, children, id, className }: { title?: string; children: ReactNode; id?: string; className?: string }) {
  return (
    <section className={`${styles.panel} ${className ?? ''}`} aria-labelledby={title ? id : undefined}>
      {title ? (
        <h2 id={id} className={styles.panelTitle}>
          {title}
        </h2>
      ) : null}
      {children}
    </section>
  );
}

export { styles as pageStyles };
