/**
 * Secrets kept at rest (TOTP secrets): AES-256-GCM with the server's secrets key, a fresh
 * 96-bit IV per value, and associated data naming what the value belongs to (the player),
 * so a ciphertext copied onto another player's row does not decrypt. The stored text is
 * `v1.<iv>.<tag>.<ciphertext>` (base64url); `v1` leaves room for key rotation.
 *
 * Where the key comes from (`loadSecretsKey`):
 * - `SECRETS_KEY` (base64 of 32 bytes) when set: what production and several nodes use;
 * - NODE_ENV=test without it: a random key per process (nothing written);
 * - otherwise, unless this is production on PostgreSQL (DATABASE_URL): the key file
 *   `DATA_DIR/secrets.key`, created at first use from the CSPRNG with mode 0600 beside the
 *   PGlite data (back them up together), so the embedded default works with no secret in
 *   the repository;
 * - production with DATABASE_URL and no SECRETS_KEY: no key (several nodes would each make
 *   their own); two-step setup then answers 503 until the key is configured.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { AppEnv } from '../../../config/env.ts';

const VERSION = 'v1';
const KEY_BYTES = 32;
const IV_BYTES = 12;
export const SECRETS_KEY_FILE = 'secrets.key';

export interface SecretBox {
  seal(plaintext: string, context: string): string;
  /** Throws when the value was tampered with, sealed for another context or with another key. */
  open(sealed: string, context: string): string;
}

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== KEY_BYTES) throw new Error('the secrets key must be 32 bytes');
  return {
    seal(plaintext, context) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return [VERSION, iv, cipher.getAuthTag(), ciphertext].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
    },
    open(sealed, context) {
      const [version, iv, tag, ciphertext, ...rest] = sealed.split('.');
      if (version !== VERSION || iv === undefined || tag === undefined || ciphertext === undefined || rest.length > 0) {
        throw new Error('not a sealed secret');
      }
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}

type KeyEnv = Pick<AppEnv, 'SECRETS_KEY' | 'NODE_ENV' | 'DATABASE_URL' | 'DATA_DIR'>;

/** The secrets key as configured (see the module comment); null when there is none to use. */
export async function loadSecretsKey(env: KeyEnv, log: Pick<FastifyBaseLogger, 'warn' | 'info'>): Promise<Buffer | null> {
  if (env.SECRETS_KEY) return Buffer.from(env.SECRETS_KEY, 'base64');
  if (env.NODE_ENV === 'test') return randomBytes(KEY_BYTES);
  if (env.NODE_ENV === 'production' && env.DATABASE_URL) {
    log.warn({}, 'SECRETS_KEY is not set: two-step authentication cannot be turned on (set it to the same value on every node)');
    return null;
  }
  return keyFile(join(env.DATA_DIR, SECRETS_KEY_FILE), log);
}

/** Reads the key file, creating it (exclusively, mode 0600) when missing. */
export async function keyFile(path: string, log: Pick<FastifyBaseLogger, 'warn' | 'info'>): Promise<Buffer> {
  try {
    await mkdir(join(path, '..'), { recursive: true });
    await writeFile(path, `${randomBytes(KEY_BYTES).toString('base64')}\n`, { flag: 'wx', mode: 0o600 });
    log.info({ path }, 'secrets key created (back it up with the data directory)');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const mode = (await stat(path)).mode & 0o777;
  if (mode & 0o077) {
    log.warn({ path, mode: mode.toString(8) }, 'the secrets key file was readable by others: permissions reset to 0600');
    await chmod(path, 0o600);
  }
  const key = Buffer.from((await readFile(path, 'utf8')).trim(), 'base64');
  if (key.length !== KEY_BYTES) throw new Error(`${path} does not hold a base64 32-byte key`);
  return key;
}
