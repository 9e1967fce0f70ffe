/**
 * The office security page API, `/web-api/office/v1/security/*` (contracts `security.ts`).
 * Players only (401 `unauthorized` for visitors); every answer `no-store`.
 *
 * Sensitive changes need a re-authentication within 5 minutes (403 `reauth_required`):
 * two-step setup, disable and new recovery codes, phone binding, security question, and a
 * password change made without the current password (with it, that password is the proof).
 * Ending other sessions needs none: it only ever protects the player.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import {
  PasswordChangeRequestSchema,
  PhoneBindingCodeRequestSchema,
  PhoneBindingConfirmRequestSchema,
  ReauthRequestSchema,
  SECURITY_API,
  SecurityErrorCode,
  SecurityQuestionRequestSchema,
  SessionRevokeRequestSchema,
  TwoStepCodeRequestSchema,
  type PhoneBindingCodeResponse,
  type RecoveryCodesResponse,
  type ReauthCodeResponse,
  type ReauthResponse,
  type RevokeOthersResponse,
  type SecurityQuestion,
  type SecurityStateResponse,
  type SecuritySuccessResponse,
  type TwoStepSetupResponse,
} from '@betsite/contracts';
import { checkPassword, classifyLogin, PASSWORD_PROBLEM_MESSAGES, protectionStatus } from '@betsite/domain';
import { AppError, sqlState } from '../../lib/errors.ts';
import { parseRequest } from '../../lib/validate.ts';
import { normaliseAnswer } from './answers.ts';
import type { PlayerSessions } from './player-sessions.ts';
import { protectionOf } from './protection.ts';
import type { Reauth } from './reauth.ts';

export interface SecurityRateLimits {
  /** Re-authentication attempts and code requests per IP per minute. */
  reauth: number;
  /** Phone-binding code requests per IP per minute. */
  phoneCode: number;
}

export const DEFAULT_SECURITY_RATE_LIMITS: SecurityRateLimits = { reauth: 10, phoneCode: 5 };

export const PHONE_CODE_POLICY = { ttlMs: 10 * 60 * 1000, maxAttempts: 5, cooldownMs: 60 * 1000 };

const PHONE_CODE_ACCEPTED: PhoneBindingCodeResponse = {
  status: 'accepted',
  message: 'If this number can be bound to your account, a code is on its way. It expires in 10 minutes.',
};

const OK: SecuritySuccessResponse = { success: true };

export const securityRoutes: FastifyPluginAsync<{ reauth: Reauth; sessions: PlayerSessions; rateLimits: SecurityRateLimits }> = async (
  app,
  { reauth, sessions, rateLimits },
) => {
  const { db, clock, twoStep } = app;
  const kit = app.auth;
  const reauthLimit = app.rateLimit({ max: app.scaleRateLimit(rateLimits.reauth), timeWindow: 60_000 });
  const phoneCodeLimit = app.rateLimit({ max: app.scaleRateLimit(rateLimits.phoneCode), timeWindow: 60_000 });

  const player = (request: FastifyRequest): string => {
    if (!request.userId) throw new AppError(401, SecurityErrorCode.unauthorized, 'Not logged in');
    return request.userId;
  };
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store, no-cache, must-revalidate').header('pragma', 'no-cache');
  });

  app.get(SECURITY_API.state, async (request): Promise<SecurityStateResponse> => {
    const userId = player(request);
    const user = await db
      .selectFrom('users')
      .leftJoin('security_answers', 'security_answers.user_id', 'users.id')
      .select([
        'users.email',
        'users.email_verified_at',
        'users.phone',
        'users.phone_verified_at',
        'users.password_changed_at',
        'security_answers.question',
        'security_answers.updated_at as question_updated_at',
      ])
      .where('users.id', '=', userId)
      .executeTakeFirstOrThrow();
    const [protection, twoStepStatus, list, reauthUntil, channel] = await Promise.all([
      protectionOf(db, userId),
      twoStep.status(userId),
      sessions.list(userId, request.authSession?.tokenHash ?? null),
      reauth.validUntil(request),
      reauth.codeChannel(userId),
    ]);
    return {
      ...protection,
      protection_status: protectionStatus(protection.protection_level),
      password: { changedAt: user.password_changed_at?.toISOString() ?? null },
      twoStep: { ...twoStepStatus, enabledAt: twoStepStatus.enabledAt?.toISOString() ?? null },
      email: { address: user.email, verified: user.email !== null && user.email_verified_at !== null },
      phone: { number: user.phone, verified: user.phone !== null && user.phone_verified_at !== null },
      securityQuestion: {
        question: (user.question as SecurityQuestion | null) ?? null,
        updatedAt: user.question_updated_at?.toISOString() ?? null,
      },
      sessions: list,
      reauthUntil: reauthUntil?.toISOString() ?? null,
      reauthByCode: channel !== null,
    };
  });

  // --- Re-authentication ---------------------------------------------------------------

  app.post(SECURITY_API.reauth, { onRequest: reauthLimit }, async (request, reply): Promise<ReauthResponse> => {
    player(request);
    const body = parseRequest(ReauthRequestSchema, request.body, 'body');
    const until = 'password' in body ? await reauth.withPassword(request, reply, body.password) : await reauth.withCode(request, reply, body.code);
    return { reauthUntil: until.toISOString() };
  });

  app.post(SECURITY_API.reauthCode, { onRequest: reauthLimit }, async (request, reply): Promise<ReauthCodeResponse> => {
    player(request);
    const sent = await reauth.sendCode(request);
    return reply.code(202).send(sent);
  });

  // --- Password ------------------------------------------------------------------------

  app.post(SECURITY_API.password, { onRequest: reauthLimit }, async (request, reply): Promise<RevokeOthersResponse> => {
    const userId = player(request);
    const body = parseRequest(PasswordChangeRequestSchema, request.body, 'body');
    if (body.currentPassword !== undefined) await reauth.withPassword(request, reply, body.currentPassword);
    else await reauth.require(request);
    const user = await db.selectFrom('users').select(['email', 'phone', 'account_number']).where('id', '=', userId).executeTakeFirstOrThrow();
    const problem = checkPassword(body.newPassword, { identifiers: [user.email, user.phone, String(user.account_number)] });
    if (problem) {
      throw new AppError(400, 'invalid_request', 'Invalid request body', [{ path: 'body.newPassword', message: PASSWORD_PROBLEM_MESSAGES[problem] }]);
    }
    const passwordHash = await kit.hasher.hash(body.newPassword);
    const revoked = await db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ password_hash: passwordHash, password_changed_at: new Date(clock.now()) }).where('id', '=', userId).execute();
      // Every other device must log in again with the new password.
      return sessions.endAllExcept(userId, request.authSession?.tokenHash ?? null, 'password_changed', trx);
    });
    for (const login of [user.email, String(user.account_number)]) if (login) await kit.repository.clearFailures(classifyLogin(login).key);
    request.log.info({ userId, revoked }, 'password changed');
    return { success: true, revoked };
  });

  // --- Two-step authentication -----------------------------------------------------------

  app.post(SECURITY_API.twoStepSetup, async (request): Promise<TwoStepSetupResponse> => {
    const userId = await reauth.require(request);
    const user = await db.selectFrom('users').select(['email', 'account_number']).where('id', '=', userId).executeTakeFirstOrThrow();
    const issuer = (await app.siteConfig.get()).companyName;
    return twoStep.beginSetup(userId, { issuer, label: user.email ?? String(user.account_number) });
  });

  app.post(SECURITY_API.twoStepEnable, async (request, reply): Promise<RecoveryCodesResponse> => {
    const userId = player(request);
    const { code } = parseRequest(TwoStepCodeRequestSchema, request.body, 'body');
    const recoveryCodes = await twoStep.enable(userId, code, reply);
    request.log.info({ userId }, 'two-step authentication on');
    return { recoveryCodes };
  });

  app.post(SECURITY_API.twoStepDisable, async (request, reply): Promise<SecuritySuccessResponse> => {
    const userId = await reauth.require(request);
    const { code } = parseRequest(TwoStepCodeRequestSchema, request.body, 'body');
    await twoStep.disable(userId, code, reply);
    request.log.info({ userId }, 'two-step authentication off');
    return OK;
  });

  app.post(SECURITY_API.recoveryCodes, async (request): Promise<RecoveryCodesResponse> => {
    const userId = await reauth.require(request);
    return { recoveryCodes: await twoStep.regenerateRecoveryCodes(userId) };
  });

  // --- Phone binding (SPEC §4 "Phone update") --------------------------------------------

  app.post(SECURITY_API.phoneCode, { onRequest: phoneCodeLimit }, async (request, reply) => {
    const userId = await reauth.require(request);
    const { phone } = parseRequest(PhoneBindingCodeRequestSchema, request.body, 'body');
    // The hourly SMS caps per address and per number, like every SMS a caller asks for.
    await kit.smsCaps.check(request, reply, phone);
    await kit.smsCaps.take(request, reply, phone);
    const holder = await db.selectFrom('users').select(['id', 'phone_verified_at']).where('phone', '=', phone).executeTakeFirst();
    // Another player's number, or this player's already proven one: nothing to send, same answer.
    const bindable = !holder || (holder.id === userId && holder.phone_verified_at === null);
    const code = bindable ? await kit.codes.issue('phone_binding', { userId, target: phone }, PHONE_CODE_POLICY) : null;
    if (code) app.notifications.sendInBackground({ channel: 'sms', to: phone, text: `Your phone confirmation code: ${code}. It expires in 10 minutes.` });
    return reply.code(202).send(PHONE_CODE_ACCEPTED);
  });

  app.post(SECURITY_API.phoneConfirm, { onRequest: reauthLimit }, async (request): Promise<SecuritySuccessResponse> => {
    const userId = await reauth.require(request);
    const { phone, code } = parseRequest(PhoneBindingConfirmRequestSchema, request.body, 'body');
    const invalid = () => new AppError(400, SecurityErrorCode.phoneCodeInvalid, 'Wrong or used code');
    const check = await kit.codes.consume('phone_binding', { userId, target: phone }, code, PHONE_CODE_POLICY);
    if (check === 'expired') throw new AppError(400, SecurityErrorCode.phoneCodeExpired, 'The code has expired; ask for a new one');
    if (check !== 'ok') throw invalid();
    try {
      await db
        .updateTable('users')
        .set({
          phone,
          phone_verified_at: new Date(clock.now()),
          // SPEC §4: activation type 0 (none) becomes 3 (phone), 1 (e-mail) becomes 2 (both).
          activation_type: sql<number>`case activation_type when 0 then 3 when 1 then 2 else activation_type end`,
        })
        .where('id', '=', userId)
        .execute();
    } catch (error) {
      // Taken by another player since the code was sent: the same answer as a wrong code.
      if (sqlState(error) === '23505') throw invalid();
      throw error;
    }
    request.log.info({ userId }, 'phone bound');
    return OK;
  });

  // --- Security question -----------------------------------------------------------------

  app.post(SECURITY_API.question, async (request): Promise<SecuritySuccessResponse> => {
    const userId = await reauth.require(request);
    const { question, answer } = parseRequest(SecurityQuestionRequestSchema, request.body, 'body');
    const answerHash = await kit.hasher.hash(normaliseAnswer(answer));
    const now = new Date(clock.now());
    await db
      .insertInto('security_answers')
      .values({ user_id: userId, question, answer_hash: answerHash, updated_at: now })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ question, answer_hash: answerHash, updated_at: now }))
      .execute();
    return OK;
  });

  // --- Sessions ------------------------------------------------------------------------

  app.post(SECURITY_API.revokeOthers, async (request): Promise<RevokeOthersResponse> => {
    const userId = player(request);
    const revoked = await sessions.endAllExcept(userId, request.authSession?.tokenHash ?? null, 'logout_others');
    request.log.info({ userId, revoked }, 'other sessions ended');
    return { success: true, revoked };
  });

  app.post(SECURITY_API.revokeSession, async (request): Promise<SecuritySuccessResponse> => {
    const userId = player(request);
    const { id } = parseRequest(SessionRevokeRequestSchema, request.body, 'body');
    const tokenHash = await sessions.find(userId, id);
    if (!tokenHash) throw new AppError(404, SecurityErrorCode.sessionNotFound, 'No such session');
    if (tokenHash === request.authSession?.tokenHash) throw new AppError(400, SecurityErrorCode.currentSession, 'This is the session you are using: log out instead');
    await sessions.end(tokenHash, 'logout_others');
    return OK;
  });
};
