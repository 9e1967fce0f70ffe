import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { minor, type Minor } from '../money/minor.ts';
import { actBlackjack, basicStrategy, blackjackActions, BLACKJACK, dealBlackjack, handTotal, playBlackjackBasic, type BlackjackState } from './blackjack.ts';
import { CRASH, CRASH_MAX_TARGET, CRASH_MIN_TARGET, crashPoint, crashRtp, playCrash } from './crash.ts';
import { DICE, DICE_MAX_TARGET, DICE_MIN_TARGET, diceMultiplierMilli, diceRtp, rollDice } from './dice.ts';
import { KENO, KENO_PAYTABLE, kenoHitChance, kenoPicksError, kenoRtp, playKeno } from './keno.ts';
import { actMines, MINES, minesMultiplierMilli, minesRtp, startMines, type MinesAction } from './mines.ts';
import { casinoPayout, fracToNumber, type ExactRatio } from './money.ts';
import { fairRng, type Rng } from './rng.ts';
import { EUROPEAN_ROULETTE, rouletteBetRtp, rouletteCoverage, spinRoulette, type RouletteBet, type RouletteBetKind } from './roulette.ts';
import { playScratch, SCRATCH_CARD, SCRATCH_PRIZES, SCRATCH_SERIES, scratchRtp } from './scratch.ts';
import { dealVideoPoker, drawVideoPoker, evaluatePokerHand, JACKS_OR_BETTER_9_6, simpleHold, VIDEO_POKER } from './video-poker.ts';

const is = (ratio: ExactRatio, num: bigint, den: bigint): boolean => ratio.num * den === num * ratio.den;
const seedsArb = fc.record({ serverSeed: fc.string({ minLength: 1 }), clientSeed: fc.string(), nonce: fc.nat(1e9) });
const stakeArb = fc.bigInt({ min: 1n, max: 10n ** 10n }).map((s) => minor(s));
const maxPayout = (stake: Minor, maxMilli: bigint): bigint => (stake * maxMilli) / 1000n;

describe('payout maths', () => {
  it('floors stake × thousandths at the minor unit and refuses negatives', () => {
    expect(casinoPayout(minor(333n), 1500n)).toBe(499n);
    expect(() => casinoPayout(minor(-1n), 1000n)).toThrow(RangeError);
  });
});

describe('European roulette', () => {
  const valid: [RouletteBetKind, number[]][] = [
    ['straight', [0]], ['straight', [36]], ['split', [0, 2]], ['split', [1, 2]], ['split', [1, 4]], ['street', [34, 35, 36]],
    ['trio', [0, 1, 2]], ['trio', [0, 2, 3]], ['corner', [1, 2, 4, 5]], ['first_four', [0, 1, 2, 3]], ['six_line', [31, 32, 33, 34, 35, 36]],
    ['column', [3]], ['dozen', [2]], ['red', []], ['black', []], ['odd', []], ['even', []], ['low', []], ['high', []],
  ];
  it('every bet kind returns 36/37 exactly: a 2.70% house edge', () => {
    for (const [kind, numbers] of valid) expect(is(rouletteBetRtp(kind, numbers), 36n, 37n)).toBe(true);
    expect(EUROPEAN_ROULETTE.rtp).toBe(36 / 37);
    expect(1 - EUROPEAN_ROULETTE.rtp).toBeCloseTo(0.027027, 6);
    expect((rouletteCoverage('column', [1]) as number[]).slice(0, 3)).toEqual([1, 4, 7]);
    expect((rouletteCoverage('red', []) as number[]).length).toBe(18);
  });

  it('refuses bets that are not on the table', () => {
    const invalid: [RouletteBetKind, number[]][] = [
      ['straight', [37]], ['split', [3, 4]], ['split', [1, 3]], ['split', [0, 4]], ['street', [2, 3, 4]], ['trio', [0, 1, 3]],
      ['corner', [3, 4, 6, 7]], ['six_line', [2, 3, 4, 5, 6, 7]], ['column', [4]], ['dozen', [0]], ['red', [1]], ['straight', [1.5]], ['split', [5, 5]],
    ];
    for (const [kind, numbers] of invalid) expect(typeof rouletteCoverage(kind, numbers)).toBe('string');
    expect(() => spinRoulette([{ kind: 'split', numbers: [3, 4], stake: minor(100n) }], fairRng({ serverSeed: 's', clientSeed: 'c', nonce: 1 }))).toThrow(RangeError);
  });

  it('property: settles each bet on the pocket, never above 36×, and replays the same', () => {
    fc.assert(
      fc.property(seedsArb, fc.array(fc.tuple(fc.constantFrom(...valid), stakeArb), { minLength: 1, maxLength: 6 }), (seeds, picks) => {
        const bets: RouletteBet[] = picks.map(([[kind, numbers], stake]) => ({ kind, numbers, stake }));
        const out = spinRoulette(bets, fairRng(seeds));
        expect(out.pocket).toBeGreaterThanOrEqual(0);
        expect(out.pocket).toBeLessThanOrEqual(36);
        for (const b of out.bets) {
          const cover = rouletteCoverage(b.bet.kind, b.bet.numbers) as number[];
          expect(b.won).toBe(cover.includes(out.pocket));
          expect(b.payout).toBe(b.won ? (b.bet.stake * 36n) / BigInt(cover.length) : 0n);
        }
        expect(out.payout).toBeLessThanOrEqual(maxPayout(out.stake as Minor, EUROPEAN_ROULETTE.maxMultiplierMilli));
        expect(spinRoulette(bets, fairRng(seeds))).toEqual(out);
      }),
    );
  });
});

describe('dice', () => {
  it('returns exactly 99% for every target', () => {
    for (let target = DICE_MIN_TARGET; target <= DICE_MAX_TARGET; target++) expect(is(diceRtp(target), 99n, 100n)).toBe(true);
    expect(DICE.rtp).toBe(0.99);
    expect(diceMultiplierMilli(5000)).toBe(1980n);
    expect(diceMultiplierMilli(100)).toBe(DICE.maxMultiplierMilli);
    expect(() => rollDice(minor(1n), 99, fairRng({ serverSeed: 's', clientSeed: 'c', nonce: 0 }))).toThrow(RangeError);
  });

  it('property: wins when the roll is under the target, pays stake × 9900 / target floored, replays the same', () => {
    fc.assert(
      fc.property(seedsArb, stakeArb, fc.integer({ min: DICE_MIN_TARGET, max: DICE_MAX_TARGET }), (seeds, stake, target) => {
        const out = rollDice(stake, target, fairRng(seeds));
        expect(out.won).toBe(out.roll < target);
        expect(out.payout).toBe(out.won ? (stake * 9900n) / BigInt(target) : 0n);
        expect(out.payout).toBeLessThanOrEqual(maxPayout(stake, DICE.maxMultiplierMilli) + 1n);
        expect(rollDice(stake, target, fairRng(seeds))).toEqual(out);
      }),
    );
  });
});

describe('mines', () => {
  it('returns exactly 99% whatever the mines and the tiles revealed before cashing out', () => {
    for (let k = 1; k <= 24; k++) for (let r = 1; r <= 25 - k; r++) expect(is(minesRtp(k, r), 99n, 100n)).toBe(true);
    expect(minesMultiplierMilli(1, 1)).toBe(1031n); // 0.99 × 25/24
    expect(minesMultiplierMilli(24, 1)).toBe(24750n); // 0.99 × 25
  });

  it('plays a round: a mine ends it with nothing, cash out pays the multiplier, finished rounds refuse moves', () => {
    const rng = fairRng({ serverSeed: 's', clientSeed: 'c', nonce: 3 });
    const start = startMines(minor(1000n), 3, rng);
    expect(start.mines).toHaveLength(3);
    const safe = Array.from({ length: 25 }, (_, i) => i).filter((t) => !start.mines.includes(t));
    let state = actMines(start, { type: 'reveal', tile: safe[0] as number });
    state = actMines(state, { type: 'reveal', tile: safe[1] as number });
    expect(() => actMines(state, { type: 'reveal', tile: safe[1] as number })).toThrow(RangeError);
    const cashed = actMines(state, { type: 'cash_out' });
    expect(cashed.status).toBe('cashed_out');
    expect(cashed.payout).toBe((1000n * 99n * 300n) / (100n * 231n)); // C(25,2)=300, C(22,2)=231
    expect(() => actMines(cashed, { type: 'reveal', tile: safe[2] as number })).toThrow(RangeError);
    const lost = actMines(start, { type: 'reveal', tile: start.mines[0] as number });
    expect(lost).toMatchObject({ status: 'lost', payout: 0n });
    expect(() => actMines(start, { type: 'cash_out' })).toThrow(RangeError);
    expect(() => startMines(minor(1n), 25, rng)).toThrow(RangeError);
    // Every safe tile revealed cashes out by itself.
    let all = start;
    for (const tile of safe) all = actMines(all, { type: 'reveal', tile });
    expect(all.status).toBe('cashed_out');
  });

  it('property: payout ≥ 0 and ≤ the max win, and the same seeds and clicks replay the same', () => {
    fc.assert(
      fc.property(seedsArb, stakeArb, fc.integer({ min: 1, max: 24 }), fc.array(fc.nat(24), { maxLength: 25 }), (seeds, stake, k, clicks) => {
        const play = (): ReturnType<typeof startMines> => {
          let state = startMines(stake, k, fairRng(seeds));
          for (const tile of clicks) {
            if (state.status !== 'playing') break;
            if (state.revealed.includes(tile)) continue;
            state = actMines(state, { type: 'reveal', tile } satisfies MinesAction);
          }
          return state.status === 'playing' && state.revealed.length > 0 ? actMines(state, { type: 'cash_out' }) : state;
        };
        const out = play();
        expect(out.payout).toBeGreaterThanOrEqual(0n);
        expect(out.payout).toBeLessThanOrEqual(maxPayout(stake, MINES.maxMultiplierMilli) + 1n);
        expect(play()).toEqual(out);
      }),
    );
  });
});

describe('crash', () => {
  it('the RTP of any cash-out target is 99% less under 0.01%', () => {
    for (const target of [101, 150, 200, 333, 1000, 12345, 100_000, CRASH_MAX_TARGET]) {
      const rtp = fracToNumber(crashRtp(target));
      expect(rtp).toBeLessThanOrEqual(0.99);
      expect(0.99 - rtp).toBeLessThan(0.0001);
    }
    expect(CRASH.rtp).toBe(0.99);
  });

  it('P(point ≥ m) counts exactly the draws the formula says', () => {
    // The draw r = 2^32 − ⌊99·2^32/m⌋ is the smallest reaching m: one less falls short.
    const H = 2 ** 32;
    const at = (r: number): Rng => ({ int: () => r, float: () => 0, used: () => 0 });
    for (const m of [101, 200, 777, 50_000]) {
      const first = H - Math.floor((99 * H) / m);
      expect(crashPoint(at(first))).toBeGreaterThanOrEqual(m);
      expect(crashPoint(at(first - 1))).toBeLessThan(m);
    }
    expect(crashPoint(at(0))).toBe(100); // 0.99 → crashed at once
  });

  it('property: wins exactly when the point reaches the target, within the max win, replays the same', () => {
    fc.assert(
      fc.property(seedsArb, stakeArb, fc.integer({ min: CRASH_MIN_TARGET, max: CRASH_MAX_TARGET }), (seeds, stake, target) => {
        const out = playCrash(stake, target, fairRng(seeds));
        expect(out.won).toBe(out.point >= target);
        expect(out.payout).toBe(out.won ? (stake * BigInt(target)) / 100n : 0n);
        expect(out.payout).toBeLessThanOrEqual(maxPayout(stake, CRASH.maxMultiplierMilli));
        expect(playCrash(stake, target, fairRng(seeds))).toEqual(out);
      }),
    );
  });
});

describe('keno', () => {
  it('the hit chances of each pick count sum to 1 and the declared RTPs are the exact ones to 0.01%', () => {
    for (let picks = 1; picks <= 10; picks++) {
      let total = 0;
      for (let h = 0; h <= picks; h++) total += fracToNumber(kenoHitChance(picks, h));
      expect(total).toBeCloseTo(1, 12);
      expect(Math.abs(fracToNumber(kenoRtp(picks)) - (KENO_PAYTABLE[picks]?.rtp as number))).toBeLessThanOrEqual(0.00005 + 1e-12);
    }
    expect(is(kenoRtp(1), 95n, 100n)).toBe(true); // 1/4 × 3.8
    expect(kenoPicksError([])).not.toBeNull();
    expect(kenoPicksError([1, 1])).not.toBeNull();
    expect(kenoPicksError([81])).not.toBeNull();
    expect(kenoPicksError(Array.from({ length: 11 }, (_, i) => i + 1))).not.toBeNull();
  });

  it('property: draws 20 distinct of 1–80, pays by hits, within the max win, replays the same', () => {
    fc.assert(
      fc.property(seedsArb, stakeArb, fc.uniqueArray(fc.integer({ min: 1, max: 80 }), { minLength: 1, maxLength: 10 }), (seeds, stake, picks) => {
        const out = playKeno(stake, picks, fairRng(seeds));
        expect(new Set(out.drawn).size).toBe(20);
        expect(out.drawn.every((n) => n >= 1 && n <= 80)).toBe(true);
        expect(out.hits).toBe(picks.filter((n) => out.drawn.includes(n)).length);
        expect(out.multiplierMilli).toBe(BigInt(KENO_PAYTABLE[picks.length]?.milli[out.hits] ?? 0));
        expect(out.payout).toBeLessThanOrEqual(maxPayout(stake, KENO.maxMultiplierMilli));
        expect(playKeno(stake, picks, fairRng(seeds))).toEqual(out);
      }),
    );
  });
});

describe('scratch card', () => {
  it('the series returns exactly 95%', () => {
    expect(is(scratchRtp(), 95n, 100n)).toBe(true);
    expect(SCRATCH_CARD.rtp).toBe(0.95);
    expect(SCRATCH_PRIZES.reduce((s, p) => s + p.tickets, 0)).toBeLessThan(SCRATCH_SERIES);
  });

  it('property: the grid shows its prize three times and nothing else three times; replays the same', () => {
    fc.assert(
      fc.property(seedsArb, stakeArb, (seeds, stake) => {
        const out = playScratch(stake, fairRng(seeds));
        expect(out.grid).toHaveLength(9);
        const counts = new Map<number, number>();
        for (const a of out.grid) counts.set(a, (counts.get(a) ?? 0) + 1);
        for (const [amount, n] of counts) expect(n).toBe(BigInt(amount) === out.multiplierMilli ? 3 : Math.min(n, 2));
        expect(out.payout).toBe((stake * out.multiplierMilli) / 1000n);
        expect(out.payout).toBeLessThanOrEqual(maxPayout(stake, SCRATCH_CARD.maxMultiplierMilli));
        expect(playScratch(stake, fairRng(seeds))).toEqual(out);
      }),
    );
  });
});

describe('video poker, Jacks or Better 9/6', () => {
  // card = suit × 13 + rank; rank 0 = two … 12 = ace
  const c = (rank: number, suit: number): number => suit * 13 + rank;
  it('ranks hands and pays the 9/6 table', () => {
    expect(evaluatePokerHand([c(8, 0), c(9, 0), c(10, 0), c(11, 0), c(12, 0)])).toBe('royal_flush');
    expect(evaluatePokerHand([c(12, 1), c(0, 1), c(1, 1), c(2, 1), c(3, 1)])).toBe('straight_flush');
    expect(evaluatePokerHand([c(12, 1), c(0, 2), c(1, 1), c(2, 1), c(3, 1)])).toBe('straight');
    expect(evaluatePokerHand([c(5, 0), c(5, 1), c(5, 2), c(5, 3), c(3, 1)])).toBe('four_of_a_kind');
    expect(evaluatePokerHand([c(5, 0), c(5, 1), c(5, 2), c(3, 3), c(3, 1)])).toBe('full_house');
    expect(evaluatePokerHand([c(0, 2), c(4, 2), c(6, 2), c(9, 2), c(11, 2)])).toBe('flush');
    expect(evaluatePokerHand([c(5, 0), c(5, 1), c(5, 2), c(7, 3), c(3, 1)])).toBe('three_of_a_kind');
    expect(evaluatePokerHand([c(5, 0), c(5, 1), c(7, 2), c(7, 3), c(3, 1)])).toBe('two_pair');
    expect(evaluatePokerHand([c(9, 0), c(9, 1), c(7, 2), c(6, 3), c(3, 1)])).toBe('jacks_or_better');
    expect(evaluatePokerHand([c(8, 0), c(8, 1), c(7, 2), c(6, 3), c(3, 1)])).toBe('nothing');
    expect(evaluatePokerHand([c(11, 0), c(12, 1), c(0, 2), c(1, 3), c(2, 1)])).toBe('nothing'); // K-A-2-3-4 wraps: no straight
    expect(JACKS_OR_BETTER_9_6.full_house).toBe(9);
    expect(JACKS_OR_BETTER_9_6.flush).toBe(6);
    expect(VIDEO_POKER.rtp).toBe(0.9954);
  });

  it('the simple strategy keeps pat hands, high pairs and four to a royal', () => {
    expect(simpleHold([c(8, 0), c(9, 0), c(10, 0), c(11, 0), c(12, 0)])).toEqual([true, true, true, true, true]);
    expect(simpleHold([c(9, 0), c(9, 1), c(7, 2), c(6, 3), c(3, 1)])).toEqual([true, true, false, false, false]);
    expect(simpleHold([c(8, 0), c(9, 0), c(10, 0), c(11, 0), c(3, 1)])).toEqual([true, true, true, true, false]);
    // Four to a royal beats a made flush? No: a pat flush stays (rule order), four to a royal beats a high pair.
    expect(simpleHold([c(9, 0), c(10, 0), c(11, 0), c(12, 0), c(9, 1)])).toEqual([true, true, true, true, false]);
    expect(simpleHold([c(0, 0), c(2, 1), c(4, 2), c(6, 3), c(8, 0)])).toEqual([false, false, false, false, false]);
  });

  it('property: holds keep their cards, replacements come from the same deck, payout within the max, replays the same', () => {
    fc.assert(
      fc.property(seedsArb, stakeArb, fc.array(fc.boolean(), { minLength: 5, maxLength: 5 }), (seeds, stake, hold) => {
        const dealt = dealVideoPoker(stake, fairRng(seeds));
        const done = drawVideoPoker(dealt, hold);
        done.hand.forEach((card, i) => hold[i] && expect(card).toBe(dealt.hand[i]));
        expect(new Set([...dealt.hand, ...dealt.reserve]).size).toBe(10);
        expect(new Set(done.hand).size).toBe(5);
        expect(done.payout).toBe((stake * BigInt(JACKS_OR_BETTER_9_6[done.result ?? 'nothing'] * 1000)) / 1000n);
        expect(done.payout).toBeLessThanOrEqual(maxPayout(stake, VIDEO_POKER.maxMultiplierMilli));
        expect(drawVideoPoker(dealVideoPoker(stake, fairRng(seeds)), hold)).toEqual(done);
        expect(() => drawVideoPoker(done, hold)).toThrow(RangeError);
      }),
    );
  });
});

describe('blackjack', () => {
  /** An Rng that deals the given cards (ids 0–51) from a fresh six-deck shoe, in order. */
  function dealing(cards: number[]): Rng {
    const shoe = Array.from({ length: 52 }, () => 6);
    const queue = [...cards];
    return {
      int: () => {
        const card = queue.shift();
        if (card === undefined) throw new Error('no more scripted cards');
        const k = shoe.slice(0, card).reduce((a, b) => a + b, 0);
        shoe[card] = (shoe[card] as number) - 1;
        return k;
      },
      float: () => 0,
      used: () => 0,
    };
  }
  // rank 0 = ace, 9 = ten, 12 = king; suit 0
  const A = 0, TWO = 1, FIVE = 4, SIX = 5, SEVEN = 6, EIGHT = 7, NINE = 8, TEN = 9, KING = 12;

  it('counts soft and hard totals', () => {
    expect(handTotal([A, SIX])).toEqual({ total: 17, soft: true });
    expect(handTotal([A, SIX, TEN])).toEqual({ total: 17, soft: false });
    expect(handTotal([A, A, NINE])).toEqual({ total: 21, soft: true });
  });

  it('pays a blackjack 3:2 at once; a dealer blackjack takes only the stake; both push', () => {
    // Deal order: player, dealer, player, dealer.
    expect(dealBlackjack(minor(100n), dealing([A, NINE, KING, SEVEN]))).toMatchObject({ status: 'done', payout: 250n, results: ['blackjack'] });
    expect(dealBlackjack(minor(100n), dealing([TEN, A, NINE, KING]))).toMatchObject({ status: 'done', payout: 0n, results: ['lose'] });
    expect(dealBlackjack(minor(100n), dealing([A, A, KING, KING]))).toMatchObject({ status: 'done', payout: 100n, results: ['push'] });
  });

  it('the dealer stands on soft 17', () => {
    const state = dealBlackjack(minor(100n), dealing([TEN, A, EIGHT, SIX]));
    const done = actBlackjack(state, 'stand', dealing([]));
    expect(done.dealer).toEqual([A, SIX]);
    expect(done).toMatchObject({ payout: 200n, results: ['win'] });
  });

  it('doubles (one card, twice the stake) and splits (up to four hands, aces one card each)', () => {
    const doubled = actBlackjack(dealBlackjack(minor(100n), dealing([FIVE, TEN, SIX, SEVEN])), 'double', dealing([TEN, TWO]));
    // Player 5+6+10 = 21 on 200; dealer 10+7 stands on 17.
    expect(doubled).toMatchObject({ staked: 200n, payout: 400n, results: ['win'] });
    expect(doubled.hands[0]?.cards).toHaveLength(3);

    const aces = actBlackjack(dealBlackjack(minor(100n), dealing([A, TEN, A, SEVEN])), 'split', dealing([KING, NINE]));
    // Split aces: 21 and 20, one card each, dealer 17: both win even money (21 is not a blackjack).
    expect(aces).toMatchObject({ status: 'done', staked: 200n, payout: 400n, results: ['win', 'win'] });

    let eights: BlackjackState = dealBlackjack(minor(100n), dealing([EIGHT, TEN, EIGHT, SEVEN]));
    eights = actBlackjack(eights, 'split', dealing([EIGHT, EIGHT]));
    expect(blackjackActions(eights)).toContain('split');
    eights = actBlackjack(eights, 'split', dealing([EIGHT, TWO]));
    eights = actBlackjack(eights, 'split', dealing([TEN, TEN]));
    expect(eights.hands).toHaveLength(4);
    expect(blackjackActions(eights)).not.toContain('split');
    expect(() => actBlackjack(eights, 'split', dealing([]))).toThrow(RangeError);
    expect(eights.staked).toBe(400n);
  });

  it('property: basic strategy plays only allowed moves; payout ≥ 0, within the max, stakes ≤ 8×; a round resumed from the bytes used replays the same', () => {
    fc.assert(
      fc.property(seedsArb, stakeArb, (seeds, stake) => {
        const whole = playBlackjackBasic(stake, fairRng(seeds));
        // The same round with a fresh stream for every action, resumed where the last one stopped
        // (as the server does between a player's requests).
        let used = 0;
        const step = <T>(run: (rng: Rng) => T): T => {
          const rng = fairRng(seeds, used);
          const out = run(rng);
          used = rng.used();
          return out;
        };
        let state = step((rng) => dealBlackjack(stake, rng));
        while (state.status === 'player') {
          const move = basicStrategy(state);
          expect(blackjackActions(state)).toContain(move);
          state = step((rng) => actBlackjack(state, move, rng));
        }
        expect(state).toEqual(whole);
        expect(whole.payout).toBeGreaterThanOrEqual(0n);
        expect(whole.payout).toBeLessThanOrEqual(maxPayout(stake, BLACKJACK.maxMultiplierMilli));
        expect(whole.staked).toBeLessThanOrEqual(stake * 8n);
        expect(whole.shoe.reduce((a, b) => a + b, 0) + whole.dealer.length + whole.hands.reduce((n, h) => n + h.cards.length, 0)).toBe(312);
      }),
    );
  });
});
