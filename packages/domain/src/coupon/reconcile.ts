/**
 * What money a coupon in each state must have moved (issue 11; decision 0013's rule applied to
 * the bet slip): the rule the coupon reconciliation check applies to every coupon.
 *
 * A coupon moves money through postings keyed `coupon:{id}:{suffix}`, each between the
 * coupon's account and the house-bets shard of its id (decision 0015):
 *
 * - `stake`              player → house: what was held at placement (a vip bet's asked stake)
 * - `refund`             house → player: a refused coupon (live delay, vip declined or timed out): all of it
 * - `vip-return`         house → player: a vip bet accepted at a smaller counter stake: held − stake
 * - `insurance`          player → house: the premium
 * - `payout`             house → player: the settlement's payout, when above 0
 * - `insurance-payback`  house → player: an insured coupon that settled paying nothing: the insured amount
 * - `cash-out`           house → player: a sold coupon: the offer taken
 * - `payout:v{n}`        house → player: resettlement n's credit (payout + payback), when above 0 (decision 0016)
 * - `payout:v{n}:reverse` player (and house-receivables for a debt) → house: the whole credit of version n
 *
 * Every state change commits with its postings in one transaction, so there is no half-done
 * state: any difference is a mismatch. Each posting is checked exactly, in amount and direction.
 */
export const COUPON_STATES = ['pending', 'accepted', 'review', 'refused', 'settled', 'sold'] as const;
export type CouponState = (typeof COUPON_STATES)[number];

/** The fixed posting suffixes; resettlements add `payout:v{n}` and `payout:v{n}:reverse`. */
export const COUPON_POSTINGS = ['stake', 'refund', 'vip-return', 'insurance', 'payout', 'insurance-payback', 'cash-out'] as const;

/** One posting of a coupon as the ledger holds it: the sums of its entries by where they went. */
export interface CouponPosted {
  /** On the coupon's house-bets shard (in its currency); positive: the house took money. */
  house: bigint;
  /** On the coupon's own account. */
  player: bigint;
  /** On house-receivables of its currency (a resettlement's debt; negative). */
  receivables: bigint;
  /** Anywhere else: always 0. */
  other: bigint;
}

/** A resettlement (coupon_resettlements): version n's credit replaced version n − 1's. */
export interface CouponResettlementFacts {
  version: number;
  /** Version n − 1's credit (payout + payback) the reversal took back. */
  previous: bigint;
  /** Version n's credit. */
  payout: bigint;
  /** What the player's balance could not cover. */
  debt: bigint;
}

export interface CouponFacts {
  status: CouponState;
  /** The coupon's stake now (coupons.amount; a vip bet's counter stake once taken). */
  amount: bigint;
  payout: bigint | null;
  /** A vip bet's asked stake, held at placement. */
  vipAskedAmount: bigint | null;
  insuredAmount: bigint | null;
  insurancePremium: bigint | null;
  /** 1 when first settled, +1 per resettlement. */
  settlementVersion: number;
  resettlements: readonly CouponResettlementFacts[];
  /** Per posting suffix made. */
  posted: Readonly<Record<string, CouponPosted>>;
}

/** A settlement's credit: the payout, or the insured amount of an insured coupon that paid nothing. */
export function settlementCredit(insured: bigint | null, payout: bigint): bigint {
  return payout === 0n && insured !== null && insured > 0n ? insured : payout;
}

export const payoutVersionKey = (version: number) => `payout:v${version}`;
export const reversalKey = (version: number) => `payout:v${version}:reverse`;

/** The posting suffixes a coupon of `settlementVersion` may have (to look them up by key). */
export function couponPostingKeys(settlementVersion: number): string[] {
  const keys: string[] = [...COUPON_POSTINGS];
  for (let v = 1; v < settlementVersion; v++) keys.push(payoutVersionKey(v + 1), reversalKey(v));
  return keys;
}

export interface CouponExpectation {
  /** Per suffix the posting must have: its house side (+ house took, − house paid). Any other suffix must not exist. */
  postings: Map<string, bigint>;
  /** What the state says that cannot be so, whatever was posted. */
  findings: string[];
}

/**
 * The postings a coupon's state requires, each with its house-side amount. A posting of 0 is
 * never made, so an amount of 0 is no posting.
 */
export function expectedCouponPostings(facts: CouponFacts): CouponExpectation {
  const { status, amount, payout, vipAskedAmount, insuredAmount, insurancePremium, settlementVersion } = facts;
  const postings = new Map<string, bigint>();
  const findings: string[] = [];
  const want = (key: string, house: bigint) => {
    if (house !== 0n) postings.set(key, house);
  };
  const held = vipAskedAmount ?? amount;
  want('stake', held);
  if (amount <= 0n) findings.push(`stake of ${amount}`);
  if ((insuredAmount === null) !== (insurancePremium === null)) findings.push('insured amount and premium not both set');
  const insured = insuredAmount !== null && insurancePremium !== null;
  if (insured && !['accepted', 'settled', 'sold'].includes(status)) findings.push(`${status} and insured`);
  if (insured) want('insurance', insurancePremium);
  if (settlementVersion < 1) findings.push(`settlement version ${settlementVersion}`);
  if (settlementVersion > 1 && status !== 'settled') findings.push(`${status} with settlement version ${settlementVersion}`);
  if (facts.resettlements.length !== settlementVersion - 1 || facts.resettlements.some((r, i) => r.version !== i + 2)) {
    findings.push(`settlement version ${settlementVersion} with resettlement records ${facts.resettlements.map((r) => r.version).join(', ') || 'none'}`);
  }

  if (status === 'review') {
    if (vipAskedAmount === null) findings.push('in review without a vip asked stake');
    else if (amount !== vipAskedAmount) findings.push(`in review at ${amount}, asked ${vipAskedAmount}`);
  } else if (status !== 'refused') {
    // Accepted at a counter stake: the rest went back.
    if (held < amount) findings.push(`stake ${amount} above the ${held} held`);
    want('vip-return', -(held - amount));
  }

  if (status === 'pending' || status === 'accepted' || status === 'review') {
    if (payout !== null) findings.push(`${status} with a payout of ${payout}`);
  } else if (payout === null) {
    findings.push(`${status} without a payout`);
  } else if (status === 'refused') {
    want('refund', -held);
    if (payout !== held) findings.push(`refused with payout ${payout}, ${held} held`);
  } else if (status === 'sold') {
    want('cash-out', -payout);
  } else {
    const insuredPart = insured ? insuredAmount : null;
    const finalCredit = settlementCredit(insuredPart, payout);
    if (settlementVersion <= 1) {
      want('payout', -payout);
      want('insurance-payback', -(finalCredit - payout));
    } else {
      const byVersion = new Map(facts.resettlements.map((r) => [r.version, r]));
      // Version 1: the sweep's payout, or an insured coupon's payback. Which one, when the credit
      // equals the insured amount, the postings say (a payout of exactly that, or a payback).
      const first = byVersion.get(2)?.previous ?? 0n;
      const payback = insuredPart !== null && first === insuredPart && facts.posted['insurance-payback'] !== undefined;
      want(payback ? 'insurance-payback' : 'payout', -first);
      for (let v = 2; v <= settlementVersion; v++) {
        const record = byVersion.get(v);
        const previous = v === 2 ? first : (byVersion.get(v - 1)?.payout ?? 0n);
        if (record && record.previous !== previous) findings.push(`resettlement v${v} reversed ${record.previous}, v${v - 1} credited ${previous}`);
        want(reversalKey(v - 1), previous);
        want(payoutVersionKey(v), -(record?.payout ?? 0n));
      }
      const last = byVersion.get(settlementVersion)?.payout ?? 0n;
      if (last !== finalCredit) findings.push(`settled at ${payout} (credit ${finalCredit}), the last resettlement credited ${last}`);
    }
  }
  return { postings, findings };
}

/**
 * Whether a coupon's postings agree with its state: every finding (empty when they do). Each
 * required posting is there with exactly its amount on the house side and its counterpart on
 * the coupon's account (a reversal may leave part of it as a debt on house-receivables, as
 * the resettlement record says); no other posting exists.
 */
export function checkCouponPostings(facts: CouponFacts): string[] {
  const { postings, findings } = expectedCouponPostings(facts);
  for (const [key, house] of postings) {
    const posted = facts.posted[key];
    if (!posted) {
      findings.push(`${facts.status} without ${key} (${house > 0n ? house : -house})`);
      continue;
    }
    if (posted.house !== house) findings.push(`${key} moved ${posted.house} on the house side, ${house} expected`);
    if (posted.other !== 0n) findings.push(`${key} moved ${posted.other} on other accounts`);
    const reverse = /^payout:v(\d+):reverse$/.exec(key);
    if (reverse) {
      const debt = facts.resettlements.find((r) => r.version === Number(reverse[1]) + 1)?.debt ?? 0n;
      if (posted.receivables !== -debt) findings.push(`${key} left ${-posted.receivables} as a debt, the record says ${debt}`);
      if (posted.player + posted.receivables !== -posted.house) findings.push(`${key} took ${-posted.player} from the player and ${-posted.receivables} as a debt for ${posted.house}`);
    } else {
      if (posted.receivables !== 0n) findings.push(`${key} moved ${posted.receivables} on house-receivables`);
      if (posted.player !== -house) findings.push(`${key} moved ${posted.player} on the player's account, ${-house} expected`);
    }
  }
  for (const key of Object.keys(facts.posted)) {
    if (!postings.has(key)) findings.push(`${facts.status} with ${key}`);
  }
  return findings;
}

/**
 * What the house-bets shards hold for this coupon by its state: stake + premium − vip return −
 * refund − cash-out − the final credit. Summed over the coupons of a currency it is that
 * currency's house-bets balance.
 */
export function couponHouseNet(facts: CouponFacts): bigint {
  let net = 0n;
  for (const house of expectedCouponPostings(facts).postings.values()) net += house;
  return net;
}
