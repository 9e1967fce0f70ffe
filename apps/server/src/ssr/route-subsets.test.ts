import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { matchRoutes, type RouteObject, type ServerBuild } from 'react-router';
import { ROUTES, buildRestPath } from '@betsite/domain';
import { RouteSubsets } from './route-subsets.ts';

type Manifest = ServerBuild['routes'];

/** The route manifest the web build has (apps/web/app/routes.ts): ROUTES under `:lng`, two catch-alls. */
function webManifest(): Manifest {
  const routes: Manifest = {};
  const add = (id: string, parentId: string | undefined, path: string | undefined, index = false) => {
    routes[id] = { id, parentId, path, index, caseSensitive: undefined, module: {} as never };
  };
  add('root', undefined, '');
  add('lng', 'root', ':lng');
  for (const r of ROUTES) add(r.name, 'lng', r.path === '' ? undefined : r.path, r.path === '');
  add('not-found', 'lng', '*');
  add('root-not-found', 'root', '*');
  return routes;
}

function buildOf(routes: Manifest): ServerBuild {
  const assetRoutes = Object.fromEntries(Object.keys(routes).map((id) => [id, { id }]));
  return { routes, assets: { routes: assetRoutes }, routeDiscovery: { mode: 'lazy', manifestPath: '/__manifest' }, ssr: true } as unknown as ServerBuild;
}

function treeOf(routes: Manifest, ids?: readonly string[]): RouteObject[] {
  const nodes = Object.values(routes).filter((r) => r !== undefined && (ids === undefined || ids.includes(r.id)));
  const children = (parentId: string | undefined): RouteObject[] =>
    nodes
      .filter((r) => r!.parentId === parentId)
      .map((r) => (r!.index ? { id: r!.id, index: true } : { id: r!.id, path: r!.path, children: children(r!.id) }));
  return children(undefined);
}

const idsOf = (tree: RouteObject[], path: string): string[] => (matchRoutes(tree, path) ?? []).map((m) => m.route.id ?? '');

/** Matching the whole table flattens and ranks it each time: remember its answers. */
function memo(fn: (path: string) => string[]): (path: string) => string[] {
  const known = new Map<string, string[]>();
  return (path) => known.get(path) ?? known.set(path, fn(path)).get(path)!;
}

/** Paths of every route with sample params, plus odd ones: unknown, upper case, encoded, doubled slashes. */
function samplePaths(): string[] {
  const paths = ['/', '/en', '/en/', '/ru/line', '/xx/nowhere/at/all', '/EN/LINE/Football', '/en//line', '/en/line/%20x', '/en/casino/slots/game/12'];
  for (const r of ROUTES) {
    const params = Object.fromEntries([...r.path.matchAll(/:(\w+)/g)].map(([, name]) => [name!, `p-${name}`]));
    paths.push(`/en/${buildRestPath(r.name, params)}`, `/de/${buildRestPath(r.name, params)}/extra`);
  }
  return paths;
}

describe('RouteSubsets', () => {
  const routes = webManifest();
  const full = treeOf(routes);
  const subsets = new RouteSubsets(buildOf(routes));

  it('keeps the routes the path and its parent paths match, in table order', async () => {
    expect(await subsets.routeIdsOf('/en/')).toEqual(['root', 'lng', 'home']);
    expect(await subsets.routeIdsOf('/')).toEqual(['root']);
    const ids = await subsets.routeIdsOf('/en/line/football');
    expect(ids).toContain('line');
    expect(ids).toContain('home'); // `/en` is a parent path
    expect(ids.length).toBeLessThan(8);
  });

  it('matches every path and its parents exactly as the whole table does', async () => {
    const fullIds = memo((path) => idsOf(full, path));
    const check = async (path: string) => {
      const cut = treeOf(routes, await subsets.routeIdsOf(path));
      expect(idsOf(cut, path), path).toEqual(fullIds(path));
      const segments = path.split('/').filter(Boolean);
      segments.pop();
      for (; segments.length > 0; segments.pop()) expect(idsOf(cut, `/${segments.join('/')}`)).toEqual(fullIds(`/${segments.join('/')}`));
    };
    for (const path of samplePaths()) await check(path);
    const segment = fc.oneof(fc.constantFrom('en', 'line', 'live', 'casino', 'office', 'game', 'slots', 'bonus', 'x'), fc.stringMatching(/^[a-z0-9-]{1,6}$/));
    await fc.assert(fc.asyncProperty(fc.array(segment, { maxLength: 7 }), fc.boolean(), (parts, slash) => check(`/${parts.join('/')}${slash ? '/' : ''}`)), { numRuns: 60 });
  }, 120_000);

  it('gives one handler per set of routes', async () => {
    expect(await subsets.handlerFor('/en/line/football')).toBe(await subsets.handlerFor('/en/line/tennis'));
    expect(await subsets.handlerFor('/en/')).not.toBe(await subsets.handlerFor('/en/line/football'));
  });

  it('remembers a bounded number of paths', async () => {
    const small = new RouteSubsets(buildOf(routes), 3);
    for (const p of ['/en/a', '/en/b', '/en/c', '/en/d']) await small.routeIdsOf(p);
    expect((small as unknown as { idsByPath: Map<string, string> }).idsByPath.size).toBe(3);
  });

  it('applies under lazy route discovery with SSR only', () => {
    expect(RouteSubsets.applies(buildOf(routes))).toBe(true);
    expect(RouteSubsets.applies({ ...buildOf(routes), routeDiscovery: { mode: 'initial' } } as ServerBuild)).toBe(false);
  });
});
