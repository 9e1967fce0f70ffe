/**
 * The coupon (bet slip) of SPEC §3: its ten types, a selection as the maths needs it, a
 * draft coupon and the error codes of the quote (issue 11).
 *
 * Money is `Minor` (integer minor units, bigint). Coefficients are integer thousandths
 * (1.850 → 1850, `coefThousandths` of odds/coef.ts), so every product is exact.
 */
import type { Minor } from '../money/minor.ts';

/** SPEC §3 "Coupon (bet) types". */
export const COUPON_TYPE = {
  single: 0,
  express: 1,
  system: 2,
  chain: 3,
  multiBet: 4,
  conditional: 5,
  antiExpress: 6,
  lucky: 7,
  patent: 8,
  multipleSingles: 9,
} as const;

export type CouponTypeId = (typeof COUPON_TYPE)[keyof typeof COUPON_TYPE];

export const COUPON_TYPE_IDS: readonly CouponTypeId[] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];

export function isCouponTypeId(value: unknown): value is CouponTypeId {
  return typeof value === 'number' && (COUPON_TYPE_IDS as readonly number[]).includes(value);
}

/** Limits of the maths itself (not site limits): what the slip accepts at all. */
export const COUPON_BOUNDS = {
  /** Selections in one coupon. */
  maxSelections: 30,
  /** Lucky and patent: 3 to 8 selections. */
  minLuckySelections: 3,
  maxLuckySelections: 8,
  /** Lines one coupon may hold (a system 10 of 20 has 184,756): beyond it the slip refuses. */
  maxLines: 200_000,
  /** The lowest and highest coefficient a selection may carry, in thousandths (odds/coef.ts MIN_COEF, MAX_COEF). */
  minCoef: 1010,
  maxCoef: 1_000_000,
} as const;

/** Market kind (group id) of correct score: never in a bonus bet (SPEC §5; sports/markets.ts MARKET_GROUP_ID). */
export const BONUS_EXCLUDED_MARKET_KIND = 7;

/** One selection (SPEC §3 "Coupon bet"), with what the coupon maths reads. */
export interface CouponSelection {
  /** The bet's id in the slip (its outcome key); unique in a coupon. */
  readonly id: string;
  /** The game: two selections of one game are dependent. */
  readonly gameId: string | number;
  /** Decimal odds in thousandths: 1.850 → 1850. */
  readonly coef: number;
  /** SPEC `market.kind` (the market group id); kind 7 keeps a coupon out of the bonus bet. */
  readonly marketKind?: number;
  /** A live bet (vip bets are line bets only). */
  readonly isLive?: boolean;
  /** Flagged dependent on another selection of the coupon (SPEC `isDepend`). */
  readonly isDepend?: boolean;
  /** Banned from express (SPEC `isBannedExpress`). */
  readonly isBannedExpress?: boolean;
  /** An Asian quarter line (total 2.25, handicap −0.75 …): never in an anti-express. */
  readonly isQuarterLine?: boolean;
  /** May not be a system banker (SPEC `isDisabledBanker`). */
  readonly isDisabledBanker?: boolean;
  /** The block of a multi-bet or conditional coupon (SPEC `blockId`). */
  readonly blockId?: number;
}

/** A later block of a conditional coupon stakes a fixed amount or all the account holds. */
export type BlockAmount = Minor | 'max';

/** Site limits of amounts (SPEC §5 "Min and max amount apply only to coupon types listed in site config"). */
export interface CouponLimits {
  /**
   * The currency's minimum stake, in minor units (default 1): of a coupon, and of each line
   * where a type spreads one amount over lines.
   */
  readonly minAmount?: Minor;
  /** The largest amount; null or absent: no maximum (and then no vip bet). */
  readonly maxAmount?: Minor | null;
  /** The types the min and max apply to; absent: every type. */
  readonly limitedTypes?: readonly CouponTypeId[];
  /** The largest payout of one coupon: possible wins and payouts are capped there. */
  readonly maxPayout?: Minor | null;
}

/** The hyper-bonus of an express (SPEC coupon state hyperBonusPercent, minHyperBonusBetLimit, maxHyperBonusLimit). */
export interface HyperBonus {
  /** Percent of the net win added to it (may have decimals: 2.5). */
  readonly percent: number;
  /** The smallest amount that earns it. */
  readonly minBetAmount: Minor;
  /** The most it adds. */
  readonly maxAmount: Minor;
}

/** A coupon as the player builds it; a placed coupon is the draft that was accepted. */
export interface CouponDraft {
  readonly typeId: CouponTypeId;
  /** In the player's order (the order of a chain). */
  readonly selections: readonly CouponSelection[];
  /** ISO code of the account's currency (default RUB): the amount step and initial stake. */
  readonly currency?: string;
  /** The amount: the stake of a single, express, anti-express, chain (its unit S); spread over the lines of a system, lucky, patent and multi-bet; each single's stake in multiple singles. */
  readonly amount?: Minor;
  /** Multiple singles: one stake per selection id (falls back to `amount`). */
  readonly amountByBetId?: Readonly<Record<string, Minor>>;
  /** Conditional: the amount of each block by block id; the first block's is charged (falls back to `amount`), later ones default to 'max'. */
  readonly amountByBlockId?: Readonly<Record<number, BlockAmount>>;
  /** System k (k of n) and the k of a multi-bet's system over blocks; default 2 (SPEC §9). */
  readonly systemValue?: number;
  /** Bankers are used only when this is on (SPEC coupon state isActiveSystemBanker). */
  readonly isActiveSystemBanker?: boolean;
  /** Ids of the banker selections of a system. */
  readonly bankerIds?: readonly string[];
  /** Multi-bet: the block id of the lobby, whose factor multiplies the system's return. */
  readonly lobbyBlockId?: number;
  /** The player takes the bonus bet offered on this express. */
  readonly isBonusBet?: boolean;
  /** Anti-express margin as a fraction (default 0.05). */
  readonly antiExpressMargin?: number;
  readonly hyperBonus?: HyperBonus | null;
  readonly limits?: CouponLimits;
  /** The stake comes from a bonus account: the max amount is not applied (SPEC §5). */
  readonly isBonusAccount?: boolean;
  /** Site switches: the bonus bet is offered, the vip bet is shown. */
  readonly site?: { readonly isBonusBetEnabled?: boolean; readonly isVipBetShown?: boolean };
}

/** Why a type is refused for a set of selections. */
export type TypeRefusal =
  | 'no_selections'
  | 'too_few_selections'
  | 'too_many_selections'
  | 'dependent_selections'
  | 'banned_from_express'
  | 'quarter_line';

export type CouponErrorCode =
  | 'no_selections'
  | 'duplicate_selection'
  | 'invalid_coef'
  | 'type_not_allowed'
  | 'system_value_out_of_range'
  | 'unknown_banker'
  | 'banker_not_allowed'
  | 'block_missing'
  | 'too_few_blocks'
  | 'lobby_invalid'
  | 'too_many_lines'
  | 'amount_missing'
  | 'amount_not_positive'
  | 'amount_below_min'
  | 'amount_above_max'
  | 'bonus_bet_not_offered';

export interface CouponError {
  readonly code: CouponErrorCode;
  /** For type_not_allowed: why. */
  readonly reason?: TypeRefusal;
  readonly selectionIds?: readonly string[];
  readonly blockId?: number;
  /** For amount_below_min / amount_above_max: the bound in minor units. */
  readonly limit?: Minor;
}

/** SPEC §3 "System option": one k of a system. */
export interface SystemOption {
  /** k: selections (bankers included) or blocks per line. */
  readonly value: number;
  /** The bankers every line holds (value − offset of the others per line). */
  readonly offset: number;
  /** The smallest amount that gives every line the currency's minimum stake: minAmount × combo. */
  readonly minBetAmount: Minor;
  /** Lines: C(n − b, k − b). */
  readonly combo: number;
}
