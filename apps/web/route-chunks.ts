/**
 * A Vite plugin that tells Rollup what React Router knows: a route's module is only loaded
 * together with the modules of the routes above it (the root and the language layout are on
 * every page). Each route module is an entry of its own, so Rollup did not know it, and code
 * the root and a page both use became a chunk of its own: `/en/` loaded 30 scripts, each
 * with its own HTTP headers (issue 14). In the client build:
 * - a route's module imports the modules of the routes that are above it wherever the file is
 *   used, so what they load stays in their chunks. The import costs nothing in the browser:
 *   the router has loaded those modules first;
 * - a route's chunk may export more than the route's exports (`allow-extension`), so the root's
 *   chunk is the shared code itself instead of a small file that re-exports it.
 */
import { resolve } from 'node:path';
import type { Plugin } from 'vite';

/** How React Router's build names a route's module in the client build (its entry). */
const CLIENT_ROUTE = '?__react-router-build-client-route';

export interface RouteEntry {
  id: string;
  parentId?: string | undefined;
  file: string;
}

/**
 * For each route file, the files of the routes above it in every route that uses it (a file
 * can serve routes with different parents: only what all of them have above counts).
 */
export function filesAlwaysAbove(routes: Readonly<Record<string, RouteEntry>>): Map<string, string[]> {
  const chain = (route: RouteEntry): string[] => {
    const files: string[] = [];
    for (let parent = route.parentId ? routes[route.parentId] : undefined; parent; parent = parent.parentId ? routes[parent.parentId] : undefined) files.push(parent.file);
    return files;
  };
  const above = new Map<string, string[]>();
  for (const route of Object.values(routes)) {
    const files = chain(route).filter((f) => f !== route.file);
    const known = above.get(route.file);
    above.set(route.file, known ? known.filter((f) => files.includes(f)) : files);
  }
  return above;
}

interface ReactRouterContext {
  reactRouterConfig: { appDirectory: string; routes: Record<string, RouteEntry> };
}

export function routeChunks(): Plugin {
  let importsOf = new Map<string, string[]>();
  return {
    name: 'betsite:route-chunks',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    // After React Router's own transform, which writes the route's client module.
    enforce: 'post',
    configResolved(config) {
      // React Router's plugin keeps its resolved config here; without it the build is as before.
      const context = (config as { __reactRouterPluginContext?: ReactRouterContext }).__reactRouterPluginContext;
      if (!context) return;
      const { appDirectory, routes } = context.reactRouterConfig;
      const moduleId = (file: string) => `${resolve(appDirectory, file)}${CLIENT_ROUTE}`;
      importsOf = new Map([...filesAlwaysAbove(routes)].map(([file, above]) => [moduleId(file), above.map(moduleId)]));
    },
    options(options) {
      return importsOf.size > 0 ? { ...options, preserveEntrySignatures: 'allow-extension' } : null;
    },
    transform(code, id) {
      const parents = importsOf.get(id);
      if (!parents) return null;
      // A route module only re-exports; kept whole, so an import of it is not dropped as unused.
      return { code: parents.map((p) => `import ${JSON.stringify(p)};\n`).join('') + code, map: null, moduleSideEffects: 'no-treeshake' };
    },
  };
}
