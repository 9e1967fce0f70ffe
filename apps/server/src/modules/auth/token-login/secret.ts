/**
 * The server's login signing key (LOGIN_SIGNING_SECRET): signs login tokens and captcha
 * challenges and seeds the sandbox identity provider. Each use gets its own key, derived by label, so one key never
 * serves two purposes. Unset: one random key for this process (a single node only).
 */
import { createHmac, randomBytes } from 'node:crypto';
import type { AppEnv } from '../../../config/env.ts';

const PROCESS_SECRET = randomBytes(32).toString('hex');

export type KeyLabel = 'login-token-sign' | 'sandbox-idp-signing-key' | 'sandbox-idp-client-secret' | 'captcha-challenge-sign' | 'captcha-key-sign';

/** 32 bytes for `label`, the same on every node that shares LOGIN_SIGNING_SECRET. */
export function deriveLoginKey(env: Pick<AppEnv, 'LOGIN_SIGNING_SECRET'>, label: KeyLabel): Buffer {
  return createHmac('sha256', env.LOGIN_SIGNING_SECRET ?? PROCESS_SECRET).update(`betsite:${label}`).digest();
}
