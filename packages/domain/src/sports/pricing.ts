/**
 * Prices a market from a model's score distributions.
 *
 * Each outcome's fair price comes from its settlement: over the distribution, E[win share]
 * and E[refund share] of the stake (the refund includes quarter-line halves and the chance
 * the scope is never played). A fair coefficient c satisfies E[win]·c + E[refund] = 1, so
 * its effective probability is E[win] / (1 − E[refund]). For every market here these
 * effective probabilities of the exclusive outcomes sum to 1 — whole and quarter Asian lines
 * included — and the margin is applied to them (odds/margin.ts). Double chance outcomes
 * overlap, so each is priced against its complement.
 *
 * A market whose result is all but decided (an outcome above 97%) is blocked; an outcome
 * below 0.1% is blocked (its coefficient would be at the cap).
 */
import { MIN_COEF } from '../odds/coef.ts';
import { applyMargin, type MarginOptions } from '../odds/margin.ts';
import type { ScopeDists, ScoreDist } from './distribution.ts';
import { MARKET_BASIS, type MarketSpec, type OutcomeSpec } from './markets.ts';
import { judgeOutcome, stakeShares, type ScoredStatus } from './settlement.ts';

export interface PricedOutcome {
  key: string;
  coef: number;
  blocked: boolean;
  /** The fair effective probability, before the margin. */
  probability: number;
}

export interface PricedMarket {
  key: string;
  blocked: boolean;
  outcomes: PricedOutcome[];
}

export type PricingOptions = MarginOptions;

// Past this an outcome is as good as settled: 1.01 or a lopsided long shot is not a price
// worth offering (and the power margin moves such long shots erratically).
const DECIDED = 0.97;
const TOO_UNLIKELY = 0.001;

// Shares of the stake by scored status (0…6), from stakeShares, as flat tables for the hot loop.
const WIN_SHARE = [0, 1, 2, 3, 4, 5, 6].map((status) => stakeShares(status as ScoredStatus)?.[0] ?? 0);
const REFUND_SHARE = [0, 1, 2, 3, 4, 5, 6].map((status) => stakeShares(status as ScoredStatus)?.[1] ?? 0);

/** [E[win share], E[refund share]] of an outcome over a scope's distribution. */
export function expectedShares(outcome: OutcomeSpec, dist: ScoreDist): readonly [number, number] | null {
  let win = 0;
  let refund = dist.voidP;
  const score = { home: 0, away: 0 };
  const basis = MARKET_BASIS[outcome.type];
  if (basis === 'joint') {
    if (!dist.joint) return null;
    for (const [home, away, p] of dist.joint) {
      score.home = home;
      score.away = away;
      const status = judgeOutcome(outcome, score);
      win += p * (WIN_SHARE[status] ?? 0);
      refund += p * (REFUND_SHARE[status] ?? 0);
    }
  } else {
    // A margin or total basis depends only on home − away or home + away: a synthetic
    // score (value, 0) settles the same way.
    for (const [value, p] of basis === 'margin' ? dist.margin : dist.total) {
      score.home = value;
      const status = judgeOutcome(outcome, score);
      win += p * (WIN_SHARE[status] ?? 0);
      refund += p * (REFUND_SHARE[status] ?? 0);
    }
  }
  return [win, refund];
}

/** The effective probability of each outcome, or null when the distribution cannot price it. */
export function fairProbabilities(market: MarketSpec, dists: ScopeDists): number[] | null {
  const dist = dists[market.scope];
  if (!dist) return null;
  const probabilities: number[] = [];
  for (const outcome of market.outcomes) {
    const shares = expectedShares(outcome, dist);
    if (!shares) return null;
    const [win, refund] = shares;
    probabilities.push(refund >= 1 - 1e-9 ? 0 : Math.min(1, win / (1 - refund)));
  }
  return probabilities;
}

/** Null when the model has nothing for the market's scope (a half that is over). */
export function priceMarket(market: MarketSpec, dists: ScopeDists, options: PricingOptions = {}): PricedMarket | null {
  const probabilities = fairProbabilities(market, dists);
  if (!probabilities) return null;
  const voidOnly = probabilities.every((p) => p === 0);
  const overlapping = market.type === 'double-chance';
  const coefs = voidOnly
    ? probabilities.map(() => MIN_COEF)
    : overlapping
      ? probabilities.map((p) => applyMargin([p, 1 - p], options)[0] ?? MIN_COEF)
      : applyMargin(probabilities, options);
  const outcomes = market.outcomes.map((outcome, i) => {
    const probability = probabilities[i] ?? 0;
    return {
      key: outcome.key,
      coef: coefs[i] ?? MIN_COEF,
      blocked: probability < TOO_UNLIKELY || (overlapping && probability > DECIDED),
      probability,
    };
  });
  const decided = !overlapping && probabilities.some((p) => p > DECIDED);
  return { key: market.key, blocked: voidOnly || decided || outcomes.every((o) => o.blocked), outcomes };
}

/** Prices every market the distributions cover; markets they do not cover are left out. */
export function priceMarkets(markets: readonly MarketSpec[], dists: ScopeDists, options: PricingOptions = {}): PricedMarket[] {
  const priced: PricedMarket[] = [];
  for (const market of markets) {
    const result = priceMarket(market, dists, options);
    if (result) priced.push(result);
  }
  return priced;
}
