import { describe, expect, it } from 'vitest';
import { applyDelta, currentRound, fromSnapshot, pastRounds, secondsUntil, type SharedRound } from './shared-state.ts';

const round = (n: number, state: SharedRound['state']): SharedRound => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`, engine: 'tv-keno', room: '', roundNo: n, state,
  serverSeedHash: 'h', clientSeed: `tv-keno::${n}`, serverSeed: state === 'settled' ? 's' : null,
  opensAt: new Date(n * 60_000).toISOString(), closesAt: new Date(n * 60_000 + 40_000).toISOString(), endsAt: new Date((n + 1) * 60_000).toISOString(), params: {}, result: null,
});
const bet = (id: string, roundId: string) => ({ id, roundId, player: 'abc123', stake: '100', currency: 'EUR', mode: 'real' as const, status: 'open' as const, cashedOutAt: null, win: null });

describe('shared game state from the live topic', () => {
  it('a snapshot orders rounds; deltas replace a round or a bet by id; the server clock offset follows', () => {
    const s0 = fromSnapshot({ engine: 'tv-keno', room: '', now: new Date(10_000).toISOString(), current: round(2, 'open'), next: round(3, 'open'), history: [round(1, 'settled')], bets: [] }, 4_000);
    expect(s0.offsetMs).toBe(6_000);
    expect(currentRound(s0)?.roundNo).toBe(2);
    expect(pastRounds(s0).map((r) => r.roundNo)).toEqual([1]);
    const s1 = applyDelta(s0, { kind: 'bet', bet: bet('00000000-0000-4000-8000-0000000000aa', round(2, 'open').id) }, 5_000);
    expect(s1.bets).toHaveLength(1);
    const s2 = applyDelta(s1, { kind: 'round', now: new Date(20_000).toISOString(), round: round(2, 'settled') }, 10_000);
    expect(currentRound(s2)?.roundNo).toBe(3);
    expect(pastRounds(s2).map((r) => r.roundNo)).toEqual([2, 1]);
    expect(s2.offsetMs).toBe(10_000);
    // The same delta twice changes nothing (deltas set state).
    expect(applyDelta(s2, { kind: 'round', now: new Date(20_000).toISOString(), round: round(2, 'settled') }, 10_000)).toEqual(s2);
  });

  it('keeps the last 12 results', () => {
    let s = fromSnapshot({ engine: 'tv-keno', room: '', now: new Date(0).toISOString(), current: null, next: null, history: [], bets: [] }, 0);
    for (let n = 1; n <= 20; n++) s = applyDelta(s, { kind: 'round', now: new Date(0).toISOString(), round: round(n, 'settled') }, 0);
    expect(pastRounds(s).map((r) => r.roundNo)).toEqual([20, 19, 18, 17, 16, 15, 14, 13, 12, 11, 10, 9]);
    expect(secondsUntil(new Date(5_500).toISOString(), 1_000)).toBe(5);
    expect(secondsUntil(new Date(0).toISOString(), 1_000)).toBe(0);
  });
});
