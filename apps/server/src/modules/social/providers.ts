/**
 * The providers this site offers (SOCIAL_PROVIDERS, plus "Sandbox ID" when SOCIAL_SANDBOX is
 * on) and their openid-client configurations.
 *
 * Discovery documents are fetched once per issuer and kept an hour (a failed fetch is not
 * kept); the JWKS cache is shared between configurations. A configuration is built per use,
 * carrying the app clock's offset (`clockSkew`), so ID token times are checked against the
 * same clock the rest of the server uses (the fake clock in tests).
 */
import type { FastifyRequest } from 'fastify';
import * as client from 'openid-client';
import { createLocalJWKSet, createRemoteJWKSet, type JWTVerifyGetKey } from 'jose';
import { SANDBOX_PROVIDER_ID, SOCIAL_PROVIDER_NAMES, type SocialProviderConfig, type SocialProviderId } from '@betsite/contracts';
import type { Clock } from '@betsite/domain';
import { trustedSandboxIssuer } from './origin.ts';
import type { SandboxIdp } from './sandbox-idp/index.ts';

export interface SocialProvider {
  id: SocialProviderId;
  name: string;
  clientId: string;
  clientSecret: string | undefined;
  scope: string;
  oneTap: boolean;
  sandbox: boolean;
  /** The issuer to talk to for this request; null when refused (see origin.ts). */
  issuer(request: FastifyRequest): string | null;
}

export interface ProviderRegistry {
  list(): readonly SocialProvider[];
  get(id: string): SocialProvider | null;
  /** A client configuration for the provider at `issuer` (discovery cached). */
  configuration(provider: SocialProvider, issuer: string): Promise<client.Configuration>;
  /** Keeps what a configuration learnt of the provider's keys for the next one. */
  remember(issuer: string, config: client.Configuration): void;
  /** The keys one-tap credentials are verified with. */
  keys(provider: SocialProvider, issuer: string): Promise<JWTVerifyGetKey>;
}

const DISCOVERY_TTL_MS = 3600_000;

export function createProviderRegistry(options: {
  configured: readonly SocialProviderConfig[];
  sandbox: SandboxIdp | null;
  publicOrigin: string | undefined;
  clock: Clock;
}): ProviderRegistry {
  const { configured, sandbox, publicOrigin, clock } = options;
  const providers: SocialProvider[] = configured.map((p) => ({
    id: p.id,
    name: SOCIAL_PROVIDER_NAMES[p.id],
    clientId: p.clientId,
    clientSecret: p.clientSecret,
    scope: p.scope,
    oneTap: p.oneTap,
    sandbox: false,
    issuer: () => p.issuer.replace(/\/$/, ''),
  }));
  if (sandbox) {
    providers.push({
      id: SANDBOX_PROVIDER_ID,
      name: SOCIAL_PROVIDER_NAMES.sandbox,
      clientId: sandbox.clientId,
      clientSecret: sandbox.clientSecret,
      scope: 'openid email profile',
      oneTap: true,
      sandbox: true,
      issuer: (request) => trustedSandboxIssuer(request, publicOrigin),
    });
  }

  const discovered = new Map<string, { metadata: client.ServerMetadata; at: number }>();
  const jwksCaches = new Map<string, client.ExportedJWKSCache>();
  const remoteKeys = new Map<string, JWTVerifyGetKey>();

  async function serverMetadata(provider: SocialProvider, issuer: string): Promise<client.ServerMetadata> {
    const cached = discovered.get(issuer);
    if (cached && Date.now() - cached.at < DISCOVERY_TTL_MS) return cached.metadata;
    const config = await client.discovery(new URL(issuer), provider.clientId, undefined, undefined, {
      // Only the sandbox, on this very server, may be plain http (configured issuers are https).
      execute: issuer.startsWith('http:') ? [client.allowInsecureRequests] : [],
      timeout: 10,
    });
    const metadata = { ...config.serverMetadata() };
    if (provider.sandbox) {
      // The sandbox's endpoints must stay on its own origin: a document naming other hosts is refused.
      const origin = new URL(issuer).origin;
      for (const url of [metadata.authorization_endpoint, metadata.token_endpoint, metadata.jwks_uri]) {
        if (!url || new URL(url).origin !== origin) throw new Error('sandbox discovery names a foreign endpoint');
      }
    }
    discovered.set(issuer, { metadata, at: Date.now() });
    return metadata;
  }

  return {
    list: () => providers,
    get: (id) => providers.find((p) => p.id === id) ?? null,

    async configuration(provider, issuer) {
      const metadata = await serverMetadata(provider, issuer);
      const clientMetadata: Partial<client.ClientMetadata> = {
        // The app clock's offset from the wall clock (zero unless the clock is fake).
        [client.clockSkew]: Math.round((clock.now() - Date.now()) / 1000),
        ...(provider.clientSecret ? { client_secret: provider.clientSecret } : {}),
        ...(provider.sandbox ? { id_token_signed_response_alg: 'ES256' } : {}),
      };
      const config = new client.Configuration(
        metadata,
        provider.clientId,
        clientMetadata,
        provider.clientSecret ? client.ClientSecretPost(provider.clientSecret) : client.None(),
      );
      if (issuer.startsWith('http:')) client.allowInsecureRequests(config);
      const jwks = jwksCaches.get(issuer);
      if (jwks) client.setJwksCache(config, jwks);
      return config;
    },

    remember(issuer, config) {
      const jwks = client.getJwksCache(config);
      if (jwks) jwksCaches.set(issuer, jwks);
    },

    async keys(provider, issuer) {
      // The sandbox's key is in this process: no request to ourselves needed.
      if (provider.sandbox && sandbox) return createLocalJWKSet({ keys: [sandbox.key.publicJwk] });
      let keys = remoteKeys.get(issuer);
      if (!keys) {
        const { jwks_uri } = await serverMetadata(provider, issuer);
        if (!jwks_uri) throw new Error(`${provider.id}: no jwks_uri in discovery`);
        keys = createRemoteJWKSet(new URL(jwks_uri), { timeoutDuration: 5000 });
        remoteKeys.set(issuer, keys);
      }
      return keys;
    },
  };
}
