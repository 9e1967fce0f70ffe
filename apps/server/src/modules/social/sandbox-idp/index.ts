/** The sandbox identity provider, wired: key and client secret from LOGIN_SIGNING_SECRET, routes under /sandbox-idp. */
import type { FastifyInstance } from 'fastify';
import { deriveLoginKey } from '../../auth/index.ts';
import { sandboxKeyFrom } from './keys.ts';
import { createSandboxIdp, type SandboxIdp } from './provider.ts';
import { sandboxIdpRoutes } from './routes.ts';

export async function registerSandboxIdp(app: FastifyInstance): Promise<SandboxIdp> {
  const key = await sandboxKeyFrom(deriveLoginKey(app.env, 'sandbox-idp-signing-key'));
  const idp = createSandboxIdp(app.db, app.clock, key, deriveLoginKey(app.env, 'sandbox-idp-client-secret').toString('base64url'));
  await app.register(sandboxIdpRoutes(idp, app.env.PUBLIC_ORIGIN));
  return idp;
}

export { SANDBOX_IDENTITIES, type SandboxIdentity } from './identities.ts';
export { SANDBOX_CLIENT_ID, SANDBOX_PATH, type SandboxIdp } from './provider.ts';
