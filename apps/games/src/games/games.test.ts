/**
 * The games' screen logic against the domain itself: views made by `playEngine` (what the
 * server sends) are read back as the games show them.
 */
import { describe, expect, it } from 'vitest';
import {
  diceMultiplierMilli, evaluateSlotSpin, fairRng, FRUIT_FIESTA, KENO_PAYTABLE, MINES_TILES, NEON_NIGHTS, PHARAOHS_GOLD, playEngine, rouletteCoverage,
  type Engine, type RoundAction,
} from '@betsite/domain';
import { summarizeRound } from '../shell/summaries.ts';
import { readBlackjack, totalText, moveForKey } from './blackjack/blackjack-view.ts';
import { blackjackCard, cardLabel, pokerCard } from './cards/cards.ts';
import { climbAt, climbMs, parseTarget, reachChance } from './crash/crash-logic.ts';
import { clampTarget, diceChance, diceMultiplier, diceWins } from './dice/dice-logic.ts';
import { kenoPayRows, quickPick, togglePick } from './keno/keno-logic.ts';
import { minesLadder, readMines, tileState } from './mines/mines-view.ts';
import { addChip, COLUMN_SPOTS, DOZEN_SPOTS, EVEN_SPOTS, lineSpots, straightSpots, toRequestBets, totalStake, WHEEL_ORDER } from './roulette/roulette-logic.ts';
import { winningCells as scratchWinners } from './scratch/scratch-logic.ts';
import { linePayMinor, paytable, readSlotRound, restingSpin, slotDefinition, winningCells } from './slots/slot-logic.ts';
import { dealtHand, PAYTABLE_ROWS, readPoker } from './video-poker/video-poker-view.ts';

const seeds = (nonce: number) => ({ serverSeed: 'server-seed-for-ui-tests', clientSeed: 'client', nonce });
const round = (engine: Engine, actions: RoundAction[], nonce = 0) => playEngine(engine, { actions }, fairRng(seeds(nonce)));

describe('slots', () => {
  it('finds the definition of each slot engine', () => {
    expect(slotDefinition('fruit-fiesta')).toBe(FRUIT_FIESTA);
    expect(slotDefinition('pharaohs-gold')).toBe(PHARAOHS_GOLD);
    expect(slotDefinition('neon-nights')).toBe(NEON_NIGHTS);
    expect(slotDefinition('dice')).toBeNull();
  });
  it('reads the spins the engine sends and lights exactly the winning runs', () => {
    let wins = 0;
    for (let nonce = 0; nonce < 400; nonce++) {
      const result = round('neon-nights', [{ action: 'spin', stake: '250' }], nonce);
      const shown = readSlotRound(result.view);
      expect(shown.base.window).toHaveLength(5);
      const evaluated = evaluateSlotSpin(NEON_NIGHTS, (result.view as { base: { stops: number[] } }).base.stops);
      expect(shown.base.lineWins).toEqual(evaluated.lineWins);
      expect(shown.base.multiplierMilli).toBe(evaluated.multiplierMilli);
      const cells = winningCells(NEON_NIGHTS, shown.base);
      for (const w of shown.base.lineWins) {
        const rows = NEON_NIGHTS.paylines[w.line] as number[];
        for (let reel = 0; reel < w.count; reel++) expect(cells.has(`${reel}:${rows[reel]}`)).toBe(true);
      }
      if (shown.base.lineWins.length === 0 && shown.base.scatterPay === 0) expect(cells.size).toBe(0);
      if (shown.base.lineWins.length > 0) wins++;
      if (shown.freeSpins.length > 0) {
        expect(shown.freeSpins).toHaveLength(NEON_NIGHTS.freeSpins.count);
      }
    }
    expect(wins).toBeGreaterThan(0);
  });
  it('shows the resting reels and a paytable best first, scatter last', () => {
    for (const def of [FRUIT_FIESTA, PHARAOHS_GOLD, NEON_NIGHTS]) {
      const resting = restingSpin(def);
      expect(resting.window.every((c) => c.length === 3)).toBe(true);
      // A resting screen that pays nothing, and not the same symbol across the top.
      expect(winningCells(def, resting).size).toBe(0);
      expect(new Set(resting.window.map((c) => c[0])).size).toBeGreaterThan(1);
    }
    const rows = paytable(PHARAOHS_GOLD);
    expect(rows[0]?.id).toBe('pharaoh');
    expect(rows.at(-1)?.kind).toBe('scatter');
    expect(rows).toHaveLength(PHARAOHS_GOLD.symbols.length);
  });
  it('turns line pays into money as the engine floors them', () => {
    // 10 lines: a pay of 7 line bets on a stake of 1.00 is 0.70.
    expect(linePayMinor(100n, FRUIT_FIESTA, 7)).toBe(70n);
    // 25 lines: 2 line bets of 0.10 total is 0.008 → 0.
    expect(linePayMinor(10n, NEON_NIGHTS, 2)).toBe(0n);
  });
});

describe('roulette table', () => {
  const all = [...straightSpots(), ...lineSpots(), ...COLUMN_SPOTS, ...DOZEN_SPOTS, ...EVEN_SPOTS];
  it('offers every bet the domain knows, each a real one, once', () => {
    for (const s of all) expect(rouletteCoverage(s.kind, s.numbers)).not.toBeTypeOf('string');
    expect(new Set(all.map((s) => s.key)).size).toBe(all.length);
    expect(new Set(all.map((s) => s.label)).size).toBe(all.length);
    const count = (kind: string) => all.filter((s) => s.kind === kind).length;
    // 57 inside splits + 3 with the zero; 12 streets; 22 corners; 11 six lines.
    expect(count('straight')).toBe(37);
    expect(count('split')).toBe(60);
    expect(count('street')).toBe(12);
    expect(count('corner')).toBe(22);
    expect(count('six_line')).toBe(11);
    expect(count('trio')).toBe(2);
    expect(count('first_four')).toBe(1);
  });
  it('names spots for e2e: "Bet on 17", "Bet on red"', () => {
    expect(all.some((s) => s.label === 'Bet on 17')).toBe(true);
    expect(all.some((s) => s.label === 'Bet on red')).toBe(true);
    expect(all.some((s) => s.label === 'Bet on 0')).toBe(true);
  });
  it('adds chips on one spot up and sends the bets the engine settles', () => {
    const red = EVEN_SPOTS.find((s) => s.kind === 'red')!;
    const seventeen = straightSpots()[17]!;
    let bets = addChip([], red, 100n);
    bets = addChip(bets, seventeen, 50n);
    bets = addChip(bets, red, 100n);
    expect(bets).toHaveLength(2);
    expect(totalStake(bets)).toBe(250n);
    const result = round('european-roulette', [{ action: 'spin', bets: toRequestBets(bets) }]);
    const view = result.view as { pocket: number; bets: { won: boolean }[] };
    expect(view.bets).toHaveLength(2);
    expect(summarizeRound('european-roulette', result.view)).toBe(`Ball on ${view.pocket}`);
  });
  it('draws the wheel with every pocket once', () => {
    expect([...WHEEL_ORDER].sort((a, b) => a - b)).toEqual(Array.from({ length: 37 }, (_, i) => i));
  });
});

describe('dice', () => {
  it('mirrors over and under with the same chance and payout', () => {
    expect(diceChance(4950, false)).toBe(4950);
    expect(diceChance(5050, true)).toBe(4950);
    expect(diceMultiplier(5050, true)).toBe(diceMultiplierMilli(4950));
    expect(clampTarget(50, false)).toBe(100);
    expect(clampTarget(9950, true)).toBe(9900);
    expect(clampTarget(100, true)).toBe(200);
  });
  it('agrees with the engine on who wins', () => {
    for (let nonce = 0; nonce < 200; nonce++) {
      const over = nonce % 2 === 0;
      const target = over ? 3000 + nonce * 10 : 2000 + nonce * 10;
      const view = round('dice', [{ action: 'roll', stake: '100', target, over }], nonce).view as { roll: number; won: boolean };
      expect(diceWins(view.roll, target, over)).toBe(view.won);
    }
  });
});

describe('keno', () => {
  it('picks up to ten distinct numbers', () => {
    let picks: number[] = [];
    for (let n = 1; n <= 12; n++) picks = togglePick(picks, n);
    expect(picks).toHaveLength(10);
    expect(togglePick(picks, 3)).not.toContain(3);
    const quick = quickPick(10, () => 0.5);
    expect(new Set(quick).size).toBe(10);
    expect(new Set(quickPick(10, () => 0.999999)).size).toBe(10);
    expect(quick.every((n) => n >= 1 && n <= 80)).toBe(true);
  });
  it('shows the paying rows of the pick count, most hits first', () => {
    expect(kenoPayRows(1)).toEqual([{ hits: 1, milli: 3800 }]);
    const ten = kenoPayRows(10);
    expect(ten[0]).toEqual({ hits: 10, milli: KENO_PAYTABLE[10]!.milli[10] });
    expect(ten.at(-1)).toEqual({ hits: 0, milli: 1900 });
    expect(summarizeRound('keno', round('keno', [{ action: 'draw', stake: '100', picks: [1, 2, 3] }]).view)).toMatch(/ of 3 hit$/);
  });
});

describe('blackjack', () => {
  it('reads an open hand (hole card hidden) and the settled round', () => {
    let open = null;
    for (let nonce = 0; nonce < 50 && !open; nonce++) {
      const r = round('blackjack', [{ action: 'deal', stake: '100' }], nonce);
      if (r.status === 'open') open = { r, nonce };
    }
    expect(open).not.toBeNull();
    const view = readBlackjack(open!.r.view)!;
    expect(view.status).toBe('player');
    expect(view.dealer).toHaveLength(1);
    expect(view.actions).toContain('stand');
    const done = readBlackjack(round('blackjack', [{ action: 'deal', stake: '100' }, { action: 'stand' }], open!.nonce).view)!;
    expect(done.status).toBe('done');
    expect(done.dealer.length).toBeGreaterThanOrEqual(2);
    expect(done.results).toHaveLength(1);
  });
  it('writes totals and maps keys to moves', () => {
    expect(totalText(17, true)).toBe('soft 17');
    expect(totalText(21, true)).toBe('21');
    expect(totalText(24, false)).toBe('bust 24');
    expect(moveForKey('H')).toBe('hit');
    expect(moveForKey('p')).toBe('split');
    expect(moveForKey('x')).toBeNull();
  });
  it('names cards in each game’s rank order', () => {
    expect(cardLabel(blackjackCard(0))).toBe('Ace of spades');
    expect(cardLabel(blackjackCard(13 + 12))).toBe('King of hearts');
    expect(cardLabel(pokerCard(12))).toBe('Ace of spades');
    expect(cardLabel(pokerCard(26))).toBe('2 of diamonds');
  });
});

describe('video poker', () => {
  it('reads the dealt and the drawn hand and lights the paytable row', () => {
    const dealt = readPoker(round('jacks-or-better', [{ action: 'deal', stake: '100' }]).view)!;
    expect(dealt.status).toBe('dealt');
    expect(dealt.hand).toHaveLength(5);
    const hold = [true, true, true, true, true];
    const drawn = readPoker(round('jacks-or-better', [{ action: 'deal', stake: '100' }, { action: 'draw', hold }]).view)!;
    expect(drawn.status).toBe('done');
    expect(drawn.hand).toEqual(dealt.hand);
    expect(drawn.result).toBe(dealtHand(dealt.hand));
    expect(PAYTABLE_ROWS[0]).toEqual({ hand: 'royal_flush', pays: 800 });
    expect(PAYTABLE_ROWS.map((r) => r.hand)).not.toContain('nothing');
  });
});

describe('mines', () => {
  it('hides the mines while open and shows them when over', () => {
    const open = readMines(round('mines', [{ action: 'start', stake: '100', mines: 3 }]).view)!;
    expect(open.status).toBe('playing');
    expect(open.mines).toBeNull();
    expect(tileState(open, 0)).toBe('hidden');
    // Reveal tiles in order until the round ends.
    const actions: RoundAction[] = [{ action: 'start', stake: '100', mines: 3 }];
    let view = open;
    for (let cell = 0; cell < MINES_TILES && view.status === 'playing'; cell++) {
      actions.push({ action: 'reveal', cell });
      view = readMines(round('mines', actions).view)!;
    }
    expect(view.mines).toHaveLength(3);
    const states = Array.from({ length: MINES_TILES }, (_, t) => tileState(view, t));
    if (view.status === 'lost') expect(states.filter((s) => s === 'boom')).toHaveLength(1);
    expect(states.filter((s) => s === 'mine' || s === 'boom')).toHaveLength(3);
    expect(summarizeRound('mines', round('mines', actions).view)).toMatch(/safe/);
  });
  it('ladders the multipliers upward', () => {
    const ladder = minesLadder(3, 5);
    expect(ladder).toHaveLength(5);
    for (let i = 1; i < ladder.length; i++) expect(ladder[i]! > ladder[i - 1]!).toBe(true);
    expect(minesLadder(24, 8)).toHaveLength(1);
  });
});

describe('scratch and crash', () => {
  it('finds the three matching amounts of a winning ticket', () => {
    let winners = 0;
    for (let nonce = 0; nonce < 100; nonce++) {
      const view = round('scratch', [{ action: 'buy', stake: '100' }], nonce).view as { grid: number[]; multiplierMilli: string };
      const cells = scratchWinners(view.grid);
      if (view.multiplierMilli !== '0') {
        winners++;
        expect(cells).toHaveLength(3);
        expect(cells.every((i) => String(view.grid[i]) === view.multiplierMilli)).toBe(true);
      } else expect(cells).toHaveLength(0);
    }
    expect(winners).toBeGreaterThan(0);
  });
  it('reads cash-out targets and draws the climb', () => {
    expect(parseTarget('2')).toBe(200);
    expect(parseTarget('2.5x')).toBe(250);
    expect(parseTarget('1,01')).toBe(101);
    expect(parseTarget('1.00')).toBeNull();
    expect(parseTarget('10001')).toBeNull();
    expect(parseTarget('abc')).toBeNull();
    expect(reachChance(200)).toBeCloseTo(0.495, 6);
    expect(climbAt(400, 0, 1000)).toBe(100);
    expect(climbAt(400, 500, 1000)).toBe(200);
    expect(climbAt(400, 2000, 1000)).toBe(400);
    expect(climbMs(100)).toBe(400);
    expect(climbMs(10 ** 8)).toBe(5000);
    const view = round('crash', [{ action: 'bet', stake: '100', cashOutAt: 200 }]).view;
    expect(summarizeRound('crash', view)).toMatch(/^Crashed at \d+\.\d\d×$/);
  });
});
