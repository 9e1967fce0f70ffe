/** HTTP face of the sandbox identity provider (see provider.ts), under `/sandbox-idp`. */
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { z } from 'zod';
import { isStorableText, text as textField } from '@betsite/contracts';
import { sandboxIssuer } from '../origin.ts';
import { identityFrom } from './identities.ts';
import { authorizePage, errorPage } from './pages.ts';
import { SANDBOX_PATH, type SandboxIdp } from './provider.ts';

/** The parameters of an authorization request the consent form carries along. */
const AUTHORIZE_PARAMS = ['response_type', 'client_id', 'redirect_uri', 'scope', 'state', 'nonce', 'code_challenge', 'code_challenge_method'] as const;

const OneTapRequestSchema = z
  .object({
    client_id: textField().max(128),
    nonce: textField().max(256).optional(),
    identity: textField().max(16),
    sub: textField().max(256).optional(),
    name: textField().max(256).optional(),
    email: textField().max(256).optional(),
    email_verified: z.boolean().optional(),
  })
  .strip();

/** Equal as URLs (`http://host:80/x` is `http://host/x`). */
export const sameUrl = (a: string | undefined, b: string) => a !== undefined && URL.canParse(a) && new URL(a).href === new URL(b).href;

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

export const sandboxIdpRoutes = (idp: SandboxIdp, publicOrigin: string | undefined): FastifyPluginAsync =>
  async (app) => {
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 8192 }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      reply.header('referrer-policy', 'no-referrer');
      // Like a real provider's page, another origin as far as the browser is concerned: no cookies of ours, no script.
      if (String(reply.getHeader('content-type') ?? '').startsWith('text/html')) {
        reply.header('content-security-policy', "sandbox allow-forms; default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'");
      }
    });

    const html = (reply: FastifyReply, status: number, body: string) => reply.code(status).type('text/html; charset=utf-8').send(body);

    /**
     * Checks an authorization request. Client and redirect_uri problems are shown here (never
     * redirect to an unregistered address); others go back to the client as `error=`.
     */
    const check = (issuer: string, params: Record<string, string>): { page: string } | { redirectError: string } | null => {
      if (params.client_id !== idp.clientId) return { page: 'Unknown client_id.' };
      if (!sameUrl(params.redirect_uri, idp.redirectUriFor(issuer))) return { page: 'redirect_uri is not registered for this client.' };
      if (params.response_type !== 'code') return { redirectError: 'unsupported_response_type' };
      if (!params.scope?.split(' ').includes('openid')) return { redirectError: 'invalid_scope' };
      if (params.code_challenge_method !== 'S256' || !/^[A-Za-z0-9_-]{43}$/.test(params.code_challenge ?? '')) return { redirectError: 'invalid_request' };
      return null;
    };
    const back = (issuer: string, params: Record<string, string>, answer: Record<string, string>) => {
      const url = new URL(params.redirect_uri ?? '');
      for (const [name, value] of Object.entries(answer)) url.searchParams.set(name, value);
      if (params.state) url.searchParams.set('state', params.state);
      url.searchParams.set('iss', issuer);
      return url.href;
    };
    /** The authorization request's parameters; null when one is not storable text of at most 2048 characters (the contracts' rule). */
    const pick = (source: unknown): Record<string, string> | null => {
      const record = (typeof source === 'object' && source !== null ? source : {}) as Record<string, unknown>;
      const params = Object.fromEntries(AUTHORIZE_PARAMS.map((name) => [name, text(record[name])]).filter(([, v]) => v !== '')) as Record<string, string>;
      return Object.values(params).every((v) => v.length <= 2048 && isStorableText(v)) ? params : null;
    };
    const malformed = (reply: FastifyReply) => html(reply, 400, errorPage('Malformed authorization request.'));

    app.get(`${SANDBOX_PATH}/.well-known/openid-configuration`, async (request) => idp.discovery(sandboxIssuer(request, publicOrigin)));
    app.get(`${SANDBOX_PATH}/jwks`, async () => ({ keys: [idp.key.publicJwk] }));

    app.get(`${SANDBOX_PATH}/authorize`, async (request, reply) => {
      const issuer = sandboxIssuer(request, publicOrigin);
      const params = pick(request.query);
      if (!params) return malformed(reply);
      const problem = check(issuer, params);
      if (problem && 'page' in problem) return html(reply, 400, errorPage(problem.page));
      if (problem) return reply.redirect(back(issuer, params, { error: problem.redirectError }), 303);
      return html(reply, 200, authorizePage(params, 'Betsite'));
    });

    app.post(`${SANDBOX_PATH}/authorize`, async (request, reply) => {
      const issuer = sandboxIssuer(request, publicOrigin);
      const body = (request.body ?? {}) as Record<string, unknown>;
      const params = pick(body);
      if (!params) return malformed(reply);
      const problem = check(issuer, params);
      if (problem && 'page' in problem) return html(reply, 400, errorPage(problem.page));
      if (problem) return reply.redirect(back(issuer, params, { error: problem.redirectError }), 303);
      if (body.action !== 'allow') {
        return reply.redirect(back(issuer, params, { error: 'access_denied', error_description: 'The user cancelled' }), 303);
      }
      const identity = identityFrom(body);
      if (!identity) return html(reply, 400, authorizePage(params, 'Betsite', 'Choose an identity, or give another one a subject id (letters, digits, . _ @ -).'));
      const code = await idp.issueCode({
        clientId: params.client_id ?? '',
        redirectUri: params.redirect_uri ?? '',
        codeChallenge: params.code_challenge ?? '',
        nonce: params.nonce ?? null,
        identity,
      });
      return reply.redirect(back(issuer, params, { code }), 303);
    });

    app.post(`${SANDBOX_PATH}/token`, async (request, reply) => {
      const form = Object.fromEntries(Object.entries((request.body ?? {}) as Record<string, unknown>).map(([k, v]) => [k, text(v)]));
      const result = await idp.exchange(sandboxIssuer(request, publicOrigin), form, request.headers.authorization);
      if (result.ok) return reply.header('pragma', 'no-cache').send(result.body);
      if (result.status === 401) reply.header('www-authenticate', 'Basic realm="sandbox-idp"');
      return reply.code(result.status).send({ error: result.error, error_description: result.description });
    });

    // The sandbox's one-tap prompt: the page asks for a credential for a chosen identity.
    app.post(`${SANDBOX_PATH}/one-tap/credential`, async (request, reply) => {
      const parsed = OneTapRequestSchema.safeParse(request.body);
      if (!parsed.success || parsed.data.client_id !== idp.clientId) return reply.code(400).send({ error: 'invalid_request' });
      const identity = identityFrom(parsed.data);
      if (!identity) return reply.code(400).send({ error: 'invalid_request' });
      return { credential: await idp.idToken(sandboxIssuer(request, publicOrigin), identity, parsed.data.nonce ?? null) };
    });
  };
