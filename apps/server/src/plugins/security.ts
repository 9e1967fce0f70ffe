/**
 * Security headers (helmet). The Content-Security-Policy fits a server-rendered React app:
 * scripts only from our origin plus inline scripts carrying the per-request nonce
 * (`reply.cspNonce.script`; the SSR plugin passes it to React/React Router so the hydration
 * script runs). Inline <style> elements need `reply.cspNonce.style`. React `style={…}`
 * attributes are allowed by `style-src-attr 'unsafe-inline'`: with a nonce present,
 * browsers ignore 'unsafe-inline' in style-src, and style attributes cannot run code.
 * In development the policy is report-only so Vite's dev client keeps working.
 */
import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';

export const securityPlugin = fp<{ production: boolean; development: boolean }>(
  async (app, { production, development }) => {
    await app.register(helmet, {
      global: true,
      enableCSPNonces: true,
      contentSecurityPolicy: {
        useDefaults: true,
        reportOnly: development,
        directives: {
          'default-src': ["'self'"],
          'script-src': ["'self'"],
          'style-src': ["'self'"],
          'style-src-attr': ["'unsafe-inline'"],
          'img-src': ["'self'", 'data:', 'https:'],
          'font-src': ["'self'", 'data:'],
          'connect-src': ["'self'"],
          // Remote apps (SPEC §1) are hosted inside our pages; widen when their origins are known.
          'frame-src': ["'self'"],
          'frame-ancestors': ["'self'"],
          'object-src': ["'none'"],
          'base-uri': ["'self'"],
          'form-action': ["'self'"],
          // Only behind HTTPS; on plain-http local runs it would break every subresource.
          'upgrade-insecure-requests': production ? [] : null,
        },
      },
      // HSTS only means something over HTTPS, i.e. in production behind TLS.
      strictTransportSecurity: production ? { maxAge: 15552000, includeSubDomains: true } : false,
    });
  },
  { name: 'security' },
);
