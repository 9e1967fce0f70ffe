/**
 * The game server's round dispatcher (issue 13, decision 0023): one entry point over every
 * solo game of this folder, so the server plays a round and the verify page recomputes it with
 * the same code.
 *
 * A round is its engine, its seeds and its input: the list of the player's actions in order
 * (`{ actions: [...] }`; a single-step game has one). Every action of a round reads the same
 * fair stream, each going on where the previous one stopped, so `playEngine` over the whole
 * list with `fairRng(seeds)` is the round, whether it was played in one request or in ten and
 * whether the server restarted in between. Stakes are whole minor units as decimal strings (the
 * input is stored and shown as JSON); the results are strings too.
 *
 * `view` is what the player may see now (an open blackjack hand hides the dealer's hole card,
 * open mines hide the mines, a dealt poker hand hides the next cards); once the round is over
 * the view shows everything. Invalid input, or an action the round does not allow now, throws
 * a `RoundError`.
 */
import { minor, type Minor } from '../money/minor.ts';
import { actBlackjack, blackjackActions, BLACKJACK, dealBlackjack, handTotal, type BlackjackAction, type BlackjackState } from './blackjack.ts';
import { CRASH, CRASH_MAX_TARGET, CRASH_MIN_TARGET, playCrash } from './crash.ts';
import { DICE, DICE_MAX_TARGET, DICE_MIN_TARGET, diceMultiplierMilli, rollDice } from './dice.ts';
import { KENO, KENO_DRAWN, KENO_NUMBERS, KENO_PAYTABLE, kenoPicksError, playKeno } from './keno.ts';
import { actMines, MINES, MINES_TILES, minesMultiplierMilli, startMines, type MinesState } from './mines.ts';
import type { CasinoGameInfo } from './money.ts';
import { fairRng, serverSeedHash, type FairSeeds, type Rng } from './rng.ts';
import { EUROPEAN_ROULETTE, RED_NUMBERS, rouletteBetsError, spinRoulette, type RouletteBetKind } from './roulette.ts';
import { playScratch, SCRATCH_CARD, SCRATCH_PRIZES } from './scratch.ts';
import { FRUIT_FIESTA, NEON_NIGHTS, PHARAOHS_GOLD } from './slot-games.ts';
import { playSlot, type SlotDefinition } from './slots.ts';
import { dealVideoPoker, drawVideoPoker, JACKS_OR_BETTER_9_6, simpleHold, VIDEO_POKER, type VideoPokerState } from './video-poker.ts';

export const SLOT_ENGINES = ['fruit-fiesta', 'pharaohs-gold', 'neon-nights'] as const;
export const SINGLE_STEP_ENGINES = [...SLOT_ENGINES, 'european-roulette', 'keno', 'dice', 'crash', 'scratch'] as const;
export const MULTI_STEP_ENGINES = ['blackjack', 'jacks-or-better', 'mines'] as const;
/** The solo engines of our game server (the catalogue's `engine`). */
export const ENGINES = [...SINGLE_STEP_ENGINES, ...MULTI_STEP_ENGINES] as const;
export type Engine = (typeof ENGINES)[number];
export type SlotEngine = (typeof SLOT_ENGINES)[number];

export const isEngine = (value: string): value is Engine => (ENGINES as readonly string[]).includes(value);
export const isMultiStep = (engine: Engine): boolean => (MULTI_STEP_ENGINES as readonly string[]).includes(engine);

/** Whole minor units as a decimal string. */
export type MinorString = string;

export type RoundAction =
  | { readonly action: 'spin'; readonly stake: MinorString } // slots
  | { readonly action: 'spin'; readonly bets: readonly { readonly kind: RouletteBetKind; readonly numbers: readonly number[]; readonly stake: MinorString }[] } // roulette
  | { readonly action: 'draw'; readonly stake: MinorString; readonly picks: readonly number[] } // keno
  | { readonly action: 'roll'; readonly stake: MinorString; readonly target: number; readonly over: boolean } // dice
  | { readonly action: 'bet'; readonly stake: MinorString; readonly cashOutAt: number } // crash (solo)
  | { readonly action: 'buy'; readonly stake: MinorString } // scratch
  | { readonly action: 'deal'; readonly stake: MinorString } // blackjack, video poker
  | { readonly action: 'hit' | 'stand' | 'double' | 'split' } // blackjack
  | { readonly action: 'draw'; readonly hold: readonly boolean[] } // video poker
  | { readonly action: 'start'; readonly stake: MinorString; readonly mines: number } // mines
  | { readonly action: 'reveal'; readonly cell: number } // mines
  | { readonly action: 'cashout' }; // mines

export interface RoundInput {
  readonly actions: readonly RoundAction[];
}

export interface RoundResult {
  readonly status: 'open' | 'settled';
  /** Everything staked so far (a blackjack double or split adds to it). */
  readonly stake: Minor;
  readonly win: Minor;
  /** What the player may see now (JSON). */
  readonly view: unknown;
}

/** An input the engine refuses: a bad stake or parameter, or an action not allowed now. */
export class RoundError extends RangeError {
  override readonly name = 'RoundError';
}

const fail = (message: string): never => {
  throw new RoundError(message);
};

/** Default stakes when the catalogue does not say (0.10 to 100.00). */
export const DEFAULT_MIN_STAKE: Minor = minor(10n);
export const DEFAULT_MAX_STAKE: Minor = minor(100_00n);

const SLOT_DEFS: Readonly<Record<SlotEngine, SlotDefinition>> = { 'fruit-fiesta': FRUIT_FIESTA, 'pharaohs-gold': PHARAOHS_GOLD, 'neon-nights': NEON_NIGHTS };

export const ENGINE_GAMES: Readonly<Record<Engine, CasinoGameInfo>> = {
  ...SLOT_DEFS,
  'european-roulette': EUROPEAN_ROULETTE,
  keno: KENO,
  dice: DICE,
  crash: CRASH,
  scratch: SCRATCH_CARD,
  blackjack: BLACKJACK,
  'jacks-or-better': VIDEO_POKER,
  mines: MINES,
};

const stakeOf = (value: unknown): Minor => {
  if (typeof value !== 'string' || !/^[1-9]\d{0,17}$/.test(value)) return fail('stake must be whole minor units above 0');
  return minor(BigInt(value));
};
const str = (v: bigint): string => v.toString();

/** bigints to decimal strings, so any result is JSON. */
function json(value: unknown): unknown {
  if (typeof value === 'bigint') return value.toString();
  if (Array.isArray(value)) return value.map(json);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, json(v)]));
  return value;
}

const settled = (stake: Minor, win: Minor, view: unknown): RoundResult => ({ status: 'settled', stake, win, view: json(view) });

const has = <K extends string>(a: RoundAction, key: K): a is Extract<RoundAction, Record<K, unknown>> => key in a;

function single(engine: Engine, actions: readonly RoundAction[], rng: Rng): RoundResult {
  if (actions.length !== 1) fail(`${engine} is one action a round`);
  const a = actions[0] as RoundAction;
  if (engine === 'fruit-fiesta' || engine === 'pharaohs-gold' || engine === 'neon-nights') {
    if (a.action !== 'spin' || !has(a, 'stake')) return fail('a slot takes { action: "spin", stake }');
    const stake = stakeOf(a.stake);
    const round = playSlot(SLOT_DEFS[engine], stake, rng);
    return settled(stake, round.payout, round);
  }
  if (engine === 'european-roulette') {
    if (a.action !== 'spin' || !has(a, 'bets')) return fail('roulette takes { action: "spin", bets }');
    const error = rouletteBetsError(a.bets);
    if (error) fail(error);
    const bets = a.bets.map((b) => ({ kind: b.kind, numbers: b.numbers, stake: stakeOf(b.stake) }));
    const out = spinRoulette(bets, rng);
    return settled(minor(out.stake), minor(out.payout), out);
  }
  if (engine === 'keno') {
    if (a.action !== 'draw' || !has(a, 'picks')) return fail('keno takes { action: "draw", stake, picks }');
    const stake = stakeOf(a.stake);
    const error = kenoPicksError(a.picks);
    if (error) fail(error);
    const out = playKeno(stake, a.picks, rng);
    return settled(stake, out.payout, out);
  }
  if (engine === 'dice') {
    if (a.action !== 'roll') return fail('dice takes { action: "roll", stake, target, over }');
    const stake = stakeOf(a.stake);
    if (typeof a.over !== 'boolean') fail('over must be true or false');
    // Over t wins when the roll is ≥ t: the mirror of under 10000 − t (roll′ = 9999 − roll), same 99%.
    const under = a.over ? 10_000 - a.target : a.target;
    if (!Number.isInteger(a.target) || under < DICE_MIN_TARGET || under > DICE_MAX_TARGET) fail(a.over ? 'target over is 2.00 to 99.00' : 'target under is 1.00 to 98.00');
    const out = rollDice(stake, under, rng);
    return settled(stake, out.payout, { ...out, target: a.target, over: a.over, roll: a.over ? 9_999 - out.roll : out.roll });
  }
  if (engine === 'crash') {
    if (a.action !== 'bet') return fail('crash takes { action: "bet", stake, cashOutAt }');
    const stake = stakeOf(a.stake);
    if (!Number.isInteger(a.cashOutAt) || a.cashOutAt < CRASH_MIN_TARGET || a.cashOutAt > CRASH_MAX_TARGET) fail('cashOutAt is 101 to 1000000 hundredths (1.01× to 10000×)');
    const out = playCrash(stake, a.cashOutAt, rng);
    return settled(stake, out.payout, out);
  }
  if (engine === 'scratch') {
    if (a.action !== 'buy') return fail('scratch takes { action: "buy", stake }');
    const stake = stakeOf(a.stake);
    const out = playScratch(stake, rng);
    return settled(stake, out.payout, out);
  }
  return fail(`${engine} is not a single-step engine`);
}

function blackjackView(state: BlackjackState): unknown {
  const open = state.status === 'player';
  return json({
    status: open ? 'player' : 'done',
    // The hole card stays hidden while the player acts.
    dealer: open ? [state.dealer[0]] : state.dealer,
    dealerTotal: open ? null : handTotal(state.dealer).total,
    hands: state.hands.map((h) => ({ cards: h.cards, total: handTotal(h.cards).total, soft: handTotal(h.cards).soft, stake: h.stake, doubled: h.doubled, split: h.split, done: h.done })),
    active: state.active,
    actions: blackjackActions(state),
    results: state.results,
    payout: state.payout,
  });
}

function blackjack(actions: readonly RoundAction[], rng: Rng): RoundResult {
  const [first, ...rest] = actions;
  if (!first || first.action !== 'deal' || !has(first, 'stake')) return fail('blackjack starts with { action: "deal", stake }');
  let state = dealBlackjack(stakeOf(first.stake), rng);
  for (const a of rest) {
    if (state.status !== 'player') fail('the round is over');
    if (a.action !== 'hit' && a.action !== 'stand' && a.action !== 'double' && a.action !== 'split') return fail('blackjack takes hit, stand, double or split');
    if (!blackjackActions(state).includes(a.action as BlackjackAction)) fail(`${a.action} is not allowed now`);
    state = actBlackjack(state, a.action, rng);
  }
  return { status: state.status === 'player' ? 'open' : 'settled', stake: minor(state.staked), win: state.payout, view: blackjackView(state) };
}

function videoPokerView(state: VideoPokerState): unknown {
  // The reserve (the next five cards) is never shown: the final hand shows what was drawn.
  return json({ status: state.status, hand: state.hand, result: state.result, payout: state.payout, stake: state.stake });
}

function videoPoker(actions: readonly RoundAction[], rng: Rng): RoundResult {
  const [first, ...rest] = actions;
  if (!first || first.action !== 'deal' || !has(first, 'stake')) return fail('video poker starts with { action: "deal", stake }');
  let state = dealVideoPoker(stakeOf(first.stake), rng);
  for (const a of rest) {
    if (state.status !== 'dealt') fail('the round is over');
    if (a.action !== 'draw' || !has(a, 'hold')) return fail('video poker takes { action: "draw", hold: [5 × true|false] }');
    if (a.hold.length !== 5 || a.hold.some((h) => typeof h !== 'boolean')) fail('hold five flags');
    state = drawVideoPoker(state, a.hold);
  }
  return { status: state.status === 'dealt' ? 'open' : 'settled', stake: state.stake, win: state.payout, view: videoPokerView(state) };
}

function minesView(state: MinesState): unknown {
  const open = state.status === 'playing';
  return json({
    status: state.status,
    mineCount: state.mines.length,
    revealed: state.revealed,
    // Hidden while the round is open.
    mines: open ? null : state.mines,
    multiplierMilli: state.revealed.length > 0 && state.status !== 'lost' ? minesMultiplierMilli(state.mines.length, state.revealed.length) : 0n,
    nextMultiplierMilli: open && state.revealed.length < MINES_TILES - state.mines.length ? minesMultiplierMilli(state.mines.length, state.revealed.length + 1) : null,
    payout: state.payout,
    stake: state.stake,
  });
}

function mines(actions: readonly RoundAction[], rng: Rng): RoundResult {
  const [first, ...rest] = actions;
  if (!first || first.action !== 'start') return fail('mines starts with { action: "start", stake, mines }');
  if (!Number.isInteger(first.mines) || first.mines < 1 || first.mines > MINES_TILES - 1) fail('mines must be 1–24');
  let state = startMines(stakeOf(first.stake), first.mines, rng);
  for (const a of rest) {
    if (state.status !== 'playing') fail('the round is over');
    if (a.action === 'reveal') {
      if (!Number.isInteger(a.cell) || a.cell < 0 || a.cell >= MINES_TILES || state.revealed.includes(a.cell)) fail('not a hidden cell');
      state = actMines(state, { type: 'reveal', tile: a.cell });
    } else if (a.action === 'cashout') {
      if (state.revealed.length === 0) fail('reveal a cell first');
      state = actMines(state, { type: 'cash_out' });
    } else fail('mines takes reveal { cell } or cashout');
  }
  return { status: state.status === 'playing' ? 'open' : 'settled', stake: state.stake, win: state.payout, view: minesView(state) };
}

/**
 * The round of `engine` for `input` on the stream `rng` (a fresh `fairRng(seeds)`): every
 * action in order. Throws `RoundError` for an input the game refuses.
 */
export function playEngine(engine: Engine, input: RoundInput, rng: Rng): RoundResult {
  if (!isEngine(engine)) fail(`unknown engine ${String(engine)}`);
  if (!input || !Array.isArray(input.actions) || input.actions.length === 0) fail('a round has at least one action');
  try {
    if (engine === 'blackjack') return blackjack(input.actions, rng);
    if (engine === 'jacks-or-better') return videoPoker(input.actions, rng);
    if (engine === 'mines') return mines(input.actions, rng);
    return single(engine, input.actions, rng);
  } catch (error) {
    // The games' own RangeErrors (a bet off the table, a move not allowed) are the input's fault too.
    if (error instanceof RangeError && !(error instanceof RoundError)) throw new RoundError(error.message);
    throw error;
  }
}

/** Recomputes a round from its seeds and input: what the verify page shows. */
export function replayRound(engine: Engine, input: RoundInput, seeds: FairSeeds): RoundResult {
  return playEngine(engine, input, fairRng(seeds));
}

/** A replay with the check that the revealed seed is the one whose hash was shown before play. */
export function verifyEngineRound(engine: Engine, input: RoundInput, round: FairSeeds & { readonly serverSeedHash: string }): { hashMatches: boolean; result: RoundResult } {
  return { hashMatches: serverSeedHash(round.serverSeed) === round.serverSeedHash.toLowerCase(), result: replayRound(engine, input, round) };
}

/**
 * GLI-19: how an abandoned open round is finished by the game's rule, one action at a time
 * (the caller appends it and plays again until the round settles); null when it is void and
 * its stake is given back instead.
 * - blackjack: stand (every remaining hand stands; the dealer then plays out as usual);
 * - video poker: the hold of the common strategy (`simpleHold`), the player's best choice
 *   within about 0.1% of optimal, rather than holding nothing, which would throw away a paid hand;
 * - mines: cash out the tiles revealed; with none revealed no choice was made: void.
 */
export function completionAction(engine: Engine, input: RoundInput, rng: Rng): RoundAction | null {
  const now = playEngine(engine, input, rng);
  if (now.status !== 'open') return fail('the round is over');
  if (engine === 'blackjack') return { action: 'stand' };
  if (engine === 'jacks-or-better') return { action: 'draw', hold: simpleHold((now.view as { hand: number[] }).hand) };
  if (engine === 'mines') return (now.view as { revealed: number[] }).revealed.length > 0 ? { action: 'cashout' } : null;
  return fail(`${engine} has no open rounds`);
}

/** The largest win a round of `input` can pay (its stake × the game's highest multiplier). */
export function maxWin(engine: Engine, stake: Minor): Minor {
  return minor((stake * ENGINE_GAMES[engine].maxMultiplierMilli) / 1000n);
}

/** The paytable and limits the game's UI shows (JSON). */
export function engineRules(engine: Engine): unknown {
  const game = ENGINE_GAMES[engine];
  const base = { title: game.title, rtp: game.rtp.toFixed(4), maxMultiplierMilli: str(game.maxMultiplierMilli) };
  switch (engine) {
    case 'fruit-fiesta':
    case 'pharaohs-gold':
    case 'neon-nights': {
      const def = SLOT_DEFS[engine];
      return json({ ...base, rows: def.rows, symbols: def.symbols, reels: def.reels, paylines: def.paylines, freeSpins: def.freeSpins });
    }
    case 'european-roulette':
      return { ...base, pockets: 37, red: [...RED_NUMBERS].sort((a, b) => a - b), pays: { straight: 35, split: 17, street: 11, trio: 11, corner: 8, first_four: 8, six_line: 5, column: 2, dozen: 2, red: 1, black: 1, odd: 1, even: 1, low: 1, high: 1 } };
    case 'keno':
      return { ...base, numbers: KENO_NUMBERS, drawn: KENO_DRAWN, paytable: Object.fromEntries(Object.entries(KENO_PAYTABLE).map(([picks, t]) => [picks, { rtp: t.rtp.toFixed(4), milli: t.milli }])) };
    case 'dice':
      return { ...base, rollRange: [0, 9999], underTargets: [DICE_MIN_TARGET, DICE_MAX_TARGET], overTargets: [10_000 - DICE_MAX_TARGET, 10_000 - DICE_MIN_TARGET], edge: '0.01', multiplierMilliAt50: str(diceMultiplierMilli(5000)) };
    case 'crash':
      return { ...base, cashOutAt: [CRASH_MIN_TARGET, CRASH_MAX_TARGET] };
    case 'scratch':
      return { ...base, cells: 9, series: 1_000_000, prizes: SCRATCH_PRIZES };
    case 'blackjack':
      return { ...base, decks: 6, dealerStandsSoft17: true, blackjackPays: '3:2', doubleAnyTwo: true, doubleAfterSplit: true, maxHands: 4, splitAcesOneCard: true, insurance: false, surrender: false };
    case 'jacks-or-better':
      return { ...base, paytable: JACKS_OR_BETTER_9_6 };
    case 'mines':
      return { ...base, tiles: MINES_TILES, mines: [1, MINES_TILES - 1], edge: '0.01' };
  }
}
