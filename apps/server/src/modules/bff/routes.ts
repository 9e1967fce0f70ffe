/** Site configuration for the web client (SPEC §7 bff-api). */
import type { FastifyPluginAsync } from 'fastify';
import { ConfigGroupsQuerySchema, type ConfigGroupsResponse, type SiteConfig } from '@betsite/contracts';
import { parseRequest } from '../../lib/validate.ts';
import { listConfigGroups } from './repository.ts';

export const bffRoutes: FastifyPluginAsync = async (app) => {
  // Always revalidated: a config change must reach the next request. The ETag makes that cheap.
  app.get('/bff-api/config/all.json', async (request, reply) => {
    const { config, version } = await app.siteConfig.getVersioned();
    const etag = `W/"${version}"`;
    reply.header('cache-control', 'no-cache').header('etag', etag);
    if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send();
    return config satisfies SiteConfig;
  });

  // SPEC §7: groups are cached 600–900 s.
  app.get('/bff-api/config/group/get', async (request, reply): Promise<ConfigGroupsResponse> => {
    const { lang } = parseRequest(ConfigGroupsQuerySchema, request.query, 'query');
    const site = await app.siteConfig.get();
    const offered = lang !== undefined && site.languages.some((l) => l.code === lang);
    reply.header('cache-control', 'public, max-age=600, stale-while-revalidate=300');
    return { groups: await listConfigGroups(app.db), lang: offered ? lang : site.defaultLanguage };
  });
};

/** If-None-Match uses weak comparison (RFC 9110 §13.1.2): `W/` prefixes are ignored. */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}
