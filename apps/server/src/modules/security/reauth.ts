/**
 * Re-authentication before sensitive changes: the player proves again, in this session,
 * that they are who the session says (the password, or a code sent to their proven phone
 * or e-mail), and `sessions.reauth_at` records when. For `REAUTH_WINDOW_MS` after that,
 * sensitive endpoints accept the session; otherwise they answer 403 `reauth_required`.
 *
 * Wrong passwords and codes are counted per player (`reauth:<id>` in the login counters):
 * 5 free, then a growing wait (the two-step codes' back-off), so a stolen session cannot
 * be used to guess the password. Each try is counted before it is checked, atomically with
 * the back-off check (`countAttempt`), so concurrent tries cannot all pass it; a right one
 * clears the counter.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '@betsite/db';
import type { Clock } from '@betsite/domain';
import { REAUTH_WINDOW_MS, SecurityErrorCode, type ReauthCodeResponse } from '@betsite/contracts';
import { AppError } from '../../lib/errors.ts';
import type { AuthKit } from '../auth/index.ts';
import { codeRetryAfterMs } from '../auth/two-step/index.ts';
import type { Notifications } from '../notifications/index.ts';
import { maskEmail, maskPhone } from './mask.ts';

export const REAUTH_CODE_POLICY = { ttlMs: 10 * 60 * 1000, maxAttempts: 5, cooldownMs: 60 * 1000 };

type Reply = Pick<FastifyReply, 'header'>;

export interface Reauth {
  /** When the session's re-authentication stops counting; null when there is none in force. */
  validUntil(request: FastifyRequest): Promise<Date | null>;
  /** The player, when the session re-authenticated within the window; 401 / 403 otherwise. */
  require(request: FastifyRequest): Promise<string>;
  /** Checks the password (throttled); on success marks the session re-authenticated. 400 `wrong_password` otherwise. */
  withPassword(request: FastifyRequest, reply: Reply, password: string): Promise<Date>;
  withCode(request: FastifyRequest, reply: Reply, code: string): Promise<Date>;
  /** Sends a re-authentication code to the proven phone (SMS) or else the proven e-mail. */
  sendCode(request: FastifyRequest): Promise<ReauthCodeResponse>;
  /** Whether the player has somewhere to receive a code. */
  codeChannel(userId: string): Promise<{ channel: 'sms' | 'email'; to: string } | null>;
}

export function createReauth(deps: {
  db: Kysely<Database>;
  clock: Clock;
  kit: AuthKit;
  notifications: Pick<Notifications, 'sendInBackground'>;
}): Reauth {
  const { db, clock, kit, notifications } = deps;
  const key = (userId: string) => `reauth:${userId}`;

  const session = (request: FastifyRequest) => {
    if (!request.userId || !request.authSession) throw new AppError(401, SecurityErrorCode.unauthorized, 'Not logged in');
    return { userId: request.userId, tokenHash: request.authSession.tokenHash };
  };

  const validUntil: Reauth['validUntil'] = async (request) => {
    const { tokenHash } = session(request);
    const row = await db.selectFrom('sessions').select('reauth_at').where('token_hash', '=', tokenHash).executeTakeFirst();
    if (!row?.reauth_at) return null;
    const until = row.reauth_at.getTime() + REAUTH_WINDOW_MS;
    return until > clock.now() ? new Date(until) : null;
  };

  /** 429 during a back-off; otherwise this try counts as a failure until `mark` clears it. */
  const throttle = async (userId: string, reply: Reply) => {
    const now = clock.now();
    const wait = await kit.repository.countAttempt(key(userId), new Date(now), ({ failures, lastFailureAt }) => {
      const ms = codeRetryAfterMs(failures, lastFailureAt, now);
      return ms > 0 ? ms : null;
    });
    if (wait !== null) {
      reply.header('retry-after', String(Math.ceil(wait / 1000)));
      throw new AppError(429, SecurityErrorCode.reauthBackoff, 'Too many failed attempts; try again later', { retryAfterMs: wait });
    }
  };

  /** A right password or code: the counter is cleared and the session re-authenticated (a wrong one stays counted). */
  const mark = async (request: FastifyRequest, ok: boolean): Promise<void> => {
    if (!ok) return;
    const { userId, tokenHash } = session(request);
    await kit.recordOutcome(key(userId), true);
    await db.updateTable('sessions').set({ reauth_at: new Date(clock.now()) }).where('token_hash', '=', tokenHash).execute();
  };

  const codeChannel: Reauth['codeChannel'] = async (userId) => {
    const user = await db
      .selectFrom('users')
      .select(['phone', 'phone_verified_at', 'email', 'email_verified_at'])
      .where('id', '=', userId)
      .executeTakeFirst();
    if (user?.phone && user.phone_verified_at) return { channel: 'sms', to: user.phone };
    if (user?.email && user.email_verified_at) return { channel: 'email', to: user.email };
    return null;
  };

  return {
    validUntil,

    async require(request) {
      const { userId } = session(request);
      if (!(await validUntil(request))) {
        throw new AppError(403, SecurityErrorCode.reauthRequired, 'Confirm it is you: enter your password again');
      }
      return userId;
    },

    async withPassword(request, reply, password) {
      const { userId } = session(request);
      await throttle(userId, reply);
      const user = await db.selectFrom('users').select('password_hash').where('id', '=', userId).executeTakeFirst();
      const ok = user ? await kit.hasher.verify(user.password_hash, password) : false;
      await mark(request, ok);
      if (!ok) throw new AppError(400, SecurityErrorCode.wrongPassword, 'Wrong password');
      return new Date(clock.now() + REAUTH_WINDOW_MS);
    },

    async withCode(request, reply, code) {
      const { userId } = session(request);
      await throttle(userId, reply);
      const ok = (await kit.codes.consume('reauth', { userId }, code, REAUTH_CODE_POLICY)) === 'ok';
      await mark(request, ok);
      if (!ok) throw new AppError(400, SecurityErrorCode.reauthCodeInvalid, 'Wrong, used or expired code');
      return new Date(clock.now() + REAUTH_WINDOW_MS);
    },

    async sendCode(request) {
      const { userId } = session(request);
      const target = await codeChannel(userId);
      if (!target) throw new AppError(409, SecurityErrorCode.reauthNoChannel, 'There is no proven phone or e-mail to send a code to');
      // Within the cooldown nothing new is sent: the code sent a moment ago still works.
      const code = await kit.codes.issue('reauth', { userId }, REAUTH_CODE_POLICY);
      if (code) {
        const text = `Your confirmation code: ${code}. It expires in 10 minutes. If you did not ask for it, change your password.`;
        notifications.sendInBackground(
          target.channel === 'sms' ? { channel: 'sms', to: target.to, text } : { channel: 'email', to: target.to, subject: 'Your confirmation code', text },
        );
      }
      return { channel: target.channel, to: target.channel === 'sms' ? maskPhone(target.to) : maskEmail(target.to) };
    },

    codeChannel,
  };
}
