/**
 * The sandbox identity provider (SOCIAL_SANDBOX): a small but real OpenID Connect provider
 * served by this server under `/sandbox-idp`, so a newcomer can finish social sign-in on one
 * machine and tests exercise the same HTTP protocol as with Google or Apple:
 *
 * - discovery `/.well-known/openid-configuration`, keys `/jwks` (ES256, see keys.ts);
 * - `/authorize`: authorization code flow only, PKCE S256 required, the consent page picks
 *   a test identity, "Cancel" answers `access_denied`;
 * - `/token`: client_secret_basic or client_secret_post, the code works once within 60 s,
 *   for the same client and redirect_uri, with the right code_verifier;
 * - `/one-tap/credential`: an ID token handed straight to the page, the sandbox's stand-in
 *   for a one-tap prompt (SPEC §5).
 *
 * One client is registered: `betsite-sandbox`, redirect_uri `{origin}/social-api/oauth/sandbox/callback`.
 * NOT FOR PRODUCTION: anyone can sign in as anyone.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import { SignJWT } from 'jose';
import type { Database, JsonObject } from '@betsite/db';
import type { Clock } from '@betsite/domain';
import type { SandboxKey } from './keys.ts';
import type { SandboxIdentity } from './identities.ts';

export const SANDBOX_CLIENT_ID = 'betsite-sandbox';
export const SANDBOX_PATH = '/sandbox-idp';
export const SANDBOX_CODE_TTL_MS = 60_000;
export const SANDBOX_ID_TOKEN_TTL_S = 600;

const sha256hex = (text: string) => createHash('sha256').update(text).digest('hex');
const equal = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

export type TokenResult =
  | { ok: true; body: { access_token: string; token_type: 'Bearer'; expires_in: number; id_token: string; scope: string } }
  | { ok: false; status: 400 | 401; error: 'invalid_request' | 'invalid_client' | 'invalid_grant' | 'unsupported_grant_type'; description: string };

export interface SandboxIdp {
  readonly clientId: string;
  readonly clientSecret: string;
  key: SandboxKey;
  /** The registered redirect_uri for an issuer. */
  redirectUriFor(issuer: string): string;
  discovery(issuer: string): Record<string, unknown>;
  /** Issues an authorization code for the identity the player chose. */
  issueCode(input: { clientId: string; redirectUri: string; codeChallenge: string; nonce: string | null; identity: SandboxIdentity }): Promise<string>;
  /** The token endpoint. */
  exchange(issuer: string, form: Record<string, string>, authorization: string | undefined): Promise<TokenResult>;
  /** A signed ID token for the client (authorization code flow and one-tap). */
  idToken(issuer: string, identity: SandboxIdentity, nonce: string | null): Promise<string>;
}

export function createSandboxIdp(db: Kysely<Database>, clock: Clock, key: SandboxKey, clientSecret: string): SandboxIdp {
  const nowSeconds = () => Math.floor(clock.now() / 1000);

  const idp: SandboxIdp = {
    clientId: SANDBOX_CLIENT_ID,
    clientSecret,
    key,
    // The issuer's own origin text (the Host as given), as the client builds its redirect_uri.
    redirectUriFor: (issuer) => `${issuer.slice(0, -SANDBOX_PATH.length)}/social-api/oauth/sandbox/callback`,

    discovery: (issuer) => ({
      issuer,
      authorization_endpoint: `${issuer}/authorize`,
      token_endpoint: `${issuer}/token`,
      jwks_uri: `${issuer}/jwks`,
      response_types_supported: ['code'],
      response_modes_supported: ['query'],
      grant_types_supported: ['authorization_code'],
      subject_types_supported: ['public'],
      id_token_signing_alg_values_supported: ['ES256'],
      token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
      code_challenge_methods_supported: ['S256'],
      scopes_supported: ['openid', 'email', 'profile'],
      claims_supported: ['sub', 'iss', 'aud', 'exp', 'iat', 'auth_time', 'nonce', 'name', 'email', 'email_verified'],
      authorization_response_iss_parameter_supported: true,
    }),

    async issueCode({ clientId, redirectUri, codeChallenge, nonce, identity }) {
      const code = randomBytes(32).toString('base64url');
      const now = clock.now();
      await db
        .insertInto('sandbox_idp_codes')
        .values({
          code_hash: sha256hex(code),
          client_id: clientId,
          redirect_uri: redirectUri,
          code_challenge: codeChallenge,
          nonce,
          claims: JSON.stringify(identity as unknown as JsonObject),
          created_at: new Date(now),
          expires_at: new Date(now + SANDBOX_CODE_TTL_MS),
        })
        .execute();
      return code;
    },

    async exchange(issuer, form, authorization) {
      const fail = (status: 400 | 401, error: Extract<TokenResult, { ok: false }>['error'], description: string): TokenResult => ({ ok: false, status, error, description });
      // Client authentication: HTTP Basic (form-urlencoded id and secret) or in the body.
      let id = form.client_id;
      let secret = form.client_secret;
      if (authorization?.startsWith('Basic ')) {
        const decoded = Buffer.from(authorization.slice(6), 'base64').toString();
        const colon = decoded.indexOf(':');
        if (colon < 0) return fail(401, 'invalid_client', 'malformed Basic credentials');
        try {
          id = decodeURIComponent(decoded.slice(0, colon).replace(/\+/g, ' '));
          secret = decodeURIComponent(decoded.slice(colon + 1).replace(/\+/g, ' '));
        } catch {
          return fail(401, 'invalid_client', 'malformed Basic credentials');
        }
      }
      if (id !== SANDBOX_CLIENT_ID || !secret || !equal(secret, clientSecret)) return fail(401, 'invalid_client', 'unknown client or wrong secret');
      if (form.grant_type !== 'authorization_code') return fail(400, 'unsupported_grant_type', 'only authorization_code');
      if (!form.code || !form.redirect_uri || !form.code_verifier) return fail(400, 'invalid_request', 'code, redirect_uri and code_verifier are required');

      const now = new Date(clock.now());
      // Spent first, whatever follows: a code that leaked is burnt by the first try.
      const row = await db
        .updateTable('sandbox_idp_codes')
        .set({ used_at: now })
        .where('code_hash', '=', sha256hex(form.code))
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .returning(['client_id', 'redirect_uri', 'code_challenge', 'nonce', 'claims'])
        .executeTakeFirst();
      if (!row) return fail(400, 'invalid_grant', 'unknown, used or expired code');
      if (row.client_id !== id || !URL.canParse(form.redirect_uri) || new URL(form.redirect_uri).href !== new URL(row.redirect_uri).href) return fail(400, 'invalid_grant', 'code issued to another client or redirect_uri');
      const challenge = createHash('sha256').update(form.code_verifier).digest('base64url');
      if (!equal(challenge, row.code_challenge)) return fail(400, 'invalid_grant', 'PKCE verification failed');

      const identity = row.claims as unknown as SandboxIdentity;
      return {
        ok: true,
        body: {
          access_token: randomBytes(32).toString('base64url'),
          token_type: 'Bearer',
          expires_in: SANDBOX_ID_TOKEN_TTL_S,
          id_token: await idp.idToken(issuer, identity, row.nonce),
          scope: 'openid email profile',
        },
      };
    },

    async idToken(issuer, identity, nonce) {
      const now = nowSeconds();
      const claims: Record<string, unknown> = { name: identity.name, auth_time: now };
      if (identity.email) {
        claims.email = identity.email;
        claims.email_verified = identity.email_verified === true;
      }
      if (nonce) claims.nonce = nonce;
      return new SignJWT(claims)
        .setProtectedHeader({ alg: 'ES256', kid: key.publicJwk.kid, typ: 'JWT' })
        .setIssuer(issuer)
        .setSubject(identity.sub)
        .setAudience(SANDBOX_CLIENT_ID)
        .setIssuedAt(now)
        .setExpirationTime(now + SANDBOX_ID_TOKEN_TTL_S)
        .setJti(randomBytes(16).toString('base64url'))
        .sign(key.privateKey);
    },
  };
  return idp;
}
