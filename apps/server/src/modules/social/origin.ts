/**
 * Where this site is, as the OpenID Connect client and the sandbox provider see it:
 * PUBLIC_ORIGIN, else the request's own scheme and host.
 *
 * The sandbox provider is reached by this server over HTTP at that origin. Without
 * PUBLIC_ORIGIN the Host header decides the origin, and the client would then fetch
 * whatever host a caller names (server-side request forgery): so without PUBLIC_ORIGIN the
 * client only talks to the sandbox on a loopback host (localhost, 127.0.0.0/8, ::1).
 */
import type { FastifyRequest } from 'fastify';
import { SANDBOX_PATH } from './sandbox-idp/provider.ts';

export function siteOrigin(request: FastifyRequest, publicOrigin: string | undefined): string {
  return publicOrigin ?? `${request.protocol}://${request.host}`;
}

export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/** The sandbox issuer as the provider itself publishes it. */
export function sandboxIssuer(request: FastifyRequest, publicOrigin: string | undefined): string {
  return `${siteOrigin(request, publicOrigin)}${SANDBOX_PATH}`;
}

/** The sandbox issuer the client may fetch from, or null (not loopback and no PUBLIC_ORIGIN). */
export function trustedSandboxIssuer(request: FastifyRequest, publicOrigin: string | undefined): string | null {
  if (publicOrigin) return `${publicOrigin}${SANDBOX_PATH}`;
  return isLoopbackHost(request.hostname) ? sandboxIssuer(request, undefined) : null;
}
