import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, stat, writeFile, chmod } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { generateSync } from 'otplib';
import { EnvError, loadEnv } from '../../../config/env.ts';
import { createSecretBox, keyFile, loadSecretsKey } from './secret-box.ts';
import { newTotpSecret, verifyTotp } from './totp.ts';
import { codeBackoffMs, codeRetryAfterMs, CODE_BACKOFF_MAX_MS } from './throttle.ts';
import { newRecoveryCode, normaliseRecoveryCode, recoveryCodeHash } from './recovery-codes.ts';

const quietLog = () => ({ warn: vi.fn(), info: vi.fn() });

describe('secret box (AES-256-GCM)', () => {
  const box = createSecretBox(randomBytes(32));

  it('opens what it sealed, for the same context only', () => {
    fc.assert(
      fc.property(fc.string(), fc.string({ minLength: 1 }), (secret, context) => {
        const sealed = box.seal(secret, context);
        expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]*$/);
        expect(box.open(sealed, context)).toBe(secret);
        expect(() => box.open(sealed, `${context}x`)).toThrow();
      }),
      { numRuns: 50 },
    );
  });

  it('seals the same secret differently each time and refuses tampering or another key', () => {
    const a = box.seal('JBSWY3DPEHPK3PXP', 'two-step:u1');
    expect(box.seal('JBSWY3DPEHPK3PXP', 'two-step:u1')).not.toBe(a);
    const [v, iv, tag, ct] = a.split('.') as [string, string, string, string];
    const flipped = Buffer.from(ct, 'base64url');
    flipped[0]! ^= 1;
    expect(() => box.open([v, iv, tag, flipped.toString('base64url')].join('.'), 'two-step:u1')).toThrow();
    expect(() => createSecretBox(randomBytes(32)).open(a, 'two-step:u1')).toThrow();
    expect(() => box.open('v2.a.b.c', 'two-step:u1')).toThrow(/not a sealed secret/);
    expect(() => createSecretBox(randomBytes(16))).toThrow(/32 bytes/);
  });
});

describe('secrets key', () => {
  const env = (overrides: Partial<Parameters<typeof loadSecretsKey>[0]>) => ({
    SECRETS_KEY: undefined,
    NODE_ENV: 'development' as const,
    DATABASE_URL: undefined,
    DATA_DIR: '/nonexistent',
    ...overrides,
  });

  it('accepts only base64 of 32 bytes as SECRETS_KEY', () => {
    const key = randomBytes(32).toString('base64');
    expect(loadEnv({ SECRETS_KEY: key }).SECRETS_KEY).toBe(key);
    expect(loadEnv({ SECRETS_KEY: '' }).SECRETS_KEY).toBeUndefined();
    for (const bad of [randomBytes(16).toString('base64'), randomBytes(32).toString('hex'), 'not a key']) {
      expect(() => loadEnv({ SECRETS_KEY: bad })).toThrow(EnvError);
    }
  });

  it('takes SECRETS_KEY when set', async () => {
    const key = randomBytes(32);
    expect(await loadSecretsKey(env({ SECRETS_KEY: key.toString('base64'), NODE_ENV: 'production', DATABASE_URL: 'postgres://x' }), quietLog())).toEqual(key);
  });

  it('has none in production on PostgreSQL without SECRETS_KEY, and says so', async () => {
    const log = quietLog();
    expect(await loadSecretsKey(env({ NODE_ENV: 'production', DATABASE_URL: 'postgres://db/x' }), log)).toBeNull();
    expect(log.warn).toHaveBeenCalledOnce();
  });

  it('uses a key per process in tests, writing nothing', async () => {
    const a = await loadSecretsKey(env({ NODE_ENV: 'test' }), quietLog());
    expect(a).toHaveLength(32);
  });

  it('otherwise creates DATA_DIR/secrets.key once (0600) and reads it back', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'secrets-key-'));
    try {
      const dataDir = join(dir, 'data');
      const first = await loadSecretsKey(env({ DATA_DIR: dataDir, NODE_ENV: 'production' }), quietLog());
      expect(first).toHaveLength(32);
      expect((await stat(join(dataDir, 'secrets.key'))).mode & 0o777).toBe(0o600);
      expect(await loadSecretsKey(env({ DATA_DIR: dataDir }), quietLog())).toEqual(first);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('tightens a key file others could read, and refuses a file that holds no key', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'secrets-key-'));
    try {
      const path = join(dir, 'secrets.key');
      await writeFile(path, `${randomBytes(32).toString('base64')}\n`);
      await chmod(path, 0o644);
      const log = quietLog();
      expect(await keyFile(path, log)).toHaveLength(32);
      expect(log.warn).toHaveBeenCalledOnce();
      expect((await stat(path)).mode & 0o777).toBe(0o600);
      await writeFile(path, 'short\n');
      await expect(keyFile(path, quietLog())).rejects.toThrow(/32-byte key/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('TOTP', () => {
  const secret = newTotpSecret();
  const T = 1_700_000_000_000;
  const codeAt = (ms: number) => generateSync({ secret, epoch: Math.floor(ms / 1000) });
  const stepAt = (ms: number) => Math.floor(ms / 30_000);

  it('makes 160-bit Base32 secrets', () => {
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(newTotpSecret()).not.toBe(secret);
  });

  it('matches the RFC 6238 SHA-1 test vector (T = 59 s → 287082)', () => {
    // RFC 6238 appendix B, secret "12345678901234567890" (Base32 below), 8 digits 94287082: 6 digits 287082.
    expect(verifyTotp('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ', '287082', 59_000, null)).toBe(1);
  });

  it('accepts the current step and one either side, and answers the step it matched', () => {
    expect(verifyTotp(secret, codeAt(T), T, null)).toBe(stepAt(T));
    expect(verifyTotp(secret, codeAt(T - 30_000), T, null)).toBe(stepAt(T) - 1);
    expect(verifyTotp(secret, codeAt(T + 30_000), T, null)).toBe(stepAt(T) + 1);
    expect(verifyTotp(secret, codeAt(T - 60_000), T, null)).toBeNull();
    expect(verifyTotp(secret, codeAt(T + 60_000), T, null)).toBeNull();
  });

  it('refuses a step at or before the last one used', () => {
    expect(verifyTotp(secret, codeAt(T), T, stepAt(T))).toBeNull();
    expect(verifyTotp(secret, codeAt(T), T, stepAt(T) - 1)).toBe(stepAt(T));
  });

  it.each(['', '12345', '1234567', 'abcdef', ' 123456'])('refuses the malformed code %j without throwing', (code) => {
    expect(verifyTotp(secret, code, T, null)).toBeNull();
  });
});

describe('wrong-code back-off', () => {
  const T = 1_700_000_000_000;

  it.each([
    [0, 0],
    [4, 0],
    [5, 30_000],
    [6, 60_000],
    [9, 480_000],
    [10, CODE_BACKOFF_MAX_MS],
    [1000, CODE_BACKOFF_MAX_MS],
  ])('waits after %i failures: %i ms', (failures, ms) => {
    expect(codeBackoffMs(failures)).toBe(ms);
  });

  it('counts from the last failure and forgets failures an hour old', () => {
    expect(codeRetryAfterMs(5, T, T + 10_000)).toBe(20_000);
    expect(codeRetryAfterMs(5, T, T + 30_000)).toBe(0);
    expect(codeRetryAfterMs(50, T, T + 3600_000)).toBe(0);
    expect(codeRetryAfterMs(3, T, T)).toBe(0);
    expect(codeRetryAfterMs(0, null, T)).toBe(0);
  });

  it('never waits longer than the cap and never less as failures grow', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000 }), (n) => {
        expect(codeBackoffMs(n)).toBeLessThanOrEqual(CODE_BACKOFF_MAX_MS);
        expect(codeBackoffMs(n + 1)).toBeGreaterThanOrEqual(codeBackoffMs(n));
      }),
    );
  });
});

describe('recovery codes', () => {
  it('look like ABCD-EFGH-JKLM-NPQR and normalise from any case and spacing', () => {
    const code = newRecoveryCode();
    expect(code).toMatch(/^[A-HJ-NP-Z2-9]{4}(-[A-HJ-NP-Z2-9]{4}){3}$/);
    const bare = code.replaceAll('-', '');
    expect(normaliseRecoveryCode(code)).toBe(bare);
    expect(normaliseRecoveryCode(` ${bare.toLowerCase().match(/.{4}/g)!.join(' ')} `)).toBe(bare);
  });

  it.each(['', '123456', 'ABCD-EFGH-JKLM-NPQ', 'ABCD-EFGH-JKLM-NPQRS', 'ABCD-EFGH-JKLM-NPQ0', 'ABCD-EFGH-JKLM-NPQ1'])('refuses %j', (input) => {
    expect(normaliseRecoveryCode(input)).toBeNull();
  });

  it('hash per player: the same code of two players hashes differently', () => {
    expect(recoveryCodeHash('a', 'X')).not.toBe(recoveryCodeHash('b', 'X'));
    expect(recoveryCodeHash('a', 'X')).toMatch(/^[0-9a-f]{64}$/);
  });

  it('do not repeat', () => {
    const codes = new Set(Array.from({ length: 1000 }, newRecoveryCode));
    expect(codes.size).toBe(1000);
  });
});
