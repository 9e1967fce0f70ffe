/**
 * A list row's card after price changes, worked out from the card and the changed markets
 * (decision 0030): the feed's price ticks are most of the line writer's work, and computing
 * a game's row again from the tables reads every candidate market and outcome of the game —
 * the slowest part of a feed batch's transaction, which the live deltas wait for.
 *
 * A price change leaves a card's fields as they were; only its markets can change:
 * - a shown market (every whole-game result market, the main total, the main handicap)
 *   takes the new prices and blocked flags;
 * - a main total or handicap stays main when its imbalance did not grow and every changed
 *   market of its type loses to it whatever their order (the other markets did not change,
 *   and it beat them before);
 * - otherwise the main lines must be chosen again (`settled: false`), from every candidate
 *   line's spread in the tables (list-rows.ts); a market or outcome the card should show
 *   but does not know answers null: the row is computed again whole.
 *
 * The comparison is `mainMarkets` itself, so the rule that chooses the lines stays in one
 * place. A changed market the card does not show may carry only some of its outcomes: its
 * spread then counts fewer prices and can only look smaller, so the answer errs towards
 * choosing again, never towards keeping a line that lost.
 */
import type { GameCard, LineMarket } from '@betsite/contracts';
import type { FeedMarketOdds } from '@betsite/feed';
import { mainMarkets, type MarketCandidate } from './queries.ts';
import { coefOf, priceOf } from './rows.ts';

export interface PricedCard {
  /** The card with the new prices of the markets it shows (a new object). */
  card: GameCard;
  /** False when the main total or handicap may have changed hands. */
  settled: boolean;
}

/** A market key is `<type>:<scope>[@<param>]`. */
function typeAndScope(key: string): { type: string; scope: string } | null {
  const colon = key.indexOf(':');
  if (colon < 0) return null;
  const at = key.indexOf('@', colon);
  return { type: key.slice(0, colon), scope: key.slice(colon + 1, at < 0 ? undefined : at) };
}

/** Highest minus lowest price (thousandths), as the tables' choice counts it; 0 without outcomes. */
function spreadOf(prices: readonly number[]): number {
  return prices.length === 0 ? 0 : Math.max(...prices) - Math.min(...prices);
}

function shownCandidate(market: LineMarket): MarketCandidate {
  return { key: market.key, type: market.type, scope: market.scope, blocked: market.blocked, spread: spreadOf(market.outcomes.map((o) => priceOf(o.coef))) };
}

/** Whether `a` is chosen over `b` even when `b` comes first in the game's market order. */
function beats(a: MarketCandidate, b: MarketCandidate, sportId: number): boolean {
  return mainMarkets([b, a], sportId)[0] === a;
}

const isLine = (type: string) => type === 'total' || type === 'handicap';

/** The card with these changes (the given one is not modified); null when it must be computed again whole. */
export function cardWithPrices(card: GameCard, changed: Iterable<FeedMarketOdds>, sportId = card.sportId): PricedCard | null {
  const next: GameCard = { ...card, markets: card.markets.map((m) => ({ ...m, outcomes: m.outcomes.map((o) => ({ ...o })) })) };
  const shown = new Map(next.markets.map((m) => [m.key, m]));
  const before = new Map(card.markets.map((m) => [m.key, shownCandidate(m)]));
  const hidden: MarketCandidate[] = [];
  for (const market of changed) {
    const target = shown.get(market.key);
    if (target) {
      const outcomes = new Map(target.outcomes.map((o) => [o.key, o]));
      for (const change of market.outcomes) {
        const outcome = outcomes.get(change.key);
        if (!outcome) return null;
        outcome.coef = coefOf(priceOf(change.coef));
        outcome.blocked = change.blocked;
      }
      target.blocked = market.blocked;
      continue;
    }
    const kind = typeAndScope(market.key);
    if (!kind) return null;
    hidden.push({ key: market.key, ...kind, blocked: market.blocked, spread: spreadOf(market.outcomes.map((o) => priceOf(o.coef))) });
  }
  // A result market is always shown: one the card lacks means the card is not what it should be.
  if (hidden.some((m) => !isLine(m.type))) return null;
  let settled = true;
  for (const market of next.markets) {
    if (!isLine(market.type)) continue;
    const now = shownCandidate(market);
    const was = before.get(market.key);
    if (was && beats(was, now, sportId)) settled = false;
    for (const other of hidden) if (other.type === market.type && !beats(now, other, sportId)) settled = false;
  }
  // A changed line of a type the card shows no line of.
  const types = new Set(next.markets.map((m) => m.type));
  if (hidden.some((m) => !types.has(m.type))) settled = false;
  return { card: next, settled };
}
