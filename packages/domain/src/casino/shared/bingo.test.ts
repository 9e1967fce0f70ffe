import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { minor } from '../../money/minor.ts';
import { fairRng } from '../rng.ts';
import { BINGO_POOL_PERCENT, bingoTicket, bingoTicketError, bingoTickets, bingoTicketWin, columnRange, drawBingo, settleBingoPool, ticketLineCalls } from './bingo.ts';
import { sharedSeeds } from './schedule.ts';

const seedArb = fc.string({ minLength: 1, maxLength: 64 });

describe('bingo 90', () => {
  it('property: every ticket from any seed is a valid 90-ball ticket, and the same seed gives the same tickets', () => {
    fc.assert(
      fc.property(seedArb, fc.integer({ min: 1, max: 6 }), (seed, count) => {
        const tickets = bingoTickets(seed, count);
        for (const t of tickets) {
          expect(bingoTicketError(t)).toBeNull();
          expect(t.flat().filter((n) => n !== 0)).toHaveLength(15);
        }
        expect(bingoTickets(seed, count)).toEqual(tickets);
      }),
      { numRuns: 300 },
    );
  });

  it('refuses what is not a ticket', () => {
    const good = bingoTicket(fairRng({ serverSeed: 's', clientSeed: 'c', nonce: 0 }));
    expect(bingoTicketError(good)).toBeNull();
    const swapped = good.map((row) => [...row]);
    const c = swapped[0]!.findIndex((n) => n !== 0);
    swapped[0]![c] = columnRange(c).to + 1;
    expect(bingoTicketError(swapped)).not.toBeNull();
    expect(bingoTicketError(good.slice(0, 2))).not.toBeNull();
    expect(bingoTicketError([[...good[0]!], [...good[0]!], [...good[0]!]])).not.toBeNull();
  });

  it('property: the draw is a permutation of 1–90 replayed from the round seed', () => {
    fc.assert(
      fc.property(seedArb, fc.nat(10 ** 9), (seed, n) => {
        const order = drawBingo(fairRng(sharedSeeds(seed, 'bingo-90', 'bronze', n)));
        expect([...order].sort((a, b) => a - b)).toEqual(Array.from({ length: 90 }, (_, i) => i + 1));
        expect(drawBingo(fairRng(sharedSeeds(seed, 'bingo-90', 'bronze', n)))).toEqual(order);
      }),
      { numRuns: 200 },
    );
  });

  it('property: each tier goes to the earliest tickets, prizes are 95% of stakes less under one unit per winner', () => {
    fc.assert(
      fc.property(seedArb, fc.array(fc.tuple(seedArb, fc.integer({ min: 1, max: 6 })), { minLength: 1, maxLength: 8 }), fc.bigInt({ min: 1n, max: 10_000n }), (roundSeed, buyers, price) => {
        const order = drawBingo(fairRng(sharedSeeds(roundSeed, 'bingo-90', 'x', 1)));
        const tickets = buyers.flatMap(([seed, count], b) => bingoTickets(seed, count).map((ticket, i) => ({ key: `${b}:${i}`, ticket })));
        const result = settleBingoPool(order, tickets, minor(price));
        expect(result.stakes).toBe(price * BigInt(tickets.length));
        expect(result.tiers.map((t) => t.tier)).toEqual(['one-line', 'two-lines', 'full-house']);
        expect(result.tiers[0]!.call).toBeLessThanOrEqual(result.tiers[1]!.call);
        expect(result.tiers[1]!.call).toBeLessThanOrEqual(result.tiers[2]!.call);
        expect(result.calls).toBe(result.tiers[2]!.call);
        for (const [k, tier] of result.tiers.entries()) {
          expect(tier.winners.length).toBeGreaterThan(0);
          for (const t of tickets) {
            const calls = ticketLineCalls(t.ticket, order);
            expect(calls[k]).toBeGreaterThanOrEqual(tier.call);
            expect(tier.winners.includes(t.key)).toBe(calls[k] === tier.call);
          }
        }
        const paid = tickets.reduce((s, t) => s + bingoTicketWin(result, t.key), 0n);
        const pool = (result.stakes * BINGO_POOL_PERCENT) / 100n;
        const winners = result.tiers.reduce((s, t) => s + t.winners.length, 0);
        expect(paid).toBeLessThanOrEqual(pool);
        expect(pool - paid).toBeLessThan(BigInt(winners));
      }),
      { numRuns: 150 },
    );
  });

  it('the RTP: the prizes are 95% of the stakes, less the dust of split tiers', () => {
    let stakes = 0n;
    let paid = 0n;
    for (let round = 0; round < 300; round++) {
      const order = drawBingo(fairRng(sharedSeeds('rtp', 'bingo-90', 'x', round)));
      const tickets = bingoTickets(`buyer-${round}`, 1 + (round % 6)).map((ticket, i) => ({ key: String(i), ticket }));
      const result = settleBingoPool(order, tickets, minor(100n));
      stakes += result.stakes;
      paid += tickets.reduce((s, t) => s + bingoTicketWin(result, t.key), 0n);
    }
    expect(Number(paid) / Number(stakes)).toBeGreaterThan(0.9495);
    expect(Number(paid) / Number(stakes)).toBeLessThanOrEqual(0.95);
  });
});
