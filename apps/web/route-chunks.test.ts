import { describe, expect, it } from 'vitest';
import { filesAlwaysAbove, type RouteEntry } from './route-chunks.ts';

const routes: Record<string, RouteEntry> = {
  root: { id: 'root', file: 'root.tsx' },
  lng: { id: 'lng', parentId: 'root', file: 'routes/language-layout.tsx' },
  home: { id: 'home', parentId: 'lng', file: 'routes/pages/home.tsx' },
  sports: { id: 'sports', parentId: 'lng', file: 'routes/pages/sports.tsx' },
  multi: { id: 'multi', parentId: 'lng', file: 'routes/pages/sports.tsx' },
  'not-found': { id: 'not-found', parentId: 'lng', file: 'routes/not-found.tsx' },
  'root-not-found': { id: 'root-not-found', parentId: 'root', file: 'routes/not-found.tsx' },
};

describe('filesAlwaysAbove', () => {
  it('names the files of every route above a route file, nearest first', () => {
    const above = filesAlwaysAbove(routes);
    expect(above.get('root.tsx')).toEqual([]);
    expect(above.get('routes/language-layout.tsx')).toEqual(['root.tsx']);
    expect(above.get('routes/pages/home.tsx')).toEqual(['routes/language-layout.tsx', 'root.tsx']);
    expect(above.get('routes/pages/sports.tsx')).toEqual(['routes/language-layout.tsx', 'root.tsx']);
  });

  it('keeps only what is above a file in every route that uses it', () => {
    // The catch-all page is under the language layout and, for an unknown language, right under the root.
    expect(filesAlwaysAbove(routes).get('routes/not-found.tsx')).toEqual(['root.tsx']);
  });

  it('never makes a file import itself (a layout that is its own child)', () => {
    const nested = { ...routes, inner: { id: 'inner', parentId: 'home', file: 'routes/pages/home.tsx' } };
    expect(filesAlwaysAbove(nested).get('routes/pages/home.tsx')).toEqual(['routes/language-layout.tsx', 'root.tsx']);
  });
});
