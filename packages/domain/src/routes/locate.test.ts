import { describe, expect, it } from 'vitest';
import { formatLocation, locateRoute, parseLocation } from './locate.ts';

describe('parseLocation', () => {
  it.each([
    ['/en/line?x=1#top', { pathname: '/en/line', search: '?x=1', hash: '#top' }],
    ['/en/', { pathname: '/en/', search: '', hash: '' }],
    ['?a=b', { pathname: '/', search: '?a=b', hash: '' }],
    ['/x#h?not-query', { pathname: '/x', search: '', hash: '#h?not-query' }],
    ['/x?#', { pathname: '/x', search: '', hash: '' }],
  ])('%s', (href, location) => {
    expect(parseLocation(href)).toEqual(location);
  });

  it('formats back', () => expect(formatLocation(parseLocation('/en/line?x=1#top'))).toBe('/en/line?x=1#top'));
});

describe('locateRoute', () => {
  it.each([
    ['/en/office/history', 'en', 'office-history'],
    ['/line/football', null, 'line'],
    ['/en/no-such-page', 'en', null],
  ])('%s', (pathname, lng, name) => {
    const located = locateRoute(pathname);
    expect(located.lng).toBe(lng);
    expect(located.route?.name ?? null).toBe(name);
  });
});
