/**
 * Test identities of the sandbox identity provider (SPEC §3 soc_reg needs a provider a
 * newcomer can use on one machine). The authorize page offers these, or any identity typed
 * in. They cover the cases the site treats differently: a verified e-mail, an unverified
 * one, and none.
 */
import { z } from 'zod';
import { text } from '@betsite/contracts';

export interface SandboxIdentity {
  sub: string;
  name: string;
  email?: string;
  email_verified?: boolean;
}

export const SANDBOX_IDENTITIES: Readonly<Record<string, SandboxIdentity>> = {
  alice: { sub: 'sandbox-alice', name: 'Alice Sandbox', email: 'alice@sandbox.test', email_verified: true },
  bob: { sub: 'sandbox-bob', name: 'Bob Sandbox', email: 'bob@sandbox.test', email_verified: false },
  carol: { sub: 'sandbox-carol', name: 'Carol Sandbox' },
};

/** An identity typed on the authorize page (or sent to the one-tap credential endpoint). */
export const CustomIdentitySchema = z
  .object({
    sub: text().trim().regex(/^[A-Za-z0-9._@-]{1,64}$/, 'letters, digits and . _ @ - only, at most 64'),
    name: text().trim().max(100).optional(),
    email: z.union([z.literal(''), z.email().max(254)]).optional(),
    email_verified: z.union([z.boolean(), z.literal('on')]).optional(),
  })
  .strip();

/** A preset by key, or a custom identity; null when neither is valid. */
export function identityFrom(input: Record<string, unknown>): SandboxIdentity | null {
  const preset = typeof input.identity === 'string' ? SANDBOX_IDENTITIES[input.identity] : undefined;
  if (preset && Object.hasOwn(SANDBOX_IDENTITIES, input.identity as string)) return preset;
  if (input.identity !== 'custom') return null;
  const custom = CustomIdentitySchema.safeParse(input);
  if (!custom.success) return null;
  const { sub, name, email, email_verified } = custom.data;
  return {
    sub,
    name: name || sub,
    ...(email ? { email: email.toLowerCase(), email_verified: email_verified === true || email_verified === 'on' } : {}),
  };
}
