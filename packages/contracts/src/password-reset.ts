/**
 * Password recovery (SPEC §4: open, code sent, code wrong or expired, new password saved,
 * success), `/web-api/auth/v1/password-reset/{request,confirm}`.
 *
 * `request` answers 202 with the same body whether or not the e-mail or phone belongs to a
 * player; a 6-digit code goes out only when it does. `confirm` answers 200 on success and
 * 400 `reset_code_invalid` for a wrong code, a used or burnt code AND an unknown login (the
 * same answer), `reset_code_expired` only when the code was right but too late (so it
 * proves nothing to someone who does not hold the code), and `invalid_request` for a
 * password the rules refuse.
 */
import { z } from 'zod';
import { EMAIL_MAX_LENGTH } from '@betsite/domain';
import { AcceptedResponseSchema, NewPasswordSchema, refuseLoginAsPassword } from './auth.ts';
import { text } from './text.ts';

export const PASSWORD_RESET_API = {
  request: '/web-api/auth/v1/password-reset/request',
  confirm: '/web-api/auth/v1/password-reset/confirm',
} as const;

export const PasswordResetErrorCode = {
  /** Wrong, used or burnt code, or an unknown login: deliberately the same answer. */
  codeInvalid: 'reset_code_invalid',
  /** The right code, after its 15 minutes. */
  codeExpired: 'reset_code_expired',
} as const;
export type PasswordResetErrorCode = (typeof PasswordResetErrorCode)[keyof typeof PasswordResetErrorCode];

/** An e-mail address or a phone number in international form (`+44 7700 900123`). */
const ResetLoginSchema = text().trim().min(1).max(EMAIL_MAX_LENGTH);

export const PasswordResetRequestSchema = z.object({ login: ResetLoginSchema }).strip();
export type PasswordResetRequest = z.infer<typeof PasswordResetRequestSchema>;

export const PasswordResetRequestResponseSchema = AcceptedResponseSchema;
export type PasswordResetRequestResponse = z.infer<typeof PasswordResetRequestResponseSchema>;

export const PasswordResetConfirmRequestSchema = z
  .object({
    login: ResetLoginSchema,
    code: text().trim().max(16),
    newPassword: NewPasswordSchema,
  })
  .strip()
  .superRefine(refuseLoginAsPassword((body) => body.newPassword, (body) => body.login, 'newPassword'));
export type PasswordResetConfirmRequest = z.infer<typeof PasswordResetConfirmRequestSchema>;

export const PasswordResetConfirmResponseSchema = z.object({ success: z.literal(true) });
export type PasswordResetConfirmResponse = z.infer<typeof PasswordResetConfirmResponseSchema>;
