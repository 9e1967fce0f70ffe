import { describe, expect, it } from 'vitest';
import type { CouponQuote } from '@betsite/contracts';
import en from '../../i18n/dictionaries/en/sports.json' with { type: 'json' };
import ru from '../../i18n/dictionaries/ru/sports.json' with { type: 'json' };
import {
  betId,
  betOutcome,
  betProblem,
  changedCoefs,
  chooseSystemValue,
  chooseType,
  couponNumber,
  couponState,
  couponTypeLabel,
  formatAmount,
  inputAmount,
  newCouponId,
  normaliseAmount,
  offeredTypes,
  parseChangeCoefAction,
  placeBody,
  quickStakes,
  quoteErrorKey,
  quoteRequest,
  refusalOf,
} from './slip.ts';

const types = (allowed: number[]): Pick<CouponQuote, 'types'> => ({
  types: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((typeId) => ({ typeId, allowed: allowed.includes(typeId) })),
});
const sel = (gameId: number, outcomeKey: string, coef: number) => ({ id: `${gameId}|${outcomeKey}`, gameId, outcomeKey, coef });

describe('the slip type', () => {
  it('offers only what the quote allows, all ten types in the slip order', () => {
    expect(offeredTypes(3, types([1, 2, 4, 5, 7, 9]))).toEqual([1, 2, 9, 4, 5, 7]);
    expect(offeredTypes(4, types([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]))).toEqual([0, 1, 2, 9, 3, 4, 5, 6, 7, 8]);
    expect(offeredTypes(1, null)).toEqual([0]);
    expect(offeredTypes(2, null)).toEqual([1]);
    expect(offeredTypes(0, null)).toEqual([]);
  });

  it('keeps the player choice while allowed, else an express, else multiple singles', () => {
    expect(chooseType(2, 3, types([1, 2, 9]))).toBe(2);
    expect(chooseType(2, 3, types([1, 9]))).toBe(1);
    expect(chooseType(undefined, 2, types([9, 2]))).toBe(9);
    expect(chooseType(1, 1, types([0]))).toBe(0);
  });

  it('takes the offered system k', () => {
    const quote = { systemOptions: [{ value: 2, offset: 0, minBetAmount: '1.00', combo: 3 }, { value: 3, offset: 0, minBetAmount: '1.00', combo: 1 }] };
    expect(chooseSystemValue(3, quote)).toBe(3);
    expect(chooseSystemValue(5, quote)).toBe(2);
    expect(chooseSystemValue(undefined, null)).toBe(2);
  });
});

describe('amounts', () => {
  it('reads a typed stake as the currency allows', () => {
    expect(normaliseAmount('100', 'RUB')).toBe('100.00');
    expect(normaliseAmount(' 2,5 ', 'EUR')).toBe('2.50');
    expect(normaliseAmount('2.555', 'EUR')).toBeNull();
    expect(normaliseAmount('0', 'EUR')).toBeNull();
    expect(normaliseAmount('-1', 'EUR')).toBeNull();
    expect(normaliseAmount('abc', 'EUR')).toBeNull();
    expect(normaliseAmount('', 'EUR')).toBeNull();
  });

  it('offers the initial stake and its multiples', () => {
    expect(quickStakes('100.00', 'RUB')).toEqual(['100.00', '200.00', '500.00', '1000.00']);
    expect(quickStakes('x', 'RUB')).toEqual([]);
    expect(inputAmount('100.00', 'RUB')).toBe('100');
    expect(inputAmount('2.50', 'EUR')).toBe('2.5');
  });

  it('formats an amount in the player language', () => {
    expect(formatAmount('1234.50', 'EUR', 'en')).toBe('€1,234.50');
    expect(formatAmount('5', 'XXX', 'en')).toBe('5 XXX');
  });
});

describe('the bodies sent', () => {
  const selections = [sel(7, '1x2:match/home', 1.85), sel(8, '1x2:match/away', 2.1)];

  it('quotes the selections with the coefs the player picked', () => {
    expect(quoteRequest({ selections, typeId: 1, amount: '10.00', systemValue: 2 })).toEqual({
      typeId: 1,
      bets: [
        { gameId: 7, outcomeKey: '1x2:match/home', coef: 1.85 },
        { gameId: 8, outcomeKey: '1x2:match/away', coef: 2.1 },
      ],
      amount: '10.00',
    });
    expect(quoteRequest({ selections, typeId: 2, amount: null, systemValue: 2 })).toMatchObject({ typeId: 2, systemValue: 2 });
    expect(quoteRequest({ selections, typeId: 2, amount: null, systemValue: 2 })).not.toHaveProperty('amount');
  });

  it('places with the coupon id, the odds-change choice and the total coef seen', () => {
    const body = placeBody({ selections, typeId: 1, amount: '10.00', systemValue: 2 }, '4b0b8a8e-2b7e-4c4e-9d55-8d0b1c7a2f10', { changeCoefAction: 2, totalCoef: 3.885 });
    expect(body).toMatchObject({ id: '4b0b8a8e-2b7e-4c4e-9d55-8d0b1c7a2f10', typeId: 1, amount: '10.00', changeCoefAction: 2, coef: 3.885 });
    expect(betId(selections[0]!)).toBe('7/1x2:match/home');
  });

  it('sends bankers of a system, blocks and the lobby of a multi-bet, per-block stakes of a conditional, per-single stakes', () => {
    const three = [...selections, sel(9, '1x2:match/draw', 3.2)];
    const system = quoteRequest({ selections: three, typeId: 2, amount: '30.00', systemValue: 2, bankers: ['7|1x2:match/home'], blocks: { '7|1x2:match/home': 1 } });
    expect(system.isActiveSystemBanker).toBe(true);
    expect(system.bets[0]).toEqual({ gameId: 7, outcomeKey: '1x2:match/home', coef: 1.85, isBanker: true });
    expect(system.bets[1]).not.toHaveProperty('blockId');

    const blocks = { '7|1x2:match/home': 1, '8|1x2:match/away': 1, '9|1x2:match/draw': 2 };
    const multi = quoteRequest({ selections: three, typeId: 4, amount: '30.00', systemValue: 2, blocks, lobbyBlockId: 2, bankers: ['7|1x2:match/home'] });
    expect(multi.bets.map((b) => b.blockId)).toEqual([1, 1, 2]);
    expect(multi).toMatchObject({ systemValue: 2, lobbyBlockId: 2 });
    expect(multi).not.toHaveProperty('isActiveSystemBanker');

    const conditional = quoteRequest({ selections: three, typeId: 5, amount: '10.00', systemValue: 2, blocks, amountByBlock: { 2: 'max', 1: '99.00' } });
    expect(conditional.amountByBlockId).toEqual({ '1': '10.00', '2': 'max' });
    expect(conditional).not.toHaveProperty('lobbyBlockId');

    const singles = quoteRequest({ selections, typeId: 9, amount: '5.00', systemValue: 2, amountBySelection: { '8|1x2:match/away': '7.00' } });
    expect(singles.amountByBetId).toEqual({ '8/1x2:match/away': '7.00' });
    expect(quoteRequest({ selections, typeId: 1, amount: null, systemValue: 2, accountId: 'acc', isBonusBet: true })).toMatchObject({ accountId: 'acc', isBonusBet: true });
    expect(quoteRequest({ selections, typeId: 2, amount: null, systemValue: 2, isBonusBet: true })).not.toHaveProperty('isBonusBet');
  });

  it('places with exact odds, drop on score change, promo code and vip; one-click takes any odds change', () => {
    const id = '4b0b8a8e-2b7e-4c4e-9d55-8d0b1c7a2f10';
    const input = { selections, typeId: 1, amount: '10.00', systemValue: 2 };
    expect(placeBody(input, id, { changeCoefAction: 0, totalCoef: 3.885, exactCoef: true, isDropOnScoreChange: true, promoCode: ' SPRING ', isVipBet: true })).toMatchObject({
      changeCoefAction: 0,
      exactCoef: 3.885,
      isDropOnScoreChange: true,
      promoCode: 'SPRING',
      isVipBet: true,
    });
    const oneClick = placeBody(input, id, { changeCoefAction: 0, totalCoef: null, exactCoef: true, isOneClick: true, promoCode: '  ' });
    expect(oneClick).toMatchObject({ changeCoefAction: 1, isOneClick: true });
    expect(oneClick).not.toHaveProperty('exactCoef');
    expect(oneClick).not.toHaveProperty('promoCode');
  });

  it('reads the stored odds-change choice, taking increases by default', () => {
    expect(parseChangeCoefAction('0')).toBe(0);
    expect(parseChangeCoefAction('1')).toBe(1);
    expect(parseChangeCoefAction(null)).toBe(2);
    expect(parseChangeCoefAction('7')).toBe(2);
  });
});

describe('bet states', () => {
  const state = { gameId: 7, outcomeKey: 'k', coef: 1.9, isBlocked: false, isDepend: false, isLive: false, finished: false };
  it('says why a bet cannot be played', () => {
    expect(betProblem(state)).toBeNull();
    expect(betProblem(undefined)).toBeNull();
    expect(betProblem({ ...state, coef: null })).toBe('coupon_bet_unavailable');
    expect(betProblem({ ...state, finished: true })).toBe('coupon_bet_finished');
    expect(betProblem({ ...state, isBlocked: true })).toBe('coupon_bet_blocked');
    expect(betProblem({ ...state, isDepend: true })).toBe('coupon_bet_dependent');
  });

  it('finds the coefs that moved since the pick', () => {
    expect([...changedCoefs([sel(7, 'k', 1.85), sel(8, 'k', 2)], [state, { ...state, gameId: 8, coef: 2 }])]).toEqual([['7|k', 1.9]]);
  });
});

describe('refusals', () => {
  const refusal = (status: number, code: string | null, details?: unknown) => refusalOf({ status, code, body: code ? { code, message: 'm', details } : null, network: false });

  it('has a text and a way on for every code of the coupon API', () => {
    const bets = [{ gameId: 7, outcomeKey: 'k', coef: 1.7, isBlocked: false, isDepend: false, isLive: false, finished: false }];
    expect(refusal(409, 'coef_changed', { bets })).toEqual({ key: 'coupon_refused_coef_changed', action: 'accept_coefs', bets, errors: [] });
    expect(refusal(409, 'selection_unavailable', { bets })).toMatchObject({ key: 'coupon_refused_unavailable', action: 'remove_unavailable', bets });
    expect(refusal(422, 'insufficient_funds')).toMatchObject({ key: 'coupon_refused_funds', action: 'top_up' });
    expect(refusal(422, 'coupon_invalid', { errors: [{ code: 'amount_below_min' }] })).toMatchObject({ key: 'coupon_error_amount_below_min', errors: ['amount_below_min'] });
    expect(refusal(403, 'bet_not_allowed')).toMatchObject({ key: 'coupon_refused_not_allowed', action: 'support' });
    expect(refusal(409, 'idempotency_conflict')).toMatchObject({ key: 'coupon_refused_conflict', action: 'retry' });
    expect(refusal(409, 'score_changed')).toMatchObject({ key: 'coupon_refused_score_changed' });
    expect(refusal(422, 'promo_code_unknown')).toMatchObject({ key: 'coupon_refused_promo', action: null });
    expect(refusal(401, 'unauthorized')).toMatchObject({ key: 'coupon_refused_login', action: 'log_in' });
    expect(refusal(429, 'rate_limited')).toMatchObject({ key: 'coupon_refused_busy' });
    expect(refusal(500, 'internal')).toMatchObject({ key: 'coupon_refused_unknown', action: 'retry' });
    expect(refusalOf({ status: 0, code: null, body: null, network: true })).toMatchObject({ key: 'coupon_refused_network', action: 'retry' });
  });

  it('has a distinct text in both languages for every quote error and refusal', () => {
    const domainCodes = ['no_selections', 'duplicate_selection', 'invalid_coef', 'type_not_allowed', 'system_value_out_of_range', 'unknown_banker', 'banker_not_allowed', 'block_missing', 'too_few_blocks', 'lobby_invalid', 'too_many_lines', 'amount_missing', 'amount_not_positive', 'amount_below_min', 'amount_above_max', 'bonus_bet_not_offered'];
    const keys = new Set(domainCodes.map(quoteErrorKey));
    expect(keys.has('coupon_error_invalid')).toBe(false);
    for (const [status, code] of [[409, 'coef_changed'], [409, 'selection_unavailable'], [409, 'score_changed'], [422, 'insufficient_funds'], [403, 'bet_not_allowed'], [409, 'idempotency_conflict'], [404, 'not_found'], [422, 'vip_bet_unavailable'], [422, 'promo_code_unknown'], [400, 'invalid_request'], [401, 'unauthorized'], [429, 'rate_limited'], [500, 'x']] as const) {
      keys.add(refusal(status, code).key);
    }
    keys.add(refusalOf({ status: 0, code: null, body: null, network: true }).key);
    for (const key of keys) {
      expect((en as Record<string, string>)[key], key).toBeTruthy();
      expect((ru as Record<string, string>)[key], key).toBeTruthy();
    }
  });

  it('a bet past a player limit says which limit and what is left, and leads to the limits (issue 12)', () => {
    const wager = refusal(422, 'wager_limit_exceeded', { limitType: 1, allowance: 12.5, allowanceMinor: '1250', currency: 'EUR' });
    expect(wager).toMatchObject({ key: 'main:protection_refused_wager_limit_exceeded', action: 'limits', limit: { limitType: 1, allowance: 12.5, currency: 'EUR' } });
    expect(refusal(422, 'loss_limit_exceeded', { limitType: 11, allowance: 0, currency: 'EUR' })).toMatchObject({ action: 'limits', limit: { code: 'loss_limit_exceeded', limitType: 11 } });
    expect(refusal(422, 'self_excluded', { endsAt: 1_800_000_000 })).toMatchObject({ action: 'limits', limit: { until: 1_800_000_000 } });
    expect(refusal(422, 'session_limit_reached', { nextAllowedAt: 1_800_000_000 })).toMatchObject({ action: 'limits', limit: { until: 1_800_000_000 } });
  });

  it('ignores malformed details', () => {
    expect(refusal(409, 'coef_changed', { bets: [{ nope: 1 }, 'x'] }).bets).toEqual([]);
    expect(quoteErrorKey('something_new')).toBe('coupon_error_invalid');
  });
});

describe('my bets', () => {
  it('names each selection result and coupon state', () => {
    expect([1, 0, 2, 3, 4, 5, 6, -1, -2].map(betOutcome)).toEqual(['win', 'lose', 'return', 'return', 'half-win', 'half-lose', 'half-win', 'open', 'open']);
    expect(couponState({ status: 'accepted', payout: null, amount: '10.00' })).toBe('open');
    expect(couponState({ status: 'pending', payout: null, amount: '10.00' })).toBe('pending');
    expect(couponState({ status: 'settled', payout: '38.85', amount: '10.00' })).toBe('won');
    expect(couponState({ status: 'settled', payout: '0.00', amount: '10.00' })).toBe('lost');
    expect(couponState({ status: 'settled', payout: '10.00', amount: '10.00' })).toBe('returned');
    expect(couponState({ status: 'refused', payout: '10.00', amount: '10.00' })).toBe('refused');
  });

  it('labels the type and numbers the coupon', () => {
    expect(couponTypeLabel({ typeId: 2, systemValue: 2, bets: [{}, {}, {}] as never })).toEqual({ key: 'coupon_type_system', system: '2/3' });
    expect(couponTypeLabel({ typeId: 1, systemValue: null, bets: [] })).toEqual({ key: 'coupon_type_express', system: null });
    expect(couponNumber('4b0b8a8e-2b7e-4c4e-9d55-8d0b1c7a2f10')).toBe('4B0B8A8E');
  });
});

describe('the coupon id', () => {
  it('is a UUID v4', () => {
    expect(newCouponId()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(newCouponId((b) => b.fill(255))).toBe('ffffffff-ffff-4fff-bfff-ffffffffffff');
    expect(newCouponId()).not.toBe(newCouponId());
  });
});
