/**
 * Security headers (helmet). The Content-Security-Policy fits a server-rendered React app:
 * scripts only from our origin plus inline scripts carrying the per-request nonce
 * (`reply.cspNonce.script`; the SSR plugin passes it to React/React Router so the hydration
 * script runs). Inline <style> elements need `reply.cspNonce.style`. React `style={…}`
 * attributes are allowed by `style-src-attr 'unsafe-inline'`: with a nonce present,
 * browsers ignore 'unsafe-inline' in style-src, and style attributes cannot run code.
 * Workers (the captcha widget's) come from our origin as files: `worker-src 'self'`, the
 * same as the script-src fallback it replaces, so blob: workers stay refused.
 * HSTS and upgrade-insecure-requests only apply when the public origin is https: on a
 * plain-http local run they would break every subresource.
 *
 * Helmet works out the headers once, at start, with placeholders for the nonces; a request
 * only gets its nonces spliced in. (@fastify/helmet built a new helmet middleware, directives
 * parsed again, on every request: 4–6 % of an API call's CPU, issue 14.) Routes that need
 * another policy (the sandbox pages) set their own header in the handler, after this.
 */
import { randomHex } from '../lib/random-pool.ts';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

declare module 'fastify' {
  interface FastifyReply {
    /** This answer's CSP nonces (hex): inline scripts and <style> elements carry them. */
    cspNonce: { script: string; style: string };
  }
}

const SCRIPT_NONCE = 'SCRIPTNONCE';
const STYLE_NONCE = 'STYLENONCE';

function options(https: boolean): HelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'", `'nonce-${SCRIPT_NONCE}'`],
        'style-src': ["'self'", `'nonce-${STYLE_NONCE}'`],
        'style-src-attr': ["'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'https:'],
        'font-src': ["'self'", 'data:'],
        'connect-src': ["'self'"],
        // Web workers (the captcha's proof of work) only from our own files: no blob: or data: workers.
        'worker-src': ["'self'"],
        // Remote apps (SPEC §1) are hosted inside our pages; widen when their origins are known.
        'frame-src': ["'self'"],
        'frame-ancestors': ["'self'"],
        'object-src': ["'none'"],
        'base-uri': ["'self'"],
        'form-action': ["'self'"],
        'upgrade-insecure-requests': https ? [] : null,
      },
    },
    strictTransportSecurity: https ? { maxAge: 15552000, includeSubDomains: true } : false,
  };
}

/** The headers helmet sets for `options`, as [name, value] pairs (lower-case names). */
export function helmetHeaders(helmetOptions: HelmetOptions): [string, string][] {
  const headers = new Map<string, string>();
  const sink = {
    setHeader: (name: string, value: unknown) => headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  };
  helmet(helmetOptions)({} as IncomingMessage, sink as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return [...headers];
}

export const securityPlugin = fp<{ https: boolean }>(
  async (app, { https }) => {
    const headers = helmetHeaders(options(https));
    const fixed = headers.filter(([name]) => name !== 'content-security-policy');
    const policy = headers.find(([name]) => name === 'content-security-policy')?.[1];
    if (!policy?.includes(SCRIPT_NONCE) || !policy.includes(STYLE_NONCE)) throw new Error('security: the policy lost its nonce placeholders');

    // Set by the hook below on every request (null only until then).
    app.decorateReply('cspNonce', null as unknown as FastifyReply['cspNonce']);
    app.addHook('onRequest', (_request, reply, done) => {
      const random = randomHex(32);
      const nonce = { script: random.slice(0, 32), style: random.slice(32) };
      reply.cspNonce = nonce;
      for (const [name, value] of fixed) reply.header(name, value);
      reply.header('content-security-policy', policy.replace(SCRIPT_NONCE, nonce.script).replace(STYLE_NONCE, nonce.style));
      done();
    });
  },
  { name: 'security' },
);
