/**
 * QR login requests (SPEC §2 office auth_qr). A logged-out browser creates a request and
 * gets its code (8 typable characters, 40 bits), a poll secret (256 bits, only it knows)
 * and a QR code of the approval page; a logged-in device looks the code up, sees who asks
 * (browser, system, IP) and approves or rejects. The first poll after the approval
 * turns the request into a single-use login token for the approver (method `qr`), in one
 * transaction, so the token is handed out exactly once.
 *
 * States: pending → approved | rejected (by a player, before expiry); approved → consumed
 * (by the poll). A request lives 2 minutes. Codes, poll secrets and tokens are stored as
 * SHA-256 only.
 */
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import { renderSVG } from 'uqr';
import type { Database } from '@betsite/db';
import type { Clock } from '@betsite/domain';
import {
  QR_CODE_ALPHABET,
  QR_CODE_LENGTH,
  QR_LOGIN_TTL_MS,
  QrLoginErrorCode,
  type QrCreateResponse,
  type QrDetailsResponse,
  type QrPollResponse,
} from '@betsite/contracts';
import { AppError, sqlState } from '../../../lib/errors.ts';
import type { LoginTokens } from '../token-login/index.ts';
import { summariseUserAgent } from '../../security/device.ts';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const codeHash = (code: string) => sha256(`qr-code:${code}`);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface QrRequester {
  ip: string | null;
  userAgent: string | null;
  language: string | null;
}

export interface QrLoginService {
  /** `approveUrl(code)`: what the QR code encodes. */
  create(requester: QrRequester, approveUrl: (code: string) => string): Promise<QrCreateResponse>;
  /** The request's status for its poll secret; null for an unknown id or a wrong secret. */
  poll(id: string, secret: string): Promise<QrPollResponse | null>;
  /** What the approving device shows; throws 404 / 409 / 410. */
  lookup(code: string): Promise<QrDetailsResponse>;
  /** Approves (as `userId`) or rejects; throws 404 / 409 / 410. */
  decide(code: string, userId: string, decision: 'approved' | 'rejected'): Promise<void>;
}

function newCode(): string {
  let code = '';
  for (let i = 0; i < QR_CODE_LENGTH; i++) code += QR_CODE_ALPHABET[randomInt(QR_CODE_ALPHABET.length)];
  return code;
}

export function createQrLoginService(db: Kysely<Database>, clock: Clock, tokens: LoginTokens): QrLoginService {
  const notFound = () => new AppError(404, QrLoginErrorCode.notFound, 'No QR login request with this code');
  const expired = () => new AppError(410, QrLoginErrorCode.expired, 'This QR login request has expired');
  const decided = () => new AppError(409, QrLoginErrorCode.decided, 'This QR login request was already answered');

  /** Why a code cannot be decided: unknown, answered, or too old. */
  async function refusal(code: string): Promise<AppError> {
    const row = await db.selectFrom('qr_login_requests').select(['status', 'expires_at']).where('code_hash', '=', codeHash(code)).executeTakeFirst();
    if (!row) return notFound();
    if (row.status !== 'pending') return decided();
    return row.expires_at.getTime() <= clock.now() ? expired() : notFound();
  }

  return {
    async create(requester, approveUrl) {
      const pollSecret = randomBytes(32).toString('base64url');
      for (let attempt = 0; ; attempt++) {
        const code = newCode();
        const now = clock.now();
        const expiresAt = new Date(now + QR_LOGIN_TTL_MS);
        try {
          const row = await db
            .insertInto('qr_login_requests')
            .values({
              code_hash: codeHash(code),
              poll_secret_hash: sha256(pollSecret),
              ip: requester.ip?.slice(0, 64) ?? null,
              user_agent: requester.userAgent?.slice(0, 512) ?? null,
              language: requester.language,
              created_at: new Date(now),
              expires_at: expiresAt,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          const url = approveUrl(code);
          return { id: row.id, code, pollSecret, expiresAt: expiresAt.toISOString(), approveUrl: url, svg: renderSVG(url, { ecc: 'M', border: 2 }) };
        } catch (error) {
          // A code seen before (unique over all requests): draw another.
          if (sqlState(error) !== '23505' || attempt >= 4) throw error;
        }
      }
    },

    async poll(id, secret) {
      if (!UUID.test(id) || secret.length === 0 || secret.length > 128) return null;
      const row = await db
        .selectFrom('qr_login_requests')
        .select(['status', 'poll_secret_hash', 'expires_at'])
        .where('id', '=', id)
        .executeTakeFirst();
      if (!row || !timingSafeEqual(Buffer.from(sha256(secret), 'hex'), Buffer.from(row.poll_secret_hash, 'hex'))) return null;
      const now = clock.now();
      if (row.status === 'rejected' || row.status === 'consumed') return { status: row.status };
      if (row.expires_at.getTime() <= now) return { status: 'expired' };
      if (row.status === 'pending') return { status: 'pending', expiresAt: row.expires_at.toISOString() };
      // Approved: spend the approval and issue the token together, once.
      const login = await db.transaction().execute(async (trx) => {
        const spent = await trx
          .updateTable('qr_login_requests')
          .set({ status: 'consumed' })
          .where('id', '=', id)
          .where('status', '=', 'approved')
          .returning('user_id')
          .executeTakeFirst();
        return spent?.user_id ? tokens.issue(spent.user_id, 'qr', trx) : null;
      });
      return login ? { status: 'approved', login } : { status: 'consumed' };
    },

    async lookup(code) {
      const row = await db
        .selectFrom('qr_login_requests')
        .select(['status', 'ip', 'user_agent', 'language', 'created_at', 'expires_at'])
        .where('code_hash', '=', codeHash(code))
        .executeTakeFirst();
      if (!row) throw notFound();
      if (row.status !== 'pending') throw decided();
      if (row.expires_at.getTime() <= clock.now()) throw expired();
      return {
        code,
        ...summariseUserAgent(row.user_agent),
        ip: row.ip,
        language: row.language,
        createdAt: row.created_at.toISOString(),
        expiresAt: row.expires_at.toISOString(),
      };
    },

    async decide(code, userId, decision) {
      const now = new Date(clock.now());
      const done = await db
        .updateTable('qr_login_requests')
        .set({ status: decision, decided_at: now, ...(decision === 'approved' ? { user_id: userId } : {}) })
        .where('code_hash', '=', codeHash(code))
        .where('status', '=', 'pending')
        .where('expires_at', '>', now)
        .returning('id')
        .executeTakeFirst();
      if (!done) throw await refusal(code);
    },
  };
}
