/**
 * `useGameLive(game)`: follows `game:{id}` (snapshot, then deltas, once per animation frame)
 * and answers the current game with the direction of every price that moved in the last
 * 2 s. A new `game` from the loader (a revalidation) replaces the followed one.
 */
import { useEffect, useRef, useState } from 'react';
import type { GameCard, GameDelta, GameDetail } from '@betsite/contracts';
import { useLiveTopic } from '../live/index.ts';
import { applyGameDelta, expireMarks, markMoves, mergeSnapshot, nextExpiry, NO_MARKS, priceMoves, type DirectionMarks } from './game-state.ts';

/** Contracts `LINE_GAME_FAMILY`. */
export const GAME_TOPIC_FAMILY = 'game';
export const gameTopic = (gameId: number) => `${GAME_TOPIC_FAMILY}:${gameId}`;

export interface UseGameLiveOptions {
  /** Follow the topic (default true). Lists follow only the rows they can afford. */
  enabled?: boolean;
  /** `card` keeps the card's markets (rows); `full` takes every market (game page). Default `card`. */
  mode?: 'card' | 'full';
}

export interface GameLive<G extends GameCard> {
  game: G;
  marks: DirectionMarks;
}

export function useGameLive<G extends GameCard>(initial: G, { enabled = true, mode = 'card' }: UseGameLiveOptions = {}): GameLive<G> {
  const [state, setState] = useState<{ source: G; game: G; marks: DirectionMarks }>({ source: initial, game: initial, marks: NO_MARKS });
  // A fresh game from the loader wins (adjusting state while rendering, as React advises).
  let current = state;
  if (state.source !== initial) {
    current = { source: initial, game: initial, marks: state.marks };
    setState(current);
  }

  useLiveTopic<GameDetail, GameDelta>(enabled ? gameTopic(initial.id) : null, {
    onSnapshot: (snapshot) => setState((s) => ({ ...s, game: mergeSnapshot(s.game, snapshot, mode) })),
    onDelta: (delta) =>
      setState((s) => {
        const game = applyGameDelta(s.game, delta);
        return { ...s, game, marks: markMoves(s.marks, priceMoves(s.game, game), Date.now()) };
      }),
  });

  // Take the directions down when they run out.
  const timer = useRef<number | undefined>(undefined);
  const expiry = nextExpiry(current.marks);
  useEffect(() => {
    if (expiry === null) return;
    timer.current = window.setTimeout(() => setState((s) => ({ ...s, marks: expireMarks(s.marks, Date.now()) })), Math.max(0, expiry - Date.now()) + 20);
    return () => window.clearTimeout(timer.current);
  }, [expiry]);

  return { game: current.game, marks: current.marks };
}
