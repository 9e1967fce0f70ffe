/**
 * QR login (SPEC §2 office "QR login (auth_qr)"): a logged-out browser shows a QR code and a
 * short code; a device where the player is logged in approves it; the first browser then
 * logs in with a single-use login token (`/web-api/auth/v1/login/token`, method `qr`).
 *
 * - `POST /web-api/auth/v1/qr` → a request: id, code, poll secret, expiry, QR image.
 * - `GET /web-api/auth/v1/qr/{id}` with the `x-qr-secret` header → its status; once
 *   approved, the login token (handed out once).
 * - `POST /web-api/office/v1/auth-qr/{lookup,approve,reject}` `{ code }` → logged-in only.
 */
import { z } from 'zod';
import { LoginTokenSchema } from './social.ts';
import { text } from './text.ts';

export const QR_LOGIN_API = {
  create: '/web-api/auth/v1/qr',
  poll: (id: string) => `/web-api/auth/v1/qr/${id}`,
  lookup: '/web-api/office/v1/auth-qr/lookup',
  approve: '/web-api/office/v1/auth-qr/approve',
  reject: '/web-api/office/v1/auth-qr/reject',
} as const;

/** The header carrying the poll secret (not in the URL, so it stays out of logs). */
export const QR_POLL_SECRET_HEADER = 'x-qr-secret';
/** How long a request lives (SPEC: short; the browser shows a countdown). */
export const QR_LOGIN_TTL_MS = 2 * 60 * 1000;
/** How often the browser asks. */
export const QR_POLL_INTERVAL_MS = 2000;
/** Eight characters without look-alikes (0/O, 1/I/L): 40 bits, typed from the screen. */
export const QR_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const QR_CODE_LENGTH = 8;

/** A code as typed: spaces and dashes dropped, upper-cased, then checked. */
export const QrCodeSchema = text()
  .max(32)
  .transform((code) => code.replace(/[\s-]/g, '').toUpperCase())
  .pipe(text().regex(new RegExp(`^[${QR_CODE_ALPHABET}]{${QR_CODE_LENGTH}}$`), 'Enter the 8-character code'));

export const QrCreateRequestSchema = z
  .object({
    language: text()
      .regex(/^[A-Za-z]{2}$/)
      .transform((l) => l.toLowerCase())
      .optional(),
  })
  .strip();
export type QrCreateRequest = z.output<typeof QrCreateRequestSchema>;

export const QrCreateResponseSchema = z.object({
  id: z.uuid(),
  /** Shown under the QR code, typed on the approving device when scanning is not possible. */
  code: text(),
  /** Sent back as `x-qr-secret` when polling; only this browser knows it. */
  pollSecret: text(),
  expiresAt: text(),
  /** What the QR code encodes: the office auth_qr page with the code filled in. */
  approveUrl: text(),
  /** The QR code as an SVG document. */
  svg: text(),
});
export type QrCreateResponse = z.infer<typeof QrCreateResponseSchema>;

export const QrPollResponseSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('pending'), expiresAt: text() }),
  /** The login token, handed out once; later polls answer `consumed`. */
  z.object({ status: z.literal('approved'), login: LoginTokenSchema }),
  z.object({ status: z.literal('rejected') }),
  z.object({ status: z.literal('expired') }),
  z.object({ status: z.literal('consumed') }),
]);
export type QrPollResponse = z.infer<typeof QrPollResponseSchema>;

export const QrCodeRequestSchema = z.object({ code: QrCodeSchema }).strip();
export type QrCodeRequest = z.output<typeof QrCodeRequestSchema>;

/** What the approving device sees before it decides (SPEC: which device, browser and IP asks). */
export const QrDetailsResponseSchema = z.object({
  code: text(),
  /** "Chrome 126", "Safari 17" …; null when not recognised. */
  browser: text().nullable(),
  os: text().nullable(),
  device: z.enum(['desktop', 'mobile', 'tablet', 'unknown']),
  ip: text().nullable(),
  language: text().nullable(),
  createdAt: text(),
  expiresAt: text(),
});
export type QrDetailsResponse = z.infer<typeof QrDetailsResponseSchema>;

export const QrDecisionResponseSchema = z.object({ status: z.enum(['approved', 'rejected']) });
export type QrDecisionResponse = z.infer<typeof QrDecisionResponseSchema>;

export const QrLoginErrorCode = {
  /** No request with this code (404); also a wrong id or poll secret. */
  notFound: 'qr_not_found',
  /** The request's 2 minutes are over (410). */
  expired: 'qr_expired',
  /** Already approved, rejected or used (409). */
  decided: 'qr_already_decided',
  /** A logged-in browser asked for a QR login (409). */
  alreadyLoggedIn: 'already_logged_in',
} as const;
