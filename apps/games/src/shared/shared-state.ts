/**
 * The state of a shared game as the live topic gives it (decision 0025): a snapshot of the
 * schedule and the current round's bets, then deltas that each replace one round or one bet
 * by id. Pure, so it is tested without a socket. Types only from the contracts (no zod here).
 */
import type { SharedDelta, SharedPublicBet, SharedRound, SharedSnapshot } from '@betsite/contracts';

export type { SharedDelta, SharedPublicBet, SharedRound, SharedSnapshot };

export interface SharedState {
  readonly rounds: readonly SharedRound[];
  readonly bets: readonly SharedPublicBet[];
  /** Server time − local time (ms), from the last message that carried the server's time. */
  readonly offsetMs: number;
}

export const EMPTY_STATE: SharedState = { rounds: [], bets: [], offsetMs: 0 };

const HISTORY = 12;

function byNumber(rounds: readonly SharedRound[]): SharedRound[] {
  return [...rounds].sort((a, b) => a.roundNo - b.roundNo);
}

export function fromSnapshot(snapshot: SharedSnapshot, localNow: number): SharedState {
  const rounds = [...snapshot.history, ...(snapshot.current ? [snapshot.current] : []), ...(snapshot.next ? [snapshot.next] : [])];
  return { rounds: byNumber(rounds), bets: snapshot.bets, offsetMs: Date.parse(snapshot.now) - localNow };
}

export function applyDelta(state: SharedState, delta: SharedDelta, localNow: number): SharedState {
  if (delta.kind === 'round') {
    const rounds = byNumber([...state.rounds.filter((r) => r.id !== delta.round.id), delta.round]);
    const over = rounds.filter((r) => r.state === 'settled' || r.state === 'void');
    const keep = new Set(over.slice(-HISTORY).map((r) => r.id));
    const live = new Set(rounds.filter((r) => r.state === 'open' || r.state === 'running').map((r) => r.id));
    // The public bet list follows the rounds still shown.
    const bets = state.bets.filter((b) => live.has(b.roundId) || keep.has(b.roundId));
    return { rounds: rounds.filter((r) => keep.has(r.id) || live.has(r.id)), bets, offsetMs: Date.parse(delta.now) - localNow };
  }
  return { ...state, bets: [...state.bets.filter((b) => b.id !== delta.bet.id), delta.bet] };
}

/** The round taking bets (or running, for crash): the earliest not over. */
export const currentRound = (state: SharedState): SharedRound | null => state.rounds.find((r) => r.state === 'open' || r.state === 'running') ?? null;
/** Settled and void rounds, newest first. */
export const pastRounds = (state: SharedState): SharedRound[] => state.rounds.filter((r) => r.state === 'settled' || r.state === 'void').reverse();

/** Whole seconds left until `iso` at server time `now`, never below 0. */
export const secondsUntil = (iso: string, now: number): number => Math.max(0, Math.ceil((Date.parse(iso) - now) / 1000));
