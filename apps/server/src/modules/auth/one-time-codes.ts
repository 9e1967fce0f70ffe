/**
 * One-time codes sent by e-mail or SMS (password reset, phone registration, SMS login,
 * phone binding, e-mail change, re-authentication): the one way the site issues and
 * checks them.
 *
 * - A code is for a subject: a player (`userId`), a `target` (E.164 phone or lower-case
 *   e-mail) before a player exists, or both (a player's new phone).
 * - Stored as SHA-256(purpose:subject:code), so the table does not give codes away.
 * - A new code replaces the subject's previous one of that purpose; at most one code per
 *   cooldown is issued (a later request within it gets nothing), so nobody can flood a
 *   phone or a mailbox. Issuing holds a transaction lock of the subject and purpose, so
 *   concurrent requests are decided one after another (one code, not one each).
 * - A code works once, lives `ttlMs` by the app clock and takes `maxAttempts` tries at
 *   most: each try is counted on the code before it is compared (one guarded update), so
 *   concurrent guesses cannot get more tries than that; a wrong last try burns it. A wrong,
 *   used or burnt code all give `invalid`; `expired` only for the right code, too late (the
 *   player then knows to ask for a new one).
 */
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { Database, VerificationPurpose } from '@betsite/db';
import type { Clock } from '@betsite/domain';

export interface CodeSubject {
  userId?: string | null;
  target?: string | null;
}

export interface CodePolicy {
  ttlMs: number;
  maxAttempts: number;
  cooldownMs: number;
  digits: number;
}

export const DEFAULT_CODE_POLICY: CodePolicy = { ttlMs: 15 * 60 * 1000, maxAttempts: 5, cooldownMs: 60 * 1000, digits: 6 };

export type CodeCheck = 'ok' | 'invalid' | 'expired';

export interface OneTimeCodes {
  /** A fresh code for the subject, or null within the cooldown of the previous one. */
  issue(purpose: VerificationPurpose, subject: CodeSubject, policy?: Partial<CodePolicy>): Promise<string | null>;
  /** Checks the code and, when right and in time, spends it (exactly once under concurrency). */
  consume(purpose: VerificationPurpose, subject: CodeSubject, code: string, policy?: Partial<CodePolicy>): Promise<CodeCheck>;
}

function subjectKey({ userId, target }: CodeSubject): string {
  return `${userId ?? ''}|${target ?? ''}`;
}

function codeHash(purpose: string, subject: CodeSubject, code: string): string {
  return createHash('sha256').update(`${purpose}:${subjectKey(subject)}:${code}`).digest('hex');
}

/** The same subject, exactly: a code for (player, phone) is not one for the player alone. */
const matching =
  (purpose: VerificationPurpose, { userId, target }: CodeSubject) =>
  (eb: ExpressionBuilder<Database, 'verification_codes'>) =>
    eb.and([
      eb('purpose', '=', purpose),
      userId ? eb('user_id', '=', userId) : eb('user_id', 'is', null),
      target ? eb('target', '=', target) : eb('target', 'is', null),
    ]);

export function createOneTimeCodes(db: Kysely<Database>, clock: Clock): OneTimeCodes {
  return {
    async issue(purpose, subject, overrides) {
      if (!subject.userId && !subject.target) throw new Error('a one-time code needs a player or a target');
      const policy = { ...DEFAULT_CODE_POLICY, ...overrides };
      const now = clock.now();
      const code = String(randomInt(0, 10 ** policy.digits)).padStart(policy.digits, '0');
      return db.transaction().execute(async (trx) => {
        // The subject may have no row of its own (a phone before registration): an advisory lock.
        await sql`select pg_advisory_xact_lock(hashtextextended(${`verification_codes:${purpose}:${subjectKey(subject)}`}, 0))`.execute(trx);
        const recent = await trx
          .selectFrom('verification_codes')
          .select('id')
          .where(matching(purpose, subject))
          .where('created_at', '>', new Date(now - policy.cooldownMs))
          .executeTakeFirst();
        if (recent) return null;
        await trx
          .updateTable('verification_codes')
          .set({ used_at: new Date(now) })
          .where(matching(purpose, subject))
          .where('used_at', 'is', null)
          .execute();
        await trx
          .insertInto('verification_codes')
          .values({
            purpose,
            user_id: subject.userId ?? null,
            target: subject.target ?? null,
            code_hash: codeHash(purpose, subject, code),
            created_at: new Date(now),
            expires_at: new Date(now + policy.ttlMs),
          })
          .execute();
        return code;
      });
    },

    async consume(purpose, subject, code, overrides) {
      if (!subject.userId && !subject.target) return 'invalid';
      const policy = { ...DEFAULT_CODE_POLICY, ...overrides };
      const now = clock.now();
      // The try is counted first, on the subject's current code, by one guarded update (a
      // concurrent try waits for the row and sees the count it left): no try past the last.
      const row = await db
        .updateTable('verification_codes')
        .set({ attempts: sql<number>`attempts + 1` })
        .where('id', '=', (eb) =>
          eb
            .selectFrom('verification_codes')
            .select('id')
            .where(matching(purpose, subject))
            .where('used_at', 'is', null)
            .orderBy('created_at', 'desc')
            .limit(1),
        )
        .where('used_at', 'is', null)
        .where('attempts', '<', policy.maxAttempts)
        .returning(['id', 'code_hash', 'expires_at', 'attempts'])
        .executeTakeFirst();
      if (!row) return 'invalid';
      const given = code.trim();
      const right =
        new RegExp(`^\\d{${policy.digits}}$`).test(given) &&
        timingSafeEqual(Buffer.from(codeHash(purpose, subject, given), 'hex'), Buffer.from(row.code_hash, 'hex'));
      if (row.expires_at.getTime() <= now) return right ? 'expired' : 'invalid';
      if (!right) {
        // The last allowed try was wrong: the code is burnt.
        if (row.attempts >= policy.maxAttempts) {
          await db.updateTable('verification_codes').set({ used_at: new Date(now) }).where('id', '=', row.id).where('used_at', 'is', null).execute();
        }
        return 'invalid';
      }
      const spent = await db
        .updateTable('verification_codes')
        .set({ used_at: new Date(now) })
        .where('id', '=', row.id)
        .where('used_at', 'is', null)
        .returning('id')
        .executeTakeFirst();
      return spent ? 'ok' : 'invalid';
    },
  };
}
