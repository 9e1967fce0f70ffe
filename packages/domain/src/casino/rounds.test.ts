import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { minor } from '../money/minor.ts';
import { fairRng, serverSeedHash, type FairSeeds } from './rng.ts';
import {
  completionAction,
  engineRules,
  ENGINES,
  isMultiStep,
  maxWin,
  playEngine,
  replayRound,
  RoundError,
  verifyEngineRound,
  type Engine,
  type RoundAction,
  type RoundInput,
} from './rounds.ts';

const seedsArb = fc.record({ serverSeed: fc.string({ minLength: 1, maxLength: 40 }), clientSeed: fc.string({ maxLength: 20 }), nonce: fc.nat(1e9) });
const stakeArb = fc.bigInt({ min: 1n, max: 10n ** 9n }).map(String);

/** A first action for every single-step engine and the opening of the multi-step ones. */
const openingArb = (engine: Engine): fc.Arbitrary<RoundAction> => {
  switch (engine) {
    case 'fruit-fiesta':
    case 'pharaohs-gold':
    case 'neon-nights':
      return stakeArb.map((stake) => ({ action: 'spin', stake }));
    case 'european-roulette':
      return fc
        .array(
          fc.tuple(
            fc.constantFrom<[string, number[]]>(['straight', [17]], ['split', [0, 1]], ['street', [1, 2, 3]], ['corner', [1, 2, 4, 5]], ['dozen', [3]], ['column', [2]], ['red', []], ['odd', []], ['high', []]),
            stakeArb,
          ),
          { minLength: 1, maxLength: 5 },
        )
        .map((bets) => ({ action: 'spin', bets: bets.map(([[kind, numbers], stake]) => ({ kind, numbers, stake })) }) as RoundAction);
    case 'keno':
      return fc.tuple(stakeArb, fc.uniqueArray(fc.integer({ min: 1, max: 80 }), { minLength: 1, maxLength: 10 })).map(([stake, picks]) => ({ action: 'draw', stake, picks }));
    case 'dice':
      return fc.tuple(stakeArb, fc.boolean(), fc.integer({ min: 200, max: 9800 })).map(([stake, over, target]) => ({ action: 'roll', stake, target, over }));
    case 'crash':
      return fc.tuple(stakeArb, fc.integer({ min: 101, max: 1_000_000 })).map(([stake, cashOutAt]) => ({ action: 'bet', stake, cashOutAt }));
    case 'scratch':
      return stakeArb.map((stake) => ({ action: 'buy', stake }));
    case 'blackjack':
    case 'jacks-or-better':
      return stakeArb.map((stake) => ({ action: 'deal', stake }));
    case 'mines':
      return fc.tuple(stakeArb, fc.integer({ min: 1, max: 24 })).map(([stake, mines]) => ({ action: 'start', stake, mines }));
  }
};

/** Plays a multi-step round to its end with moves chosen by `choices` (allowed moves only). */
function playOut(engine: Engine, first: RoundAction, seeds: FairSeeds, choices: readonly number[]): RoundInput {
  const actions: RoundAction[] = [first];
  for (let i = 0; i < 40; i++) {
    const now = replayRound(engine, { actions }, seeds);
    if (now.status !== 'open') break;
    const pick = choices[i % Math.max(choices.length, 1)] ?? 0;
    const view = now.view as { actions?: string[]; hand?: number[]; revealed?: number[] };
    if (engine === 'blackjack') {
      const allowed = view.actions ?? [];
      actions.push({ action: allowed[pick % allowed.length] as 'hit' });
    } else if (engine === 'jacks-or-better') {
      actions.push({ action: 'draw', hold: [0, 1, 2, 3, 4].map((bit) => ((pick >> bit) & 1) === 1) });
    } else {
      const revealed = view.revealed ?? [];
      const hidden = Array.from({ length: 25 }, (_, c) => c).filter((c) => !revealed.includes(c));
      actions.push(revealed.length > 0 && pick % 4 === 0 ? { action: 'cashout' } : { action: 'reveal', cell: hidden[pick % hidden.length] as number });
    }
  }
  return { actions };
}

describe('round dispatcher', () => {
  it('has every solo engine with rules, and refuses what a game refuses', () => {
    expect(ENGINES).toHaveLength(11);
    for (const engine of ENGINES) expect(engineRules(engine)).toMatchObject({ rtp: expect.any(String) });
    const rng = () => fairRng({ serverSeed: 's', clientSeed: 'c', nonce: 0 });
    const bad: [Engine, RoundAction[]][] = [
      ['fruit-fiesta', [{ action: 'spin', stake: '0' }]],
      ['fruit-fiesta', [{ action: 'spin', stake: '1.5' }]],
      ['fruit-fiesta', [{ action: 'buy', stake: '10' }]],
      ['fruit-fiesta', [{ action: 'spin', stake: '10' }, { action: 'spin', stake: '10' }]],
      ['european-roulette', [{ action: 'spin', bets: [{ kind: 'split', numbers: [3, 4], stake: '10' }] }]],
      ['european-roulette', [{ action: 'spin', bets: [] }]],
      ['keno', [{ action: 'draw', stake: '10', picks: [1, 1] }]],
      ['dice', [{ action: 'roll', stake: '10', target: 9900, over: false }]],
      ['dice', [{ action: 'roll', stake: '10', target: 100, over: true }]],
      ['crash', [{ action: 'bet', stake: '10', cashOutAt: 100 }]],
      ['blackjack', [{ action: 'hit' }]],
      ['jacks-or-better', [{ action: 'deal', stake: '10' }, { action: 'draw', hold: [true] }]],
      ['mines', [{ action: 'start', stake: '10', mines: 25 }]],
      ['mines', [{ action: 'start', stake: '10', mines: 3 }, { action: 'cashout' }]],
      ['mines', [{ action: 'start', stake: '10', mines: 3 }, { action: 'reveal', cell: 25 }]],
    ];
    for (const [engine, actions] of bad) expect(() => playEngine(engine, { actions }, rng()), JSON.stringify(actions)).toThrow(RoundError);
    expect(() => playEngine('dice', { actions: [] }, rng())).toThrow(RoundError);
  });

  it('dice over mirrors under: over t wins exactly when the shown roll is ≥ t', () => {
    fc.assert(
      fc.property(seedsArb, fc.integer({ min: 200, max: 9900 }), (seeds, target) => {
        const r = replayRound('dice', { actions: [{ action: 'roll', stake: '100', target, over: true }] }, seeds);
        const v = r.view as { roll: number; won: boolean };
        expect(v.won).toBe(v.roll >= target);
        expect(v.roll).toBeGreaterThanOrEqual(0);
        expect(v.roll).toBeLessThan(10_000);
      }),
      { numRuns: 300 },
    );
  });

  for (const engine of ENGINES) {
    it(`property (${engine}): replay equals play, never negative, win ≤ the game's maximum`, () => {
      fc.assert(
        fc.property(seedsArb, openingArb(engine), fc.array(fc.nat(1000), { minLength: 1, maxLength: 10 }), (seeds, first, choices) => {
          const input = isMultiStep(engine) ? playOut(engine, first, seeds, choices) : { actions: [first] };
          // Played move by move on one stream, as one request each after a restart: the same round.
          const played = playEngine(engine, input, fairRng(seeds));
          const replayed = replayRound(engine, JSON.parse(JSON.stringify(input)) as RoundInput, seeds);
          expect(replayed).toEqual(played);
          expect(played.stake).toBeGreaterThan(0n);
          expect(played.win).toBeGreaterThanOrEqual(0n);
          const opening = first as { stake?: string; bets?: { stake: string }[] };
          const initial = opening.bets ? opening.bets.reduce((s, b) => s + BigInt(b.stake), 0n) : BigInt(opening.stake ?? '0');
          expect(played.win).toBeLessThanOrEqual(maxWin(engine, minor(initial)));
          if (isMultiStep(engine) && played.status === 'open') {
            // Open only when the moves ran out; the completion rule finishes it or voids it.
            let actions = [...input.actions];
            for (let i = 0; i < 10; i++) {
              const next = completionAction(engine, { actions }, fairRng(seeds));
              if (!next) {
                expect(engine).toBe('mines');
                return;
              }
              actions = [...actions, next];
              if (replayRound(engine, { actions }, seeds).status === 'settled') return;
            }
            throw new Error('the completion rule did not finish the round');
          } else expect(played.status).toBe('settled');
        }),
        { numRuns: isMultiStep(engine) ? 150 : 200 },
      );
    });
  }

  it('verifies a round against the hash shown before play', () => {
    const seeds = { serverSeed: 'secret', clientSeed: 'me', nonce: 4 };
    const input = { actions: [{ action: 'spin', stake: '100' }] as RoundAction[] };
    expect(verifyEngineRound('neon-nights', input, { ...seeds, serverSeedHash: serverSeedHash('secret') })).toMatchObject({ hashMatches: true });
    expect(verifyEngineRound('neon-nights', input, { ...seeds, serverSeedHash: serverSeedHash('other') }).hashMatches).toBe(false);
  });

  it('hides what is still to come in an open round and shows it once over', () => {
    const seeds = { serverSeed: 'hidden', clientSeed: 'c', nonce: 1 };
    const open = replayRound('mines', { actions: [{ action: 'start', stake: '100', mines: 3 }] }, seeds);
    expect(open.status).toBe('open');
    expect((open.view as { mines: unknown }).mines).toBeNull();
    const poker = replayRound('jacks-or-better', { actions: [{ action: 'deal', stake: '100' }] }, seeds);
    expect(JSON.stringify(poker.view)).not.toContain('reserve');
    for (let n = 0; n < 50; n++) {
      const bj = replayRound('blackjack', { actions: [{ action: 'deal', stake: '100' }] }, { ...seeds, nonce: n });
      const view = bj.view as { dealer: number[]; dealerTotal: number | null };
      expect(view.dealer).toHaveLength(bj.status === 'open' ? 1 : 2);
      if (bj.status === 'open') expect(view.dealerTotal).toBeNull();
    }
  });
});
