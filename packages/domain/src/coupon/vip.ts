/**
 * The vip bet's review (SPEC §5, issue 11): a stake above the site's max, asked as a vip bet,
 * goes to an operator who accepts it, declines it or counter-offers a smaller stake within a
 * time-out; the player takes or declines a counter-offer within the time-out too. The whole
 * asked stake is held from placement; every step says which part of it goes back.
 *
 * And the resettlement of a corrected result: the previous payout is reversed and the new
 * one posted; the reversal takes from the player only what the balance holds, the rest is a
 * debt (decision 0016).
 */
import { initialStake } from '../money/stakes.ts';

/** How long an operator (and then the player, for a counter-offer) has to answer. */
export const VIP_REVIEW_MS = 5 * 60_000;

/** The default max stake of a coupon without a site limit: 100 initial stakes of the currency (RUB 15 000, USD 500). */
export const defaultMaxStake = (currency: string): bigint => initialStake(currency) * 100n;

export type VipPlacement =
  /** Place it as any coupon (no vip asked, or the stake is within the max). */
  | { readonly kind: 'ordinary' }
  /** Hold the stake and wait for the operator. */
  | { readonly kind: 'review' }
  /** Asked as a vip bet where SPEC §5 does not allow one. */
  | { readonly kind: 'refused'; readonly code: 'vip_bet_unavailable' };

/** What a placement with `isVipBet` becomes: review only above the max and where SPEC §5 allows a vip bet. */
export function vipPlacement(input: { readonly isVipBet: boolean; readonly available: boolean; readonly charged: bigint; readonly maxAmount: bigint | null }): VipPlacement {
  if (!input.isVipBet) return { kind: 'ordinary' };
  if (!input.available || input.maxAmount === null) return { kind: 'refused', code: 'vip_bet_unavailable' };
  return input.charged > input.maxAmount ? { kind: 'review' } : { kind: 'ordinary' };
}

/** Where a coupon in review stands: waiting for the operator, or for the player's answer to a counter-offer. */
export type VipStage = 'operator' | 'player';

export type VipEvent =
  | { readonly by: 'operator'; readonly decision: 'accept' }
  | { readonly by: 'operator'; readonly decision: 'decline' }
  | { readonly by: 'operator'; readonly decision: 'counter'; readonly amount: bigint }
  | { readonly by: 'player'; readonly accept: boolean }
  | { readonly by: 'clock' };

/** The stored decision of a vip coupon once something happened to it. */
export type VipDecision = 'accepted' | 'declined' | 'countered' | 'timed_out' | 'counter_accepted' | 'counter_declined' | 'counter_timed_out';
export const VIP_DECISIONS: readonly VipDecision[] = ['accepted', 'declined', 'countered', 'timed_out', 'counter_accepted', 'counter_declined', 'counter_timed_out'];

export type VipStep =
  /** The coupon goes on at `stake` (the rest of what was held, `returned`, goes back now). */
  | { readonly ok: true; readonly status: 'accepted'; readonly decision: VipDecision; readonly stake: bigint; readonly returned: bigint }
  /** Refused: the whole held stake goes back. */
  | { readonly ok: true; readonly status: 'refused'; readonly decision: VipDecision; readonly stake: 0n; readonly returned: bigint }
  /** A counter-offer: still in review, now waiting for the player. */
  | { readonly ok: true; readonly status: 'review'; readonly decision: 'countered'; readonly counter: bigint }
  | { readonly ok: false; readonly code: 'not_your_turn' | 'counter_out_of_range' };

/**
 * One step of the review. `held` is the asked stake on hold, `counter` the operator's
 * offer once made, `minAmount` the least stake of the coupon. Money is conserved: for every
 * step that ends the review, stake + returned = held.
 */
export function vipStep(stage: VipStage, held: bigint, counter: bigint | null, event: VipEvent, minAmount = 1n): VipStep {
  if (event.by === 'clock') {
    return { ok: true, status: 'refused', decision: stage === 'operator' ? 'timed_out' : 'counter_timed_out', stake: 0n, returned: held };
  }
  if (event.by === 'operator') {
    if (stage !== 'operator') return { ok: false, code: 'not_your_turn' };
    if (event.decision === 'accept') return { ok: true, status: 'accepted', decision: 'accepted', stake: held, returned: 0n };
    if (event.decision === 'decline') return { ok: true, status: 'refused', decision: 'declined', stake: 0n, returned: held };
    // A counter-offer is a smaller stake the coupon can still be placed with.
    if (event.amount < minAmount || event.amount >= held) return { ok: false, code: 'counter_out_of_range' };
    return { ok: true, status: 'review', decision: 'countered', counter: event.amount };
  }
  if (stage !== 'player' || counter === null) return { ok: false, code: 'not_your_turn' };
  if (!event.accept) return { ok: true, status: 'refused', decision: 'counter_declined', stake: 0n, returned: held };
  return { ok: true, status: 'accepted', decision: 'counter_accepted', stake: counter, returned: held - counter };
}

export interface ReversalSplit {
  /** Taken back from the player's account (never more than it holds). */
  readonly fromPlayer: bigint;
  /** What the player could not cover: a debt recorded against them (decision 0016). */
  readonly debt: bigint;
}

/**
 * How the reversal of a previous payout is covered: from the player's balance as far as it
 * goes, with the new payout of the same resettlement credited first, the rest a debt.
 */
export function reversalSplit(previousPayout: bigint, balance: bigint, newPayout: bigint): ReversalSplit {
  if (previousPayout <= 0n) return { fromPlayer: 0n, debt: 0n };
  const available = balance + newPayout > 0n ? balance + newPayout : 0n;
  const fromPlayer = previousPayout < available ? previousPayout : available;
  return { fromPlayer, debt: previousPayout - fromPlayer };
}
