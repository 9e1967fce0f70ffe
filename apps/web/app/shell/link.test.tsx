import { renderToStaticMarkup } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import { isActiveLink, Link, NavLink } from './link.tsx';

describe('Link', () => {
  it('renders an absolute path as a plain anchor that React Router discovers, without a router', () => {
    const html = renderToStaticMarkup(
      <Link to="/en/live" className="row" aria-label="Live">
        Live
      </Link>,
    );
    expect(html).toBe('<a class="row" aria-label="Live" href="/en/live" data-discover="true">Live</a>');
  });

  it('keeps its own props off the anchor (replace, preventScrollReset, reloadDocument, prefetch)', () => {
    const html = renderToStaticMarkup(
      <>
        <Link to="/en/" replace preventScrollReset reloadDocument>
          Home
        </Link>
        <Link to="/en/line/1" prefetch="intent">
          Game
        </Link>
      </>,
    );
    expect(html).toBe('<a href="/en/" data-discover="true">Home</a><a href="/en/line/1" data-discover="true">Game</a>');
  });

  it("leaves a relative target to React Router's Link, which resolves it against the route", () => {
    const Stub = createRoutesStub([{ path: '/en/casino', Component: () => <Link to="?modal=registration">Join</Link> }]);
    const html = renderToStaticMarkup(<Stub initialEntries={['/en/casino']} />);
    expect(html).toContain('href="/en/casino?modal=registration"');
  });
});

describe('NavLink', () => {
  it('marks the link to the page shown, and its parents unless they end there, as React Router does', () => {
    expect(isActiveLink('/en/live', '/en/live', true)).toBe(true);
    expect(isActiveLink('/en/live/football', '/en/live', false)).toBe(true);
    expect(isActiveLink('/en/live/football', '/en/live', true)).toBe(false);
    expect(isActiveLink('/en/livestream', '/en/live', false)).toBe(false);
    expect(isActiveLink('/en/live/', '/en/live/', true)).toBe(true);
    expect(isActiveLink('/en/live/tennis', '/en/live/', false)).toBe(true);
    expect(isActiveLink('/EN/Live', '/en/live?x=1', true)).toBe(true);
    expect(isActiveLink('/en/', '/en/live', false)).toBe(false);
  });

  it('renders aria-current and the active class on the page shown, the class function otherwise', () => {
    const Page = () => (
      <>
        <NavLink to="/en/live">Live</NavLink>
        <NavLink to="/en/" end className="chip">
          Home
        </NavLink>
        <NavLink to="/en/live/football" className={({ isActive }) => (isActive ? 'on' : 'off')}>
          Football
        </NavLink>
      </>
    );
    const Stub = createRoutesStub([{ path: '/en/live/football', Component: Page }]);
    const html = renderToStaticMarkup(<Stub initialEntries={['/en/live/football']} />);
    expect(html).toContain('<a class="active" aria-current="page" href="/en/live" data-discover="true">Live</a>');
    expect(html).toContain('<a class="chip" href="/en/" data-discover="true">Home</a>');
    expect(html).toContain('<a class="on" aria-current="page" href="/en/live/football" data-discover="true">Football</a>');
  });
});
