/**
 * From the wire to the domain's coupon and back: a request's bets and amounts become a
 * `CouponDraft` (packages/domain coupon) over the bets' server-side state, and a placed
 * coupon's stored plan becomes the same draft again for its settlement.
 */
import { minor, minorToDecimal, toMinor, type BlockAmount, type CouponDraft, type CouponSelection, type CurrencyCode, type Minor } from '@betsite/domain';
import type { CouponBetInput, CouponQuoteRequest } from '@betsite/contracts';
import type { JsonObject } from '@betsite/db';
import { AppError } from '../../lib/errors.ts';
import { betKey, toSelection, type BetState } from './bets.ts';

type DraftRequest = Omit<CouponQuoteRequest, 'typeId'> & { typeId: CouponDraft['typeId']; bets: CouponBetInput[] };

/** Coefs on the wire are decimals with 3 places at most; the maths uses thousandths. */
export const toThousandths = (coef: number): number => Math.round(coef * 1000);
export const fromThousandths = (coef: number): number => coef / 1000;

function amountOf(text: string, currency: CurrencyCode, path: string): Minor {
  try {
    return toMinor(text, currency);
  } catch {
    throw new AppError(400, 'invalid_request', `Invalid amount for ${currency}`, [{ path, message: 'Too many decimal places' }]);
  }
}

/**
 * The draft of a request over the bets' states (their current coefs, or `coefs` by bet key
 * where given: the coefs a placement takes). Bets without a state are left out: the caller
 * has refused them before.
 */
export function draftOf(request: DraftRequest, states: ReadonlyMap<string, BetState>, currency: CurrencyCode, coefs?: ReadonlyMap<string, number>): CouponDraft {
  const selections: CouponSelection[] = [];
  for (const bet of request.bets) {
    const key = betKey(bet);
    const state = states.get(key);
    if (!state) continue;
    const coef = coefs?.get(key);
    selections.push(toSelection(state, { ...(coef === undefined ? {} : { coef }), blockId: bet.blockId }));
  }
  const amountByBetId = request.amountByBetId
    ? Object.fromEntries(Object.entries(request.amountByBetId).map(([id, text]) => [id, amountOf(text, currency, `body.amountByBetId.${id}`)]))
    : undefined;
  const amountByBlockId = request.amountByBlockId
    ? Object.fromEntries(
        Object.entries(request.amountByBlockId).map(([id, value]): [number, BlockAmount] => [Number(id), value === 'max' ? 'max' : amountOf(value, currency, `body.amountByBlockId.${id}`)]),
      )
    : undefined;
  const bankerIds = request.bets.filter((b) => b.isBanker === true).map(betKey);
  return {
    typeId: request.typeId,
    selections,
    currency,
    ...(request.amount === undefined ? {} : { amount: amountOf(request.amount, currency, 'body.amount') }),
    ...(amountByBetId ? { amountByBetId } : {}),
    ...(amountByBlockId ? { amountByBlockId } : {}),
    ...(request.systemValue === undefined ? {} : { systemValue: request.systemValue }),
    ...(request.isActiveSystemBanker === undefined ? {} : { isActiveSystemBanker: request.isActiveSystemBanker }),
    ...(bankerIds.length > 0 ? { bankerIds } : {}),
    ...(request.lobbyBlockId === undefined ? {} : { lobbyBlockId: request.lobbyBlockId }),
    ...(request.isBonusBet === undefined ? {} : { isBonusBet: request.isBonusBet }),
  };
}

/** What a placed coupon keeps to be settled later (`coupons.plan`): the draft without its selections, amounts as text. */
export function planOf(draft: CouponDraft): JsonObject {
  const text = (amount: Minor) => String(amount);
  return {
    typeId: draft.typeId,
    currency: draft.currency ?? null,
    amount: draft.amount === undefined ? null : text(draft.amount),
    amountByBetId: draft.amountByBetId ? Object.fromEntries(Object.entries(draft.amountByBetId).map(([k, v]) => [k, text(v)])) : null,
    amountByBlockId: draft.amountByBlockId ? Object.fromEntries(Object.entries(draft.amountByBlockId).map(([k, v]) => [k, v === 'max' ? 'max' : text(v)])) : null,
    systemValue: draft.systemValue ?? null,
    isActiveSystemBanker: draft.isActiveSystemBanker ?? false,
    bankerIds: [...(draft.bankerIds ?? [])],
    lobbyBlockId: draft.lobbyBlockId ?? null,
    isBonusBet: draft.isBonusBet ?? false,
    maxPayout: draft.limits?.maxPayout === undefined || draft.limits.maxPayout === null ? null : text(draft.limits.maxPayout),
    // The margin the coupon was priced with: an operator's later change does not reprice it.
    antiExpressMargin: draft.antiExpressMargin ?? null,
  };
}

export interface StoredSelection {
  game_id: number;
  outcome_key: string;
  coef: number;
  block_id: number | null;
}

/** The draft of a placed coupon from its plan and selections (in their order). */
export function placedDraft(plan: JsonObject, selections: readonly StoredSelection[]): CouponDraft {
  const p = plan as Record<string, unknown>;
  const big = (value: unknown): Minor => minor(BigInt(String(value)));
  const record = (value: unknown) => (value && typeof value === 'object' ? (value as Record<string, unknown>) : null);
  const byBet = record(p.amountByBetId);
  const byBlock = record(p.amountByBlockId);
  const maxPayout = p.maxPayout === null || p.maxPayout === undefined ? null : big(p.maxPayout);
  return {
    typeId: p.typeId as CouponDraft['typeId'],
    selections: selections.map((s) => ({
      id: betKey({ gameId: s.game_id, outcomeKey: s.outcome_key }),
      gameId: s.game_id,
      coef: s.coef,
      ...(s.block_id === null ? {} : { blockId: s.block_id }),
    })),
    ...(typeof p.currency === 'string' ? { currency: p.currency } : {}),
    ...(p.amount === null || p.amount === undefined ? {} : { amount: big(p.amount) }),
    ...(byBet ? { amountByBetId: Object.fromEntries(Object.entries(byBet).map(([k, v]) => [k, big(v)])) } : {}),
    ...(byBlock ? { amountByBlockId: Object.fromEntries(Object.entries(byBlock).map(([k, v]): [number, BlockAmount] => [Number(k), v === 'max' ? 'max' : big(v)])) } : {}),
    ...(typeof p.systemValue === 'number' ? { systemValue: p.systemValue } : {}),
    isActiveSystemBanker: p.isActiveSystemBanker === true,
    bankerIds: Array.isArray(p.bankerIds) ? p.bankerIds.map(String) : [],
    ...(typeof p.lobbyBlockId === 'number' ? { lobbyBlockId: p.lobbyBlockId } : {}),
    isBonusBet: p.isBonusBet === true,
    ...(maxPayout === null ? {} : { limits: { maxPayout } }),
    ...(typeof p.antiExpressMargin === 'number' ? { antiExpressMargin: p.antiExpressMargin } : {}),
  };
}

export const money = (amount: bigint, currency: CurrencyCode): string => minorToDecimal(minor(amount), currency);
