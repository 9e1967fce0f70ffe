/**
 * Password hashing: argon2id with the OWASP Password Storage Cheat Sheet parameters
 * (m = 19 MiB, t = 2, p = 1), through the `argon2` package (prebuilt native binaries,
 * loaded at run time; no install script needed). Hashes are PHC strings
 * (`$argon2id$v=19$m=19456,…`), so the parameters travel with each hash and can be raised
 * later: `needsRehash` tells the login to upgrade an old hash.
 */
import argon2 from 'argon2';

export const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /** False for a wrong password and for a malformed hash (never throws for those). */
  verify(hash: string, password: string): Promise<boolean>;
  needsRehash(hash: string): boolean;
  /**
   * Spends the time of one verification without a user, so "no such login" takes as long
   * as "wrong password".
   */
  burn(password: string): Promise<void>;
}

export function createArgon2Hasher(): PasswordHasher {
  let dummy: Promise<string> | undefined;
  const verify = async (hash: string, password: string) => {
    try {
      return await argon2.verify(hash, password);
    } catch {
      return false;
    }
  };
  return {
    hash: (password) => argon2.hash(password, ARGON2_OPTIONS),
    verify,
    needsRehash: (hash) => {
      try {
        return argon2.needsRehash(hash, ARGON2_OPTIONS);
      } catch {
        return true;
      }
    },
    async burn(password) {
      dummy ??= argon2.hash('dummy password that matches nothing', ARGON2_OPTIONS);
      await verify(await dummy, password);
    },
  };
}
