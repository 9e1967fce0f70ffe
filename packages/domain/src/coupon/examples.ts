/**
 * Worked examples of every coupon type, computed by hand, for the rules pages: each has the
 * coupon, the statuses it settles with, what the slip quotes and what it pays, and the
 * arithmetic in words. The tests check that quoteCoupon and settleCoupon give exactly these
 * figures. Amounts are RUB minor units (kopeks): 10000 = 100.00 ₽; coefs thousandths.
 */
import { minor, type Minor } from '../money/minor.ts';
import type { BetStatus } from '../sports/settlement.ts';
import type { CouponDraft, CouponSelection, CouponTypeId, SystemOption } from './types.ts';

export interface BetTypeExample {
  readonly typeId: CouponTypeId;
  readonly title: string;
  readonly coupon: CouponDraft;
  readonly statuses: Readonly<Record<string, BetStatus>>;
  /** What the slip shows before the bet. */
  readonly quote: {
    readonly lines: number;
    readonly unitStake: Minor | null;
    readonly charged: Minor;
    readonly totalCoef: number | null;
    readonly possibleWin: Minor;
    readonly systemOptions?: readonly SystemOption[];
  };
  /** What it pays with `statuses`. */
  readonly payout: Minor;
  /** The arithmetic, one step a line. */
  readonly working: readonly string[];
}

const sel = (id: string, coef: number, blockId?: number): CouponSelection =>
  blockId === undefined ? { id, gameId: `game-${id}`, coef } : { id, gameId: `game-${id}`, coef, blockId };

export const BET_TYPE_EXAMPLES: readonly BetTypeExample[] = [
  {
    typeId: 0,
    title: 'Single, settled half win half return',
    coupon: { typeId: 0, selections: [sel('a', 1850)], amount: minor(10_000n) },
    statuses: { a: 4 },
    quote: { lines: 1, unitStake: minor(10_000n), charged: minor(10_000n), totalCoef: 1850, possibleWin: minor(18_500n) },
    payout: minor(14_250n),
    working: [
      'Stake 100.00 at 1.850: possible win 100.00 × 1.850 = 185.00.',
      'Half win half return (4): factor (1 + 1.850) / 2 = 1.425; 100.00 × 1.425 = 142.50.',
    ],
  },
  {
    typeId: 9,
    title: 'Multiple singles, one stake each (one amount for the rest)',
    coupon: {
      typeId: 9,
      selections: [sel('a', 1500), sel('b', 2200), sel('c', 3000)],
      amount: minor(10_000n),
      amountByBetId: { b: minor(5_000n) },
    },
    statuses: { a: 1, b: 0, c: 2 },
    quote: { lines: 3, unitStake: null, charged: minor(25_000n), totalCoef: null, possibleWin: minor(56_000n) },
    payout: minor(25_000n),
    working: [
      'Three singles: a 100.00 at 1.500, b 50.00 at 2.200, c 100.00 at 3.000; charged 100.00 + 50.00 + 100.00 = 250.00.',
      'Possible win 150.00 + 110.00 + 300.00 = 560.00.',
      'a wins 150.00, b loses 0, c is returned 100.00: payout 250.00.',
    ],
  },
  {
    typeId: 1,
    title: 'Express, the coef rounded to 3 decimals, one selection half lost',
    coupon: { typeId: 1, selections: [sel('a', 1333), sel('b', 1777), sel('c', 2050)], amount: minor(10_000n) },
    statuses: { a: 1, b: 1, c: 5 },
    quote: { lines: 1, unitStake: minor(10_000n), charged: minor(10_000n), totalCoef: 4856, possibleWin: minor(48_560n) },
    payout: minor(11_840n),
    working: [
      '1.333 × 1.777 × 2.050 = 4.85591905, rounded to 4.856: possible win 100.00 × 4.856 = 485.60.',
      'c half lost half returned (5) counts 0.5: 1.333 × 1.777 × 0.5 = 1.1843705 → 1.184; payout 118.40.',
    ],
  },
  {
    typeId: 1,
    title: 'Express taken as a bonus bet (3 selections: +3%)',
    coupon: {
      typeId: 1,
      selections: [sel('a', 1500), sel('b', 2000), sel('c', 1800)],
      amount: minor(10_000n),
      isBonusBet: true,
      site: { isBonusBetEnabled: true },
    },
    statuses: { a: 1, b: 1, c: 1 },
    quote: { lines: 1, unitStake: minor(10_000n), charged: minor(10_000n), totalCoef: 5562, possibleWin: minor(55_620n) },
    payout: minor(55_620n),
    working: [
      'Express 1.500 × 2.000 × 1.800 = 5.400; every coef ≥ 1.1 and 3 selections, so the bonus bet is offered.',
      'Bonus coef 5.400 × 1.03 = 5.562; all win: 100.00 × 5.562 = 556.20.',
    ],
  },
  {
    typeId: 2,
    title: 'System 2 of 3',
    coupon: { typeId: 2, systemValue: 2, selections: [sel('a', 1500), sel('b', 2000), sel('c', 2500)], amount: minor(10_000n) },
    statuses: { a: 1, b: 0, c: 1 },
    quote: {
      lines: 3,
      unitStake: minor(3_333n),
      charged: minor(9_999n),
      totalCoef: 3917,
      possibleWin: minor(39_162n),
      systemOptions: [{ value: 2, offset: 0, minBetAmount: minor(3n), combo: 3 }],
    },
    payout: minor(12_498n),
    working: [
      'C(3, 2) = 3 lines: ab 3.000, ac 3.750, bc 5.000. Unit ⌊100.00 / 3⌋ = 33.33; charged 33.33 × 3 = 99.99.',
      'Possible win 99.99 + ⌊124.9875⌋ 124.98 + 166.65 = 391.62; coef (3 + 3.75 + 5) / 3 = 3.917.',
      'b loses: only ac wins, 33.33 × 3.750 = 124.98.',
    ],
  },
  {
    typeId: 2,
    title: 'System 3 of 4 with a banker',
    coupon: {
      typeId: 2,
      systemValue: 3,
      selections: [sel('a', 1500), sel('b', 2000), sel('c', 2500), sel('d', 1800)],
      amount: minor(9_000n),
      isActiveSystemBanker: true,
      bankerIds: ['a'],
      limits: { minAmount: minor(1_000n) },
    },
    statuses: { a: 1, b: 1, c: 0, d: 1 },
    quote: {
      lines: 3,
      unitStake: minor(3_000n),
      charged: minor(9_000n),
      totalCoef: 6550,
      possibleWin: minor(58_950n),
      systemOptions: [
        { value: 2, offset: 1, minBetAmount: minor(3_000n), combo: 3 },
        { value: 3, offset: 1, minBetAmount: minor(3_000n), combo: 3 },
      ],
    },
    payout: minor(16_200n),
    working: [
      'Banker a is in every line: C(4 − 1, 3 − 1) = 3 lines abc 7.500, abd 5.400, acd 6.750; unit 90.00 / 3 = 30.00.',
      'Possible win 30.00 × (7.5 + 5.4 + 6.75) = 589.50; coef 19.65 / 3 = 6.550.',
      'c loses: abd alone, 30.00 × 5.400 = 162.00.',
      'Options with minimum stake 10.00 a line: k = 2 and k = 3, 3 lines each, from 30.00.',
    ],
  },
  {
    typeId: 3,
    title: 'Chain of three',
    coupon: { typeId: 3, selections: [sel('a', 1800), sel('b', 2100), sel('c', 1500)], amount: minor(10_000n) },
    statuses: { a: 1, b: 0, c: 1 },
    quote: { lines: 3, unitStake: minor(10_000n), charged: minor(10_000n), totalCoef: 3400, possibleWin: minor(34_000n) },
    payout: minor(12_000n),
    working: [
      'Account 100.00. a stakes 100.00 and wins 180.00: account 180.00.',
      'b stakes 100.00 and loses: account 80.00. c stakes min(100.00, 80.00) = 80.00, wins 120.00: account 120.00.',
      'All winning: 100 → 180 → 290 → 340.00 (coef 1 + 0.8 + 1.1 + 0.5 = 3.400).',
    ],
  },
  {
    typeId: 4,
    title: 'Multi-bet: system 2 of 3 blocks with a lobby',
    coupon: {
      typeId: 4,
      systemValue: 2,
      selections: [sel('a', 1500, 1), sel('b', 2000, 2), sel('c', 1600, 3), sel('d', 1250, 3), sel('e', 1200, 0)],
      lobbyBlockId: 0,
      amount: minor(9_000n),
    },
    statuses: { a: 1, b: 1, c: 1, d: 2, e: 1 },
    quote: {
      lines: 3,
      unitStake: minor(3_000n),
      charged: minor(9_000n),
      totalCoef: 4000,
      possibleWin: minor(36_000n),
      systemOptions: [{ value: 2, offset: 0, minBetAmount: minor(3n), combo: 3 }],
    },
    payout: minor(30_960n),
    working: [
      'Blocks 1 (a 1.500), 2 (b 2.000), 3 (c × d = 1.600 × 1.250 = 2.000); lobby e 1.200.',
      'C(3, 2) = 3 lines at 30.00: 3.000, 3.000, 4.000 → 300.00; × lobby 1.200 = 360.00.',
      'd returned: block 3 = 1.600; lines 90.00 + 72.00 + 96.00 = 258.00; × 1.200 = 309.60.',
    ],
  },
  {
    typeId: 5,
    title: 'Conditional bet of three blocks',
    coupon: {
      typeId: 5,
      selections: [sel('a', 2000, 1), sel('b', 1500, 2), sel('c', 1400, 3), sel('d', 1500, 3)],
      amountByBlockId: { 1: minor(10_000n), 2: minor(5_000n), 3: 'max' },
    },
    statuses: { a: 1, b: 0, c: 1, d: 1 },
    quote: { lines: 3, unitStake: null, charged: minor(10_000n), totalCoef: null, possibleWin: minor(47_250n) },
    payout: minor(31_500n),
    working: [
      'Block 1 stakes 100.00 (charged) at 2.000: account 200.00.',
      'Block 2 stakes 50.00 at 1.500 and loses: account 150.00.',
      'Block 3 (c × d = 2.100) stakes everything, 150.00: account 315.00.',
      'All winning: 200.00 → 225.00 → 472.50.',
    ],
  },
  {
    typeId: 6,
    title: 'Anti-express, one selection returned',
    coupon: { typeId: 6, selections: [sel('a', 1500), sel('b', 2000), sel('c', 2500)], amount: minor(10_000n) },
    statuses: { a: 1, b: 2, c: 0 },
    quote: { lines: 1, unitStake: minor(10_000n), charged: minor(10_000n), totalCoef: 1146, possibleWin: minor(11_460n) },
    payout: minor(13_450n),
    working: [
      'Π coef = 7.5; fair = 1 / (1 − 1/7.5) = 1.153846…; coef = 1 + 0.153846 × 0.95 = 1.146; possible win 114.60.',
      'b returned counts 1.00: Π = 1.5 × 2.5 = 3.75, fair = 1.363636…, coef = 1 + 0.363636 × 0.95 = 1.345.',
      'c lost, so the anti-express wins: 100.00 × 1.345 = 134.50.',
    ],
  },
  {
    typeId: 7,
    title: 'Lucky 3',
    coupon: { typeId: 7, selections: [sel('a', 1500), sel('b', 2000), sel('c', 3000)], amount: minor(7_000n) },
    statuses: { a: 1, b: 0, c: 1 },
    quote: { lines: 7, unitStake: minor(1_000n), charged: minor(7_000n), totalCoef: 4143, possibleWin: minor(29_000n) },
    payout: minor(9_000n),
    working: [
      '2³ − 1 = 7 lines at 10.00: a 1.5, b 2, c 3, ab 3, ac 4.5, bc 6, abc 9 — Σ 29: possible win 290.00, coef 29 / 7 = 4.143.',
      'b loses: a 15.00 + c 30.00 + ac 45.00 = 90.00.',
    ],
  },
  {
    typeId: 8,
    title: 'Patent 3, one selection half lose half win',
    coupon: { typeId: 8, selections: [sel('a', 1500), sel('b', 2000), sel('c', 3000)], amount: minor(4_000n) },
    statuses: { a: 1, b: 1, c: 6 },
    quote: { lines: 4, unitStake: minor(1_000n), charged: minor(4_000n), totalCoef: 5625, possibleWin: minor(22_500n) },
    payout: minor(12_750n),
    working: [
      '2³ − 3 − 1 = 4 lines at 10.00: ab 3, ac 4.5, bc 6, abc 9 — Σ 22.5: possible win 225.00, coef 5.625.',
      'c half lose half win (6) counts 3.000 / 2 = 1.5: ab 3, ac 2.25, bc 3, abc 4.5 — Σ 12.75: 127.50.',
    ],
  },
];
