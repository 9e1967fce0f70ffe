/**
 * The bet slip's pure parts: which type to offer, the quote request and the placement body
 * built from the stored selections, the stake's quick amounts, what a refusal or a quote
 * error says (dictionary keys of `sports`), and how a placed coupon and its selections read
 * in "My bets".
 */
import { CURRENCIES, formatMinor, isCurrencyCode, minor, minorToDecimal, toMinor } from '@betsite/domain';
import type { Coupon, CouponBetState, CouponQuote, CouponQuoteRequest, CouponSubmit } from '@betsite/contracts';
import type { Selection } from '../line/index.ts';
import { limitRefusalOf, type LimitRefusal } from '../protection/index.ts';
import { CouponErrorCode } from './api.ts';
import type { ChangeCoefAction } from './slip-state.ts';

/** SPEC §3 coupon types (domain COUPON_TYPE, repeated to keep the slip's imports small). */
export const TYPE = { single: 0, express: 1, system: 2, chain: 3, multiBet: 4, conditional: 5, antiExpress: 6, lucky: 7, patent: 8, multipleSingles: 9 } as const;

/** The types the slip offers, in the order it shows them (all ten; the quote says which fit). */
export const OFFERED_TYPES: readonly number[] = [
  TYPE.single,
  TYPE.express,
  TYPE.system,
  TYPE.multipleSingles,
  TYPE.chain,
  TYPE.multiBet,
  TYPE.conditional,
  TYPE.antiExpress,
  TYPE.lucky,
  TYPE.patent,
];

export const TYPE_KEYS: Readonly<Record<number, string>> = {
  0: 'coupon_type_single',
  1: 'coupon_type_express',
  2: 'coupon_type_system',
  3: 'coupon_type_chain',
  4: 'coupon_type_multi_bet',
  5: 'coupon_type_conditional',
  6: 'coupon_type_anti_express',
  7: 'coupon_type_lucky',
  8: 'coupon_type_patent',
  9: 'coupon_type_multiple_singles',
};

/** The API's bet id of a selection: `{gameId}/{outcomeKey}`. */
export const betId = (bet: { gameId: number; outcomeKey: string }): string => `${bet.gameId}/${bet.outcomeKey}`;

/** The types offered for these selections: allowed by the last quote (before one, what the count allows). */
export function offeredTypes(count: number, quote: Pick<CouponQuote, 'types'> | null): number[] {
  if (quote) return OFFERED_TYPES.filter((id) => quote.types.some((t) => t.typeId === id && t.allowed));
  if (count === 0) return [];
  return count === 1 ? [TYPE.single] : [TYPE.express];
}

/** The type to quote: the player's choice while it fits, else an express of several picks (or multiple singles), else a single. */
export function chooseType(preferred: number | undefined, count: number, quote: Pick<CouponQuote, 'types'> | null): number {
  const offered = offeredTypes(count, quote);
  if (preferred !== undefined && offered.includes(preferred)) return preferred;
  if (count <= 1) return TYPE.single;
  for (const id of [TYPE.express, TYPE.multipleSingles, TYPE.system]) if (offered.includes(id)) return id;
  return offered[0] ?? TYPE.express;
}

/** System k: the chosen one when the quote offers it, else the smallest offered (SPEC §9 default 2). */
export function chooseSystemValue(preferred: number | undefined, quote: Pick<CouponQuote, 'systemOptions'> | null): number {
  const values = quote?.systemOptions.map((o) => o.value) ?? [];
  if (preferred !== undefined && (values.length === 0 || values.includes(preferred))) return preferred;
  return values[0] ?? 2;
}

/** The stake as typed, as the API's decimal text (a comma is a decimal point); null when it is not an amount of this currency. */
export function normaliseAmount(text: string, currency: string): string | null {
  const trimmed = text.trim().replace(',', '.');
  if (!/^\d{1,12}(\.\d+)?$/.test(trimmed)) return null;
  if (!isCurrencyCode(currency)) return trimmed;
  try {
    const amount = toMinor(trimmed, currency);
    return amount > 0n ? minorToDecimal(amount, currency) : null;
  } catch {
    return null;
  }
}

export interface DraftInput {
  selections: readonly Pick<Selection, 'id' | 'gameId' | 'outcomeKey' | 'coef'>[];
  typeId: number;
  /** Decimal text, or null before the player has a valid amount. */
  amount: string | null;
  systemValue: number;
  /** Multi-bet and conditional: block id by selection id (slip-extras.ts assignBlocks). */
  blocks?: Readonly<Record<string, number>>;
  /** System bankers (selection ids). */
  bankers?: readonly string[];
  lobbyBlockId?: number | null;
  /** Multiple singles: a stake (decimal text) by selection id. */
  amountBySelection?: Readonly<Record<string, string>>;
  /** Conditional: the later blocks' stakes (decimal text or "max") by block id. */
  amountByBlock?: Readonly<Record<number, string>>;
  accountId?: string | null;
  isBonusBet?: boolean;
}

/** The quote request of the slip as it is (the amount is left out until it is valid). */
export function quoteRequest(input: DraftInput): CouponQuoteRequest {
  const { typeId } = input;
  const blocked = typeId === TYPE.multiBet || typeId === TYPE.conditional;
  const bankers = typeId === TYPE.system ? new Set(input.bankers ?? []) : new Set<string>();
  const bets = input.selections.map((s) => {
    const blockId = blocked ? input.blocks?.[s.id] : undefined;
    return {
      gameId: s.gameId,
      outcomeKey: s.outcomeKey,
      coef: s.coef,
      ...(blockId === undefined ? {} : { blockId }),
      ...(bankers.has(s.id) ? { isBanker: true } : {}),
    };
  });
  const request: CouponQuoteRequest = { typeId: typeId as CouponQuoteRequest['typeId'], bets };
  if (input.amount !== null) request.amount = input.amount;
  if (typeId === TYPE.system || typeId === TYPE.multiBet) request.systemValue = input.systemValue;
  if (bankers.size > 0) request.isActiveSystemBanker = true;
  if (typeId === TYPE.multiBet && input.lobbyBlockId != null) request.lobbyBlockId = input.lobbyBlockId;
  if (typeId === TYPE.multipleSingles && input.amountBySelection) {
    const byBet = Object.fromEntries(input.selections.flatMap((s) => (input.amountBySelection?.[s.id] ? [[betId(s), input.amountBySelection[s.id]!]] : [])));
    if (Object.keys(byBet).length > 0) request.amountByBetId = byBet;
  }
  if (typeId === TYPE.conditional) {
    const byBlock: Record<string, string> = {};
    for (const [id, value] of Object.entries(input.amountByBlock ?? {})) if (Number(id) > 1) byBlock[id] = value;
    if (input.amount !== null) byBlock['1'] = input.amount;
    if (Object.keys(byBlock).length > 0) request.amountByBlockId = byBlock;
  }
  if (input.accountId) request.accountId = input.accountId;
  if (input.isBonusBet && typeId === TYPE.express) request.isBonusBet = true;
  return request;
}

export type { ChangeCoefAction };
export const CHANGE_COEF_STORAGE_KEY = 'coupon_change_coef_action';
/** SPEC §3 default: take increases. */
export const DEFAULT_CHANGE_COEF_ACTION: ChangeCoefAction = 2;

export function parseChangeCoefAction(raw: string | null): ChangeCoefAction {
  return raw === '0' ? 0 : raw === '1' ? 1 : raw === '2' ? 2 : DEFAULT_CHANGE_COEF_ACTION;
}

export interface PlaceOptions {
  changeCoefAction: ChangeCoefAction;
  /** The total coef the player saw (informational). */
  totalCoef: number | null;
  /** Accept only at exactly the total coef seen. */
  exactCoef?: boolean;
  isDropOnScoreChange?: boolean;
  isOneClick?: boolean;
  promoCode?: string;
  /** The stake is above the max: ask the bookmaker (SPEC §5 vip bet). */
  isVipBet?: boolean;
}

/** The placement body ("coupon to submit"): the quoted draft, the coupon id (idempotency key) and the player's choices. */
export function placeBody(input: DraftInput & { amount: string }, id: string, o: PlaceOptions): CouponSubmit {
  const promo = o.promoCode?.trim();
  return {
    ...quoteRequest(input),
    id,
    changeCoefAction: o.isOneClick ? 1 : o.changeCoefAction,
    ...(o.totalCoef === null ? {} : { coef: o.totalCoef }),
    ...(o.exactCoef && o.totalCoef !== null ? { exactCoef: o.totalCoef } : {}),
    ...(o.isDropOnScoreChange ? { isDropOnScoreChange: true } : {}),
    ...(o.isOneClick ? { isOneClick: true } : {}),
    ...(promo ? { promoCode: promo } : {}),
    ...(o.isVipBet ? { isVipBet: true } : {}),
  };
}

/** Quick stakes: the initial amount and its multiples (×2, ×5, ×10), as decimal texts. */
export function quickStakes(initialAmount: string, currency: string): string[] {
  if (!isCurrencyCode(currency)) return [];
  let base: bigint;
  try {
    base = toMinor(initialAmount, currency);
  } catch {
    return [];
  }
  if (base <= 0n) return [];
  return [1n, 2n, 5n, 10n].map((m) => minorToDecimal(minor(base * m), currency));
}

/** A decimal text of major units in the player's language (`RUB 1,234.50`); as it came when the currency is unknown. */
export function formatAmount(text: string, currency: string, lng: string): string {
  if (!isCurrencyCode(currency)) return `${text} ${currency}`;
  try {
    return formatMinor(toMinor(text, currency), currency, lng);
  } catch {
    return `${text} ${currency}`;
  }
}

/** An amount for the stake input: the shortest text (`100`, `2.5`). */
export function inputAmount(text: string, currency: string): string {
  if (!isCurrencyCode(currency) || CURRENCIES[currency].exponent === 0) return text;
  return text.includes('.') ? text.replace(/\.?0+$/, '') : text;
}

/** Why a bet cannot be played, as the quote or a refusal says (a `sports` key); null when it can. */
export function betProblem(state: Pick<CouponBetState, 'coef' | 'isBlocked' | 'isDepend' | 'finished'> | undefined): string | null {
  if (!state) return null;
  if (state.coef === null) return 'coupon_bet_unavailable';
  if (state.finished) return 'coupon_bet_finished';
  if (state.isBlocked) return 'coupon_bet_blocked';
  if (state.isDepend) return 'coupon_bet_dependent';
  return null;
}

/** The bets whose current coef differs from the one in the slip, by selection id → new coef. */
export function changedCoefs(selections: readonly Pick<Selection, 'id' | 'gameId' | 'outcomeKey' | 'coef'>[], states: readonly CouponBetState[]): Map<string, number> {
  const byBet = new Map(states.map((s) => [betId(s), s]));
  const changed = new Map<string, number>();
  for (const sel of selections) {
    const now = byBet.get(betId(sel))?.coef;
    if (now !== undefined && now !== null && now !== sel.coef) changed.set(sel.id, now);
  }
  return changed;
}

/** A quote error (domain code) as a `sports` key. */
export function quoteErrorKey(code: string): string {
  switch (code) {
    case 'amount_below_min':
      return 'coupon_error_amount_below_min';
    case 'amount_above_max':
      return 'coupon_error_amount_above_max';
    case 'amount_missing':
    case 'amount_not_positive':
      return 'coupon_error_amount_missing';
    case 'too_many_lines':
      return 'coupon_error_too_many_lines';
    case 'type_not_allowed':
    case 'system_value_out_of_range':
      return 'coupon_error_type_not_allowed';
    case 'invalid_coef':
      return 'coupon_error_invalid_coef';
    case 'unknown_banker':
    case 'banker_not_allowed':
      return 'coupon_error_banker';
    case 'block_missing':
    case 'too_few_blocks':
      return 'coupon_error_blocks';
    case 'lobby_invalid':
      return 'coupon_error_lobby';
    case 'bonus_bet_not_offered':
      return 'coupon_error_bonus_bet';
    case 'duplicate_selection':
      return 'coupon_error_duplicate';
    case 'no_selections':
      return 'coupon_error_no_selections';
    default:
      return 'coupon_error_invalid';
  }
}

export type RefusalAction = 'accept_coefs' | 'remove_unavailable' | 'top_up' | 'log_in' | 'support' | 'retry' | 'limits' | null;

export interface Refusal {
  /** `sports` key of the message. */
  key: string;
  /** What the slip offers next. */
  action: RefusalAction;
  /** The bets' current states the server sent (coef_changed, selection_unavailable). */
  bets: CouponBetState[];
  /** Quote errors of coupon_invalid (domain codes). */
  errors: string[];
  /** A player limit refused the bet (issue 12): which one, what is left, until when. */
  limit?: LimitRefusal;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function isBetState(v: unknown): v is CouponBetState {
  return isRecord(v) && typeof v['gameId'] === 'number' && typeof v['outcomeKey'] === 'string' && (v['coef'] === null || typeof v['coef'] === 'number');
}

/** What a failed placement says and offers: every refusal code of the coupon API, 401, network. */
export function refusalOf(result: { status: number; code: string | null; body: unknown; network: boolean }): Refusal {
  const details = isRecord(result.body) && isRecord(result.body['details']) ? result.body['details'] : {};
  const bets = Array.isArray(details['bets']) ? details['bets'].filter(isBetState) : [];
  const errors = Array.isArray(details['errors']) ? details['errors'].flatMap((e) => (isRecord(e) && typeof e['code'] === 'string' ? [e['code']] : [])) : [];
  const base = { bets, errors };
  if (result.network || result.status === 0) return { ...base, key: 'coupon_refused_network', action: 'retry' };
  if (result.status === 401) return { ...base, key: 'coupon_refused_login', action: 'log_in' };
  const limit = limitRefusalOf(result.code, result.body);
  if (limit) return { ...base, key: `main:${limit.key}`, action: 'limits', limit };
  switch (result.code) {
    case CouponErrorCode.coefChanged:
      return { ...base, key: 'coupon_refused_coef_changed', action: 'accept_coefs' };
    case CouponErrorCode.selectionUnavailable:
      return { ...base, key: 'coupon_refused_unavailable', action: 'remove_unavailable' };
    case CouponErrorCode.scoreChanged:
      return { ...base, key: 'coupon_refused_score_changed', action: null };
    case CouponErrorCode.insufficientFunds:
      return { ...base, key: 'coupon_refused_funds', action: 'top_up' };
    case CouponErrorCode.invalidCoupon:
      return { ...base, key: errors[0] ? quoteErrorKey(errors[0]) : 'coupon_error_invalid', action: null };
    case CouponErrorCode.notAllowed:
      return { ...base, key: 'coupon_refused_not_allowed', action: 'support' };
    case 'not_found':
      return { ...base, key: 'coupon_refused_account', action: null };
    case CouponErrorCode.promoCodeUnknown:
      return { ...base, key: 'coupon_refused_promo', action: null };
    case 'vip_bet_unavailable':
      return { ...base, key: 'coupon_refused_vip', action: null };
    case 'invalid_request':
      return { ...base, key: 'coupon_refused_invalid', action: null };
    case CouponErrorCode.idempotencyConflict:
      return { ...base, key: 'coupon_refused_conflict', action: 'retry' };
    default:
      return { ...base, key: result.status === 429 ? 'coupon_refused_busy' : 'coupon_refused_unknown', action: 'retry' };
  }
}

/** A short coupon number to read out and quote to support: the id's first 8 digits. */
export const couponNumber = (id: string): string => id.replace(/-/g, '').slice(0, 8).toUpperCase();

export type BetOutcome = 'win' | 'lose' | 'return' | 'half-win' | 'half-lose' | 'open';

/** SPEC §3 coupon bet status (−2 … 6) as the icon of a selection in my bets. */
export function betOutcome(status: number): BetOutcome {
  switch (status) {
    case 1:
      return 'win';
    case 0:
      return 'lose';
    case 2:
    case 3:
      return 'return';
    case 4:
    case 6:
      return 'half-win';
    case 5:
      return 'half-lose';
    default:
      return 'open';
  }
}

export type CouponState = 'pending' | 'review' | 'open' | 'won' | 'lost' | 'returned' | 'refused' | 'sold';

/** How a placed coupon reads: checked, open, won (anything paid but the stake back), lost, returned, refused, cashed out. */
export function couponState(coupon: Pick<Coupon, 'status' | 'payout' | 'amount'>): CouponState {
  // A vip bet waiting for the bookmaker's decision (SPEC §5).
  if ((coupon.status as string) === 'review') return 'review';
  switch (coupon.status) {
    case 'pending':
      return 'pending';
    case 'accepted':
      return 'open';
    case 'refused':
      return 'refused';
    case 'sold':
      return 'sold';
    case 'settled': {
      const payout = Number(coupon.payout ?? '0');
      const amount = Number(coupon.amount);
      return payout === 0 ? 'lost' : payout === amount ? 'returned' : 'won';
    }
    default:
      return 'open';
  }
}

/** The type as my bets names it: `sports` key and, for a system, "k/n". */
export function couponTypeLabel(coupon: Pick<Coupon, 'typeId' | 'systemValue' | 'bets'>): { key: string; system: string | null } {
  return {
    key: TYPE_KEYS[coupon.typeId] ?? 'coupon_type_single',
    system: coupon.typeId === TYPE.system && coupon.systemValue !== null ? `${coupon.systemValue}/${coupon.bets.length}` : null,
  };
}

/** A new coupon id (a UUID v4): the placement's idempotency key. */
export function newCouponId(random: (bytes: Uint8Array<ArrayBuffer>) => void = (b) => void crypto.getRandomValues(b)): string {
  const bytes = new Uint8Array(16);
  random(bytes);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
