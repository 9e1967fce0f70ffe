/**
 * What a game front-end gets from the shell (every engine's component, ours and the shared
 * ones under src/shared/, reads it with `useGame()`): the session, the balance, the stake
 * chosen, and `play`, which posts a move and does the rest — balance, host message, history,
 * refusal messages. A refusal resolves to null (the shell already shows why).
 */
import { createContext, useContext } from 'react';
import type { RgsApi } from '../api.ts';
import type { PlayRequest, RgsSession, RoundView } from '../rgs-types.ts';

export interface GameContextValue {
  readonly session: RgsSession;
  readonly api: RgsApi;
  readonly balance: bigint;
  /** The stake chosen in the stake selector (minor units), within the session's min and max. */
  readonly stake: bigint;
  readonly setStake: (stake: bigint) => void;
  readonly stakes: readonly bigint[];
  /** A move is on its way: games disable their buttons. */
  readonly busy: boolean;
  readonly play: (body: PlayRequest) => Promise<RoundView | null>;
  /** Reads the balance again (shared rounds pay at their settlement, after the play answer). */
  readonly refreshBalance: () => Promise<void>;
  /** An amount in the session's currency (FUN in demo). */
  readonly money: (amount: bigint | string) => string;
  /** Says a result in the live region (screen readers, e2e). */
  readonly announce: (text: string) => void;
}

export const GameContext = createContext<GameContextValue | null>(null);

export function useGame(): GameContextValue {
  const value = useContext(GameContext);
  if (!value) throw new Error('useGame outside the game shell');
  return value;
}
