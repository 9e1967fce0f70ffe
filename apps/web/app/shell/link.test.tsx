import { renderToStaticMarkup } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Link } from './link.tsx';

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
