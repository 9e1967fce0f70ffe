/**
 * SPEC §3 `protection_level` and `protection_methods` of a player, from what is stored:
 *
 * - `is_changed_password`: the password was changed at least once (`password_changed_at`);
 * - `enable_two_factor_auth`: two-step authentication is on (not merely pending);
 * - `enable_phone_binding`: a phone proven by an SMS code (`phone_verified_at`);
 * - `enable_security_question`: a security question is set;
 * - `enable_email_auth`: an e-mail proven by its link or code (`email_verified_at`).
 *
 * The level is the domain's weighted sum (packages/domain/src/auth/protection-level.ts).
 */
import type { Kysely } from 'kysely';
import type { Database } from '@betsite/db';
import type { Protection } from '@betsite/contracts';
import { protectionLevel, type ProtectionMethods } from '@betsite/domain';

const NONE: ProtectionMethods = {
  is_changed_password: false,
  enable_two_factor_auth: false,
  enable_phone_binding: false,
  enable_security_question: false,
  enable_email_auth: false,
};

/** The player's protection; level null (and every method off) for an unknown player. */
export async function protectionOf(db: Kysely<Database>, userId: string): Promise<Protection> {
  const row = await db
    .selectFrom('users')
    .leftJoin('two_step_secrets', 'two_step_secrets.user_id', 'users.id')
    .leftJoin('security_answers', 'security_answers.user_id', 'users.id')
    .select([
      'users.password_changed_at',
      'users.phone',
      'users.phone_verified_at',
      'users.email',
      'users.email_verified_at',
      'two_step_secrets.status as two_step',
      'security_answers.user_id as answered',
    ])
    .where('users.id', '=', userId)
    .executeTakeFirst();
  if (!row) return { protection_level: null, protection_methods: { ...NONE } };
  const methods: ProtectionMethods = {
    is_changed_password: row.password_changed_at !== null,
    enable_two_factor_auth: row.two_step === 'enabled',
    enable_phone_binding: row.phone !== null && row.phone_verified_at !== null,
    enable_security_question: row.answered !== null,
    enable_email_auth: row.email !== null && row.email_verified_at !== null,
  };
  return { protection_level: protectionLevel(methods), protection_methods: methods };
}
