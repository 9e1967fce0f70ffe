/**
 * Per-request facts every module reads: the request id echoed to the client, the
 * visitor's country from the trusted proxy/CDN header, and the user id (set by the auth
 * plugin once there is one; null for visitors).
 */
import fp from 'fastify-plugin';

export const requestContextPlugin = fp<{ countryHeader: string }>(
  async (app, { countryHeader }) => {
    app.decorateRequest('userId', null);
    app.decorateRequest('country', null);
    app.addHook('onRequest', async (request, reply) => {
      reply.header('x-request-id', request.id);
      request.country = countryFrom(request.headers[countryHeader]);
    });
  },
  { name: 'request-context' },
);

/** ISO 3166-1 alpha-2 in upper case; null when missing or malformed (e.g. Cloudflare's `T1` for Tor). */
function countryFrom(value: string | string[] | undefined): string | null {
  const country = (Array.isArray(value) ? value[0] : value)?.trim().toUpperCase();
  return country && /^[A-Z]{2}$/.test(country) ? country : null;
}
