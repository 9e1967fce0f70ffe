/**
 * Two-step authentication for a player: the TOTP secret (setup → pending, first code →
 * enabled), recovery codes, checking a second-factor code with its throttle, and the login
 * tickets that carry a login from its first step to its code.
 *
 * - A code works once: the accepted time step is written with a guard
 *   (`last_time_step < step`), so the same code twice, even concurrently, passes once.
 * - Recovery codes are spent by one guarded update (`used_at is null`).
 * - Tickets: 32 random bytes, known by SHA-256; 5 minutes; spent by one guarded update;
 *   3 tries at most (each counted before its code is checked, `tryTicket`), a wrong last
 *   one burns it.
 * - Wrong codes per player (`throttle`): each try is counted before it is checked, in one
 *   step with the back-off check, so concurrent tries cannot all pass it; a right code
 *   clears the counter.
 */
import { createHash, randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { FastifyReply } from 'fastify';
import type { Database } from '@betsite/db';
import type { Clock } from '@betsite/domain';
import {
  RECOVERY_CODE_COUNT,
  SecurityErrorCode,
  TWO_STEP_TICKET_MAX_ATTEMPTS,
  TWO_STEP_TICKET_TTL_MS,
  type TwoStepSetupResponse,
} from '@betsite/contracts';
import { AppError } from '../../../lib/errors.ts';
import type { AuthRepository } from '../repository.ts';
import { createSecretBox, type SecretBox } from './secret-box.ts';
import { newRecoveryCode, normaliseRecoveryCode, recoveryCodeHash } from './recovery-codes.ts';
import { codeRetryAfterMs } from './throttle.ts';
import { newTotpSecret, otpauthUri, qrSvg, verifyTotp } from './totp.ts';

export interface TwoStepStatus {
  enabled: boolean;
  pending: boolean;
  enabledAt: Date | null;
  recoveryCodesLeft: number;
}

export interface LoginTicket {
  hash: string;
  userId: string;
  remember: boolean;
}

type Reply = Pick<FastifyReply, 'header'>;

export interface TwoStepService {
  status(userId: string): Promise<TwoStepStatus>;
  isEnabled(userId: string): Promise<boolean>;
  /** A new pending secret (replacing an earlier pending one); 409 when two-step is already on. */
  beginSetup(userId: string, names: { issuer: string; label: string }): Promise<TwoStepSetupResponse>;
  /** Confirms the pending secret with a first code; answers fresh recovery codes. */
  enable(userId: string, code: string, reply: Reply): Promise<string[]>;
  /** Turns two-step off with a TOTP or recovery code. */
  disable(userId: string, code: string, reply: Reply): Promise<void>;
  regenerateRecoveryCodes(userId: string): Promise<string[]>;
  /**
   * Checks (and on success spends) a TOTP or recovery code of a player with two-step on.
   * Throws 429 during a back-off; counts a wrong code.
   */
  checkCode(userId: string, code: string, reply: Reply): Promise<boolean>;
  issueTicket(userId: string, remember: boolean): Promise<{ ticket: string; expiresAt: Date }>;
  /** The live ticket (known, unused, not expired, not burnt), or null. */
  findTicket(ticket: string): Promise<LoginTicket | null>;
  /** Counts one try of a code on the ticket, before it is checked; false when no try is left (or the ticket is gone). */
  tryTicket(hash: string): Promise<boolean>;
  /** The try was a wrong code: after the last allowed one the ticket is burnt. */
  failTicket(hash: string): Promise<void>;
  /** Uses the ticket up; false when it was already used (or burnt) meanwhile. */
  spendTicket(hash: string): Promise<boolean>;
}

const CONTEXT = (userId: string) => `two-step:${userId}`;
const throttleKey = (userId: string) => `two_step:${userId}`;
export const hashTicket = (ticket: string) => createHash('sha256').update(ticket).digest('hex');
const TICKET = /^[A-Za-z0-9_-]{43}$/;

export function createTwoStepService(deps: {
  db: Kysely<Database>;
  clock: Clock;
  repository: AuthRepository;
  /** Resolved at first use (see secret-box.ts); null: no key, two-step cannot be used. */
  secretsKey: () => Promise<Buffer | null>;
}): TwoStepService {
  const { db, clock, repository } = deps;
  let box: Promise<SecretBox | null> | undefined;
  const secretBox = async (): Promise<SecretBox> => {
    box ??= deps.secretsKey().then((key) => (key ? createSecretBox(key) : null));
    const ready = await box.catch((error: unknown) => {
      box = undefined;
      throw error;
    });
    if (!ready) throw new AppError(503, SecurityErrorCode.twoStepUnavailable, 'Two-step authentication is not configured on this server');
    return ready;
  };

  const row = (userId: string) =>
    db.selectFrom('two_step_secrets').select(['secret_enc', 'status', 'enabled_at', 'last_time_step']).where('user_id', '=', userId).executeTakeFirst();

  const newRecoveryCodes = async (trx: Kysely<Database>, userId: string): Promise<string[]> => {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    const now = new Date(clock.now());
    await trx.deleteFrom('two_step_recovery_codes').where('user_id', '=', userId).execute();
    await trx
      .insertInto('two_step_recovery_codes')
      .values(codes.map((code) => ({ user_id: userId, code_hash: recoveryCodeHash(userId, normaliseRecoveryCode(code)!), created_at: now })))
      .execute();
    return codes;
  };

  /** 429 during a back-off (and the Retry-After header); otherwise this try counts as a wrong code until `outcome` clears it. */
  const throttle = async (userId: string, reply: Reply) => {
    const now = clock.now();
    const wait = await repository.countAttempt(throttleKey(userId), new Date(now), ({ failures, lastFailureAt }) => {
      const ms = codeRetryAfterMs(failures, lastFailureAt, now);
      return ms > 0 ? ms : null;
    });
    if (wait !== null) {
      reply.header('retry-after', String(Math.ceil(wait / 1000)));
      throw new AppError(429, SecurityErrorCode.twoStepBackoff, 'Too many wrong codes; try again later', { retryAfterMs: wait });
    }
  };
  /** After a counted try: a right code clears the counter; a wrong one is already counted. */
  const outcome = async (userId: string, ok: boolean) => {
    if (ok) await repository.clearFailures(throttleKey(userId));
  };

  /** The TOTP step of the code, spent; false when wrong or already used. */
  const spendTotp = async (userId: string, secretEnc: string, lastStep: number | null, code: string, status: 'pending' | 'enabled') => {
    const opener = await secretBox();
    let secret: string;
    try {
      secret = opener.open(secretEnc, CONTEXT(userId));
    } catch {
      // Sealed with another key (SECRETS_KEY changed or the key file lost): nothing the player can fix.
      throw new AppError(503, SecurityErrorCode.twoStepUnavailable, 'Two-step authentication is not available right now');
    }
    const step = verifyTotp(secret, code, clock.now(), lastStep);
    if (step === null) return false;
    const spent = await db
      .updateTable('two_step_secrets')
      .set({ last_time_step: step })
      .where('user_id', '=', userId)
      .where('status', '=', status)
      .where((eb) => eb.or([eb('last_time_step', 'is', null), eb('last_time_step', '<', step)]))
      .returning('user_id')
      .executeTakeFirst();
    return spent !== undefined;
  };

  const spendRecoveryCode = async (userId: string, code: string) => {
    const normalised = normaliseRecoveryCode(code);
    if (!normalised) return false;
    const spent = await db
      .updateTable('two_step_recovery_codes')
      .set({ used_at: new Date(clock.now()) })
      .where('user_id', '=', userId)
      .where('code_hash', '=', recoveryCodeHash(userId, normalised))
      .where('used_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    return spent !== undefined;
  };

  const checkCode: TwoStepService['checkCode'] = async (userId, code, reply) => {
    await throttle(userId, reply);
    const found = await row(userId);
    const given = code.trim();
    let ok = false;
    if (found?.status === 'enabled') {
      ok = /^\d{6}$/.test(given)
        ? await spendTotp(userId, found.secret_enc, found.last_time_step, given, 'enabled')
        : await spendRecoveryCode(userId, given);
    }
    await outcome(userId, ok);
    return ok;
  };

  const wrongCode = () => new AppError(400, SecurityErrorCode.twoStepCodeInvalid, 'Wrong or used code');
  const isEnabled = async (userId: string) => (await row(userId))?.status === 'enabled';

  return {
    async status(userId) {
      const found = await row(userId);
      const left = await db
        .selectFrom('two_step_recovery_codes')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('user_id', '=', userId)
        .where('used_at', 'is', null)
        .executeTakeFirstOrThrow();
      const enabled = found?.status === 'enabled';
      return { enabled, pending: found?.status === 'pending', enabledAt: found?.enabled_at ?? null, recoveryCodesLeft: enabled ? Number(left.n) : 0 };
    },

    isEnabled,

    async beginSetup(userId, { issuer, label }) {
      const sealer = await secretBox();
      const secret = newTotpSecret();
      const sealed = sealer.seal(secret, CONTEXT(userId));
      const now = new Date(clock.now());
      const saved = await db
        .insertInto('two_step_secrets')
        .values({ user_id: userId, secret_enc: sealed, status: 'pending', created_at: now })
        .onConflict((oc) =>
          oc
            .column('user_id')
            .doUpdateSet({ secret_enc: sealed, created_at: now, last_time_step: null })
            .where('two_step_secrets.status', '=', 'pending'),
        )
        .returning('user_id')
        .executeTakeFirst();
      if (!saved) throw new AppError(409, SecurityErrorCode.twoStepAlreadyEnabled, 'Two-step authentication is already on');
      const uri = otpauthUri({ issuer, label, secret });
      return { secret, otpauthUri: uri, qrSvg: qrSvg(uri), issuer, label };
    },

    async enable(userId, code, reply) {
      const found = await row(userId);
      if (found?.status !== 'pending') {
        throw found
          ? new AppError(409, SecurityErrorCode.twoStepAlreadyEnabled, 'Two-step authentication is already on')
          : new AppError(409, SecurityErrorCode.twoStepNotPending, 'Start the setup first');
      }
      await throttle(userId, reply);
      const ok = await spendTotp(userId, found.secret_enc, found.last_time_step, code.trim(), 'pending');
      await outcome(userId, ok);
      if (!ok) throw wrongCode();
      return db.transaction().execute(async (trx) => {
        const turnedOn = await trx
          .updateTable('two_step_secrets')
          .set({ status: 'enabled', enabled_at: new Date(clock.now()) })
          .where('user_id', '=', userId)
          .where('status', '=', 'pending')
          .returning('user_id')
          .executeTakeFirst();
        if (!turnedOn) throw new AppError(409, SecurityErrorCode.twoStepAlreadyEnabled, 'Two-step authentication is already on');
        return newRecoveryCodes(trx, userId);
      });
    },

    async disable(userId, code, reply) {
      if (!(await isEnabled(userId))) throw new AppError(409, SecurityErrorCode.twoStepNotEnabled, 'Two-step authentication is off');
      if (!(await checkCode(userId, code, reply))) throw wrongCode();
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('two_step_recovery_codes').where('user_id', '=', userId).execute();
        await trx.deleteFrom('two_step_secrets').where('user_id', '=', userId).execute();
        // Logins waiting for a code no longer need one: start them over.
        await trx.deleteFrom('two_step_tickets').where('user_id', '=', userId).execute();
      });
    },

    async regenerateRecoveryCodes(userId) {
      return db.transaction().execute(async (trx) => {
        const found = await trx
          .selectFrom('two_step_secrets')
          .select('status')
          .where('user_id', '=', userId)
          .forUpdate()
          .executeTakeFirst();
        if (found?.status !== 'enabled') throw new AppError(409, SecurityErrorCode.twoStepNotEnabled, 'Two-step authentication is off');
        return newRecoveryCodes(trx, userId);
      });
    },

    checkCode,

    async issueTicket(userId, remember) {
      const ticket = randomBytes(32).toString('base64url');
      const now = clock.now();
      const expiresAt = new Date(now + TWO_STEP_TICKET_TTL_MS);
      await db
        .insertInto('two_step_tickets')
        .values({ ticket_hash: hashTicket(ticket), user_id: userId, remember, created_at: new Date(now), expires_at: expiresAt })
        .execute();
      return { ticket, expiresAt };
    },

    async findTicket(ticket) {
      if (!TICKET.test(ticket)) return null;
      const hash = hashTicket(ticket);
      const found = await db
        .selectFrom('two_step_tickets')
        .select(['user_id', 'remember', 'expires_at', 'used_at', 'attempts'])
        .where('ticket_hash', '=', hash)
        .executeTakeFirst();
      if (!found || found.used_at !== null || found.attempts >= TWO_STEP_TICKET_MAX_ATTEMPTS || found.expires_at.getTime() <= clock.now()) return null;
      return { hash, userId: found.user_id, remember: found.remember };
    },

    async tryTicket(hash) {
      const counted = await db
        .updateTable('two_step_tickets')
        .set({ attempts: sql<number>`attempts + 1` })
        .where('ticket_hash', '=', hash)
        .where('used_at', 'is', null)
        .where('attempts', '<', TWO_STEP_TICKET_MAX_ATTEMPTS)
        .where('expires_at', '>', new Date(clock.now()))
        .returning('ticket_hash')
        .executeTakeFirst();
      return counted !== undefined;
    },

    async failTicket(hash) {
      await db
        .updateTable('two_step_tickets')
        .set({ used_at: new Date(clock.now()) })
        .where('ticket_hash', '=', hash)
        .where('used_at', 'is', null)
        .where('attempts', '>=', TWO_STEP_TICKET_MAX_ATTEMPTS)
        .execute();
    },

    async spendTicket(hash) {
      // The try that spends it was counted (`tryTicket`): the last allowed one may.
      const spent = await db
        .updateTable('two_step_tickets')
        .set({ used_at: new Date(clock.now()) })
        .where('ticket_hash', '=', hash)
        .where('used_at', 'is', null)
        .where('attempts', '<=', TWO_STEP_TICKET_MAX_ATTEMPTS)
        .where('expires_at', '>', new Date(clock.now()))
        .returning('ticket_hash')
        .executeTakeFirst();
      return spent !== undefined;
    },
  };
}
