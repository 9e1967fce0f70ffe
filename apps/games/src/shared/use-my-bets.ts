/**
 * The player's bets on a shared game: added from each play answer; when the round of an open
 * one is over, they are read again from the game server (settled with their wins) and the
 * balance is refreshed — shared rounds pay at settlement, not in the play answer.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { obj, str } from '../outcome.ts';
import type { RoundView } from '../rgs-types.ts';
import { useGame } from '../shell/game-context.ts';
import type { SharedRound } from './shared-state.ts';
import { useT } from '../i18n.ts';

export const sharedRoundIdOf = (bet: RoundView): string => str(obj(obj(bet.input).round).id);

export function useMyBets(past: readonly SharedRound[]): { bets: readonly RoundView[]; add: (bet: RoundView) => void } {
  const { api, refreshBalance, money, announce } = useGame();
  const t = useT();
  const [bets, setBets] = useState<readonly RoundView[]>([]);
  const seen = useRef(new Set<string>());

  useEffect(() => {
    let live = true;
    api.rounds(20).then((answer) => live && setBets(answer.rounds), () => undefined);
    return () => {
      live = false;
    };
  }, [api]);

  const add = useCallback((bet: RoundView) => setBets((list) => [bet, ...list.filter((b) => b.id !== bet.id)]), []);

  useEffect(() => {
    const overIds = new Set(past.map((r) => r.id));
    const finished = bets.filter((b) => b.status === 'open' && overIds.has(sharedRoundIdOf(b)) && !seen.current.has(b.id));
    if (finished.length === 0) return;
    for (const b of finished) seen.current.add(b.id);
    void api.rounds(20).then(async (answer) => {
      setBets(answer.rounds);
      const settled = answer.rounds.filter((b) => finished.some((f) => f.id === b.id));
      const won = settled.reduce((sum, b) => sum + BigInt(b.win), 0n);
      announce(settled.some((b) => b.status === 'rolled_back') ? t('shared.voidReturned') : won > 0n ? t('slots.youWin', { amount: money(won) }) : t('shared.noWinRound'));
      await refreshBalance();
    }, () => undefined);
  }, [past, bets, api, announce, money, refreshBalance, t]);

  return { bets, add };
}
