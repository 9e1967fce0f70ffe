/**
 * The seamless wallet between a game server and the site (issue 13, decision 0022), as the
 * aggregators' wallet APIs: balance, debit, credit, rollback, and the redemption of a one-time
 * launch token. Every call is a POST with a JSON body signed by the game server:
 * `X-Signature: hex(HMAC-SHA256(CASINO_WALLET_SECRET, raw body))` (401 `bad_signature`
 * otherwise). Amounts are integer minor units as decimal strings.
 *
 * Idempotency: a transaction id (`transactionId`, unique per provider) is answered once and
 * stored; the same id again answers the stored answer (status and body), another body under
 * the same id 409 `transaction_conflict`.
 *
 * Answers (status, code):
 * - debit: 200; 403 `play_not_allowed` (a ban); 404 `account_not_found` (no player account in the currency); 409
 *   `round_mismatch` (the round is another player's, game's or currency's), `round_closed` (settled or
 *   rolled back), `transaction_rolled_back` (a rollback named this debit before it came);
 *   422 `insufficient_funds`, the responsible-gaming refusals (`self_excluded`,
 *   `session_limit_reached`, `wager_limit_exceeded`, `loss_limit_exceeded` …).
 * - credit (settles the round; amount 0 for a loss): 200; 404 `round_not_found` (no debit
 *   opened it); 409 `round_mismatch`, `round_settled` (already credited), `round_rolled_back`.
 * - rollback (of one debit, `referenceTransactionId`): 200 with `refunded` the stake given back,
 *   once; `refunded: "0"` when the debit is unknown (it is then refused if it comes later), was
 *   refused, or was already rolled back; 409 `round_settled` when the round was credited
 *   (a rollback after a credit is refused), `reference_not_debit`, `round_mismatch`.
 */
import { z } from 'zod';
import { ApiErrorSchema } from './errors.ts';
import type { ApiOperation } from './operations.ts';
import { text } from './text.ts';

const WALLET = '/rgs-wallet/v1';
export const CASINO_WALLET_API = {
  balance: `${WALLET}/balance`,
  debit: `${WALLET}/debit`,
  credit: `${WALLET}/credit`,
  rollback: `${WALLET}/rollback`,
  redeem: `${WALLET}/launch-tokens/redeem`,
  /** The player's side: a launch token for a game (session for real money; visitors demo only). */
  launch: '/web-api/casino/v1/launch-tokens',
} as const;

export const CASINO_SIGNATURE_HEADER = 'x-signature';

export const CasinoWalletErrorCode = {
  badSignature: 'bad_signature',
  transactionConflict: 'transaction_conflict',
  accountNotFound: 'account_not_found',
  roundNotFound: 'round_not_found',
  roundMismatch: 'round_mismatch',
  roundClosed: 'round_closed',
  roundSettled: 'round_settled',
  roundRolledBack: 'round_rolled_back',
  transactionRolledBack: 'transaction_rolled_back',
  referenceNotDebit: 'reference_not_debit',
  launchTokenInvalid: 'launch_token_invalid',
  demoOnly: 'demo_only',
  playNotAllowed: 'play_not_allowed',
} as const;

const id = (what: string) => text().regex(/^[A-Za-z0-9_.:-]{1,100}$/, `${what}: 1 to 100 of A-Z a-z 0-9 _ . : -`);
export const CasinoProviderSchema = text().regex(/^[a-z0-9-]{1,40}$/, 'provider: 1 to 40 of a-z 0-9 -');
export const CasinoGameIdSchema = text().regex(/^[a-z0-9-]{1,64}$/, 'gameId: 1 to 64 of a-z 0-9 -');
const CurrencySchema = text().regex(/^[A-Z]{3}$/, 'a currency code like EUR');
/** Integer minor units, as a decimal string (a bigint is not JSON). */
export const MinorUnitsSchema = text().regex(/^(0|[1-9]\d{0,17})$/, 'whole minor units, 0 to 18 digits');
const PositiveMinorSchema = MinorUnitsSchema.refine((v) => v !== '0', 'must be more than 0');

const Base = { provider: CasinoProviderSchema, playerId: z.uuid(), currency: CurrencySchema };

export const WalletBalanceRequestSchema = z.object(Base).strict();
export const WalletDebitRequestSchema = z
  .object({ ...Base, transactionId: id('transactionId'), roundId: id('roundId'), gameId: CasinoGameIdSchema, amount: PositiveMinorSchema })
  .strict();
export const WalletCreditRequestSchema = z
  .object({ ...Base, transactionId: id('transactionId'), roundId: id('roundId'), gameId: CasinoGameIdSchema, amount: MinorUnitsSchema })
  .strict();
export const WalletRollbackRequestSchema = z
  .object({ ...Base, transactionId: id('transactionId'), roundId: id('roundId'), referenceTransactionId: id('referenceTransactionId') })
  .strict();
export type WalletBalanceRequest = z.infer<typeof WalletBalanceRequestSchema>;
export type WalletDebitRequest = z.infer<typeof WalletDebitRequestSchema>;
export type WalletCreditRequest = z.infer<typeof WalletCreditRequestSchema>;
export type WalletRollbackRequest = z.infer<typeof WalletRollbackRequestSchema>;

export const WalletBalanceSchema = z.object({ balance: MinorUnitsSchema, currency: CurrencySchema });
export type WalletBalance = z.infer<typeof WalletBalanceSchema>;

/** A money call's answer: the balance after it (as it was then, for a replay) and the round's status. */
export const WalletTransactionAnswerSchema = z.object({
  transactionId: text(),
  balance: MinorUnitsSchema,
  currency: CurrencySchema,
  roundStatus: z.enum(['open', 'settled', 'rolled_back']).nullable(),
  /** Rollback only: the stake given back by this call (0 when nothing was due). */
  refunded: MinorUnitsSchema.optional(),
});
export type WalletTransactionAnswer = z.infer<typeof WalletTransactionAnswerSchema>;

export const CasinoModeSchema = z.enum(['real', 'demo']);
export const LaunchTokenRequestSchema = z
  .object({ gameId: CasinoGameIdSchema, mode: CasinoModeSchema, language: text().regex(/^[a-z]{2}$/, 'a language like en'), currency: CurrencySchema.optional() })
  .strict();
export type LaunchTokenRequest = z.infer<typeof LaunchTokenRequestSchema>;
export const LaunchTokenSchema = z.object({ token: text(), expiresAt: z.number().int() });
export type LaunchToken = z.infer<typeof LaunchTokenSchema>;

export const RedeemLaunchTokenRequestSchema = z.object({ provider: CasinoProviderSchema, token: text().min(1).max(400) }).strict();
export const LaunchSessionSchema = z.object({
  playerId: z.uuid().nullable(),
  gameId: CasinoGameIdSchema,
  currency: CurrencySchema,
  mode: CasinoModeSchema,
  language: text(),
  /** Real money: the player's balance (minor units); demo: null (fun money is the game server's). */
  balance: MinorUnitsSchema.nullable(),
});
export type LaunchSession = z.infer<typeof LaunchSessionSchema>;

const SIGNED = 'Signed by the game server: `X-Signature: hex(HMAC-SHA256(secret, raw body))`; 401 `bad_signature` otherwise.';
const WALLET_ERRORS = { 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema, 409: ApiErrorSchema, 422: ApiErrorSchema } as const;

/** The wallet API as /docs shows it. */
export const CASINO_WALLET_OPERATIONS: readonly ApiOperation[] = [
  {
    method: 'POST', path: CASINO_WALLET_API.balance, summary: 'Wallet: balance', description: SIGNED, tag: 'casino-wallet', auth: 'public',
    body: WalletBalanceRequestSchema, responses: { 200: WalletBalanceSchema, 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema },
  },
  {
    method: 'POST', path: CASINO_WALLET_API.debit, summary: 'Wallet: debit a stake (opens the round)',
    description: `${SIGNED} Once per transactionId (a replay answers the stored answer). Real money only; responsible-gaming limits apply. 409 round_mismatch / round_closed / transaction_rolled_back, 422 insufficient_funds or a limit refusal.`,
    tag: 'casino-wallet', auth: 'public', body: WalletDebitRequestSchema, responses: { 200: WalletTransactionAnswerSchema, ...WALLET_ERRORS },
  },
  {
    method: 'POST', path: CASINO_WALLET_API.credit, summary: 'Wallet: credit a win (settles the round; 0 for a loss)',
    description: `${SIGNED} 404 round_not_found, 409 round_settled / round_rolled_back / round_mismatch.`,
    tag: 'casino-wallet', auth: 'public', body: WalletCreditRequestSchema, responses: { 200: WalletTransactionAnswerSchema, ...WALLET_ERRORS },
  },
  {
    method: 'POST', path: CASINO_WALLET_API.rollback, summary: 'Wallet: roll back a debit',
    description: `${SIGNED} Gives the stake back once (refunded); an unknown debit answers refunded 0 and is refused if it comes later; 409 round_settled after a credit.`,
    tag: 'casino-wallet', auth: 'public', body: WalletRollbackRequestSchema, responses: { 200: WalletTransactionAnswerSchema, ...WALLET_ERRORS },
  },
  {
    method: 'POST', path: CASINO_WALLET_API.redeem, summary: 'Redeem a launch token (once)',
    description: `${SIGNED} 404 launch_token_invalid for a bad, expired or used token.`,
    tag: 'casino-wallet', auth: 'public', body: RedeemLaunchTokenRequestSchema, responses: { 200: LaunchSessionSchema, 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema },
  },
  {
    method: 'POST', path: CASINO_WALLET_API.launch, summary: 'A one-time launch token for a game',
    description: 'Real money needs a session (401) and a player who may play now (403 play_not_allowed, 422 limit refusals); visitors get demo only (401 for real). Expires in 60 s.',
    tag: 'casino-wallet', auth: 'public', body: LaunchTokenRequestSchema, responses: { 201: LaunchTokenSchema, 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 422: ApiErrorSchema },
  },
];
