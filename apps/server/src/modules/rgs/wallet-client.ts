/**
 * The game server's side of the seamless wallet (decision 0022): the only way it reaches a
 * player's money. Every call is the signed contract a third-party provider would use
 * (`X-Signature: hex(HMAC-SHA256(secret, raw body))`); by default sent to this same app in
 * process (`app.inject`, no socket), or over HTTP to `RGS_WALLET_URL` when the wallet is
 * another host.
 *
 * A refusal is an answer (`ok: false` with the wallet's status and code, passed on to the
 * player); a call whose outcome is unknown (the wallet unreachable, a 5xx) throws
 * `WalletUnavailable`, and the round keeps the call as pending so recovery settles it.
 */
import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  ApiErrorSchema,
  CASINO_SIGNATURE_HEADER,
  CASINO_WALLET_API,
  LaunchSessionSchema,
  WalletBalanceSchema,
  WalletTransactionAnswerSchema,
  type LaunchSession,
  type WalletTransactionAnswer,
} from '@betsite/contracts';

export type WalletRefusal = { ok: false; status: number; code: string; message: string; details?: unknown };
export type WalletResult<T> = { ok: true; answer: T } | WalletRefusal;

export class WalletUnavailable extends Error {
  override readonly name = 'WalletUnavailable';
}

export interface MoneyCall {
  playerId: string;
  currency: string;
  gameId: string;
  roundId: string;
  transactionId: string;
  amount: bigint;
}

export interface WalletClient {
  readonly provider: string;
  redeem(token: string): Promise<WalletResult<LaunchSession>>;
  balance(playerId: string, currency: string): Promise<WalletResult<{ balance: string; currency: string }>>;
  debit(call: MoneyCall): Promise<WalletResult<WalletTransactionAnswer>>;
  credit(call: MoneyCall): Promise<WalletResult<WalletTransactionAnswer>>;
  rollback(call: Omit<MoneyCall, 'amount' | 'gameId'> & { referenceTransactionId: string }): Promise<WalletResult<WalletTransactionAnswer>>;
}

/** How a signed body reaches the wallet: status and parsed JSON, or a throw when no answer came. */
export type WalletTransport = (path: string, raw: string, signature: string) => Promise<{ status: number; json: unknown }>;

/** The same app, in process. */
export function injectTransport(app: FastifyInstance): WalletTransport {
  return async (path, raw, signature) => {
    const res = await app.inject({ method: 'POST', url: path, headers: { 'content-type': 'application/json', [CASINO_SIGNATURE_HEADER]: signature }, payload: raw });
    return { status: res.statusCode, json: res.body ? (JSON.parse(res.body) as unknown) : null };
  };
}

/** Another host (`RGS_WALLET_URL`, e.g. `https://wallet.internal`): the paths appended to it. */
export function httpTransport(baseUrl: string, timeoutMs = 10_000): WalletTransport {
  const base = baseUrl.replace(/\/+$/, '');
  return async (path, raw, signature) => {
    const res = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [CASINO_SIGNATURE_HEADER]: signature },
      body: raw,
      signal: AbortSignal.timeout(timeoutMs),
    });
    const body = await res.text();
    return { status: res.status, json: body ? (JSON.parse(body) as unknown) : null };
  };
}

export function createWalletClient({ provider, secret, transport }: { provider: string; secret: string; transport: WalletTransport }): WalletClient {
  async function call<T>(path: string, body: Record<string, string>, parse: (json: unknown) => T): Promise<WalletResult<T>> {
    const raw = JSON.stringify(body);
    const signature = createHmac('sha256', secret).update(raw).digest('hex');
    let res: { status: number; json: unknown };
    try {
      res = await transport(path, raw, signature);
    } catch (error) {
      throw new WalletUnavailable(`wallet ${path}: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (res.status >= 500) throw new WalletUnavailable(`wallet ${path}: HTTP ${res.status}`);
    if (res.status === 200) return { ok: true, answer: parse(res.json) };
    const error = ApiErrorSchema.safeParse(res.json);
    const refusal: WalletRefusal = error.success
      ? { ok: false, status: res.status, code: error.data.code, message: error.data.message, ...(error.data.details === undefined ? {} : { details: error.data.details }) }
      : { ok: false, status: res.status, code: 'wallet_refused', message: `The wallet answered ${res.status}` };
    return refusal;
  }
  const answer = (json: unknown) => WalletTransactionAnswerSchema.parse(json);
  return {
    provider,
    redeem: (token) => call(CASINO_WALLET_API.redeem, { provider, token }, (json) => LaunchSessionSchema.parse(json)),
    balance: (playerId, currency) => call(CASINO_WALLET_API.balance, { provider, playerId, currency }, (json) => WalletBalanceSchema.parse(json)),
    debit: (c) =>
      call(CASINO_WALLET_API.debit, { provider, playerId: c.playerId, currency: c.currency, transactionId: c.transactionId, roundId: c.roundId, gameId: c.gameId, amount: c.amount.toString() }, answer),
    credit: (c) =>
      call(CASINO_WALLET_API.credit, { provider, playerId: c.playerId, currency: c.currency, transactionId: c.transactionId, roundId: c.roundId, gameId: c.gameId, amount: c.amount.toString() }, answer),
    rollback: (c) =>
      call(
        CASINO_WALLET_API.rollback,
        { provider, playerId: c.playerId, currency: c.currency, transactionId: c.transactionId, roundId: c.roundId, referenceTransactionId: c.referenceTransactionId },
        answer,
      ),
  };
}
