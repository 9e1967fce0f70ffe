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
 */
import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';

export const securityPlugin = fp<{ https: boolean }>(
  async (app, { https }) => {
    await app.register(helmet, {
      global: true,
      enableCSPNonces: true,
      contentSecurityPolicy: {
        useDefaults: true,
        directives: {
          'default-src': ["'self'"],
          'script-src': ["'self'"],
          'style-src': ["'self'"],
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
    });
  },
  { name: 'security' },
);
