/**
 * React Router matches a document request against the whole route table three times (the
 * request handler, the static handler's query, and the partial manifest of the render), and
 * each match walks every branch: with ~170 routes and their optional segments exploded that
 * was about a tenth of a page's CPU. A page needs only the routes its url and the url's
 * parent paths match (those are what the render's partial manifest sends to the browser
 * under lazy route discovery), so a document is rendered by a handler over the build cut
 * down to exactly those routes. The routes are found by React Router's own matching over
 * the full table (a static handler of the bare route tree, no loaders), once per path
 * (remembered), so the cut build matches what the whole one would: the best route of a path
 * is in the cut, and the cut keeps the table's order.
 */
import { createRequestHandler, createStaticHandler, type RouteObject, type ServerBuild } from 'react-router';

type RequestHandler = ReturnType<typeof createRequestHandler>;

export class RouteSubsets {
  private readonly matcher: ReturnType<typeof createStaticHandler>;
  private readonly idsByPath = new Map<string, string>();
  private readonly handlers = new Map<string, RequestHandler>();

  constructor(
    private readonly build: ServerBuild,
    private readonly maxPaths = 5_000,
  ) {
    this.matcher = createStaticHandler(routeTree(build));
  }

  /** Cutting applies under lazy route discovery only (otherwise the whole manifest goes to the browser). */
  static applies(build: ServerBuild): boolean {
    return build.routeDiscovery.mode === 'lazy' && build.ssr;
  }

  /** The handler for a document at `pathname`. */
  async handlerFor(pathname: string): Promise<RequestHandler> {
    const key = await this.idsOf(pathname);
    let handler = this.handlers.get(key);
    if (!handler) {
      handler = createRequestHandler(cutBuild(this.build, new Set(key.split('\n'))), 'production');
      this.handlers.set(key, handler);
    }
    return handler;
  }

  /** The ids of the routes `pathname` and its parent paths match (as React Router's getPartialManifest walks them), in table order. */
  async routeIdsOf(pathname: string): Promise<string[]> {
    return (await this.idsOf(pathname)).split('\n');
  }

  private async idsOf(pathname: string): Promise<string> {
    const known = this.idsByPath.get(pathname);
    if (known !== undefined) return known;
    // The root renders every page (and is all an unmatched path gets).
    const matched = new Set<string>(Object.values(this.build.routes).flatMap((r) => (r !== undefined && r.parentId === undefined ? [r.id] : [])));
    const add = async (path: string) => {
      const answer = await this.matcher.query(new Request(`http://internal${path}`));
      if (answer instanceof Response) return;
      // A path nothing matches answers the root with a 404; the partial manifest adds nothing then.
      if (answer.statusCode === 404) return;
      for (const m of answer.matches) matched.add(m.route.id);
    };
    await add(pathname);
    const segments = pathname.split('/').filter(Boolean);
    segments.pop();
    await add('/');
    while (segments.length > 0) {
      await add(`/${segments.join('/')}`);
      segments.pop();
    }
    const key = Object.keys(this.build.routes)
      .filter((id) => matched.has(id))
      .join('\n');
    // Bounded: any path can be asked for; the oldest are forgotten first.
    if (this.idsByPath.size >= this.maxPaths) {
      const oldest = this.idsByPath.keys().next().value;
      if (oldest !== undefined) this.idsByPath.delete(oldest);
    }
    this.idsByPath.set(pathname, key);
    return key;
  }
}

/** The build's route manifest as the route tree React Router builds from it (children in manifest order). */
function routeTree(build: ServerBuild): RouteObject[] {
  const byParent = new Map<string | undefined, RouteObject[]>();
  for (const route of Object.values(build.routes)) {
    if (route === undefined) continue;
    const node: RouteObject = route.index
      ? { id: route.id, index: true, path: route.path, caseSensitive: route.caseSensitive }
      : { id: route.id, path: route.path, caseSensitive: route.caseSensitive, children: [] };
    const siblings = byParent.get(route.parentId) ?? [];
    siblings.push(node);
    byParent.set(route.parentId, siblings);
  }
  const attach = (nodes: RouteObject[]): RouteObject[] =>
    nodes.map((node) => (node.index ? node : { ...node, children: attach(byParent.get(node.id) ?? []) }));
  return attach(byParent.get(undefined) ?? []);
}

function pick<T>(record: Readonly<Record<string, T>>, ids: ReadonlySet<string>): Record<string, T> {
  return Object.fromEntries(Object.entries(record).filter(([id]) => ids.has(id)));
}

function cutBuild(build: ServerBuild, ids: ReadonlySet<string>): ServerBuild {
  return { ...build, routes: pick(build.routes, ids), assets: { ...build.assets, routes: pick(build.assets.routes, ids) } };
}
