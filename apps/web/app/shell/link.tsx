/**
 * The site's link: an anchor whose plain click navigates inside the app, as React Router's
 * `Link` does, without Link's hooks in every instance (path resolution, location, click
 * handler, prefetch state). A page of the line has a hundred and more links, and Link's hooks
 * were a tenth of its server render (decision 0037). The app's `navigate` is lent to all of
 * them by one `LinkNavigator`; before hydration a click is an ordinary page load.
 *
 * Paths are absolute (`/en/…`, as the path builders make them); anything else (`?modal=…`)
 * is resolved by React Router's Link. `NavLink` is the same anchor marked when it leads to the
 * page shown (the site's menus and chips: sixty of them on every page).
 */
import { useEffect, useState, type AnchorHTMLAttributes, type MouseEvent, type ReactNode } from 'react';
import { Link as RouterLink, PrefetchPageLinks, useLocation, useNavigate, type NavigateFunction } from 'react-router';

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: string;
  replace?: boolean;
  preventScrollReset?: boolean;
  /** A full page load instead of an in-app navigation. */
  reloadDocument?: boolean;
  /** `intent`: the page's modules and data are fetched when the pointer or focus comes to the link. */
  prefetch?: 'intent' | 'none';
  ref?: React.Ref<HTMLAnchorElement>;
}

let appNavigate: NavigateFunction | null = null;

/** Lends the app's `navigate` to every `Link`; rendered once, inside the router. */
export function LinkNavigator() {
  const navigate = useNavigate();
  useEffect(() => {
    appNavigate = navigate;
    return () => {
      if (appNavigate === navigate) appNavigate = null;
    };
  }, [navigate]);
  return null;
}

/** What React Router's Link does with a click: modified, non-primary and other-target clicks are the browser's. */
function navigateInApp(event: MouseEvent<HTMLAnchorElement>, to: string, replace: boolean | undefined, preventScrollReset: boolean | undefined): void {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
  const target = event.currentTarget.getAttribute('target');
  if ((target && target !== '_self') || appNavigate === null) return;
  event.preventDefault();
  const here = window.location.pathname + window.location.search + window.location.hash;
  // A link to the page itself replaces its history entry, as Link does.
  void appNavigate(to, { replace: replace ?? here === to, preventScrollReset });
}

/** The anchor's click: the caller's handler, then the in-app navigation unless the link reloads the document. */
function clickOf({ to, replace, preventScrollReset, reloadDocument, onClick }: LinkProps) {
  return (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (!reloadDocument) navigateInApp(event, to, replace, preventScrollReset);
  };
}

export function Link(props: LinkProps) {
  const { to, replace: _replace, preventScrollReset: _preventScrollReset, reloadDocument: _reloadDocument, prefetch, onClick: _onClick, ...anchor } = props;
  if (!to.startsWith('/') || to.startsWith('//')) return <RouterLink {...props} />;
  if (prefetch === 'intent') return <IntentLink {...props} />;
  return (
    <a
      {...anchor}
      href={to}
      // React Router fetches the routes of rendered links ahead (lazy route discovery).
      data-discover="true"
      onClick={clickOf(props)}
    />
  );
}

/** A link that prefetches its page on intent (pointer or focus), as Link's `prefetch="intent"`. */
function IntentLink(props: LinkProps) {
  const { to, replace: _replace, preventScrollReset: _preventScrollReset, reloadDocument: _reloadDocument, onClick: _onClick, onMouseEnter, onFocus, prefetch: _prefetch, ...anchor } = props;
  const [intent, setIntent] = useState(false);
  return (
    <>
      <a
        {...anchor}
        href={to}
        data-discover="true"
        onMouseEnter={(event) => {
          onMouseEnter?.(event);
          setIntent(true);
        }}
        onFocus={(event) => {
          onFocus?.(event);
          setIntent(true);
        }}
        onClick={clickOf(props)}
      />
      {intent ? <PrefetchPageLinks page={to} /> : null}
    </>
  );
}

export interface NavLinkProps extends Omit<LinkProps, 'className' | 'children'> {
  /** Active only on its own path, not on the paths below it. */
  end?: boolean;
  /** A class, to which `active` is added on the page shown, or the class for the state. */
  className?: string | ((state: { isActive: boolean }) => string | undefined);
  children?: ReactNode;
}

/** React Router's rule: the same path, or (without `end`) a path below it; letters in any case. */
export function isActiveLink(locationPathname: string, to: string, end: boolean): boolean {
  const here = locationPathname.toLowerCase();
  const target = to.toLowerCase().replace(/[?#].*/, '').replace(/(.)\/$/, '$1');
  return here === target || here === `${target}/` || (!end && here.startsWith(target === '/' ? '/' : `${target}/`));
}

/**
 * A `Link` that knows whether it leads to the page shown: `aria-current="page"` and the `active`
 * class, as React Router's NavLink. Menus link to absolute paths; a relative one is never marked.
 */
export function NavLink({ end = false, className, ...props }: NavLinkProps) {
  const { pathname } = useLocation();
  const isActive = props.to.startsWith('/') && isActiveLink(pathname, props.to, end);
  return (
    <Link
      {...props}
      className={typeof className === 'function' ? className({ isActive }) : isActive ? `${className ?? ''} active`.trim() : className}
      aria-current={props['aria-current'] ?? (isActive ? 'page' : undefined)}
    />
  );
}
