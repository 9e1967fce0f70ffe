/**
 * Bingo 90 (decision 0025): 90-ball rooms on a schedule, one draw per round for everyone.
 *
 * Tickets: the UK 90-ball ticket, 3 rows × 9 columns, 15 numbers, 5 in each row, every column
 * holding 1 to 3 numbers of its range (1–9, 10–19, …, 80–90) sorted downwards. A player's
 * ticket i comes from their own ticket seed: fairRng({serverSeed: ticketSeed, clientSeed:
 * 'bingo-90-ticket', nonce: i}). The player chooses that seed, so the tickets are fixed before
 * the draw and the house, which knows the draw's seed, cannot pick them.
 *
 * The draw: the 90 balls in the order of a shuffle from the round's committed seed; calls stop
 * at the first full house.
 *
 * Prizes are pari-mutuel, as bingo operators run them: a prize pool of 95% of the stakes,
 * shared 15% one line, 25% two lines, 60% full house. A tier is won at the earliest call any
 * ticket completes it; its share is split equally between the tickets completing it on that
 * call, each floored to the minor unit; the full house takes what the line prizes left of the
 * pool. With at least one ticket every tier has a winner, so the RTP is 95% of stakes (the
 * pool floored to the minor unit), less under one minor unit per tie of a tier.
 * Tickets bought with different money (currency, real or demo) share the draw but not a pool.
 */
import { type Minor, minor } from '../../money/minor.ts';
import { drawDistinct, fairRng, shuffle, type FairSeeds, type Rng } from '../rng.ts';

export const BINGO_BALLS = 90;
export const BINGO_ROWS = 3;
export const BINGO_COLUMNS = 9;
export const BINGO_PER_ROW = 5;
/** Percent of the stakes paid back as prizes. */
export const BINGO_POOL_PERCENT = 95n;
export const BINGO_TIERS = [
  { id: 'one-line', lines: 1, percent: 15n },
  { id: 'two-lines', lines: 2, percent: 25n },
  { id: 'full-house', lines: 3, percent: 60n },
] as const;
export type BingoTierId = (typeof BINGO_TIERS)[number]['id'];
export const BINGO_RTP = 0.95;
export const BINGO_TICKET_CLIENT_SEED = 'bingo-90-ticket';
export const BINGO_MAX_TICKETS = 6;

/** Rows of 9 cells; 0 is an empty cell. */
export type BingoTicket = readonly (readonly number[])[];

/** The numbers column c may hold: 1–9, 10–19, …, 70–79, 80–90. */
export function columnRange(c: number): { from: number; to: number } {
  return { from: c === 0 ? 1 : c * 10, to: c === 8 ? 90 : c * 10 + 9 };
}

export function bingoTicket(rng: Rng): number[][] {
  // Which 5 columns each row fills: again until every column has a number.
  let rows: number[][];
  do rows = Array.from({ length: BINGO_ROWS }, () => drawDistinct(BINGO_COLUMNS, BINGO_PER_ROW, rng));
  while (new Set(rows.flat()).size < BINGO_COLUMNS);
  const ticket = Array.from({ length: BINGO_ROWS }, () => Array<number>(BINGO_COLUMNS).fill(0));
  for (let c = 0; c < BINGO_COLUMNS; c++) {
    const inRows = [0, 1, 2].filter((r) => rows[r]!.includes(c));
    const { from, to } = columnRange(c);
    const numbers = drawDistinct(to - from + 1, inRows.length, rng).map((n) => n + from).sort((a, b) => a - b);
    inRows.forEach((r, i) => {
      ticket[r]![c] = numbers[i]!;
    });
  }
  return ticket;
}

export const bingoTicketSeeds = (ticketSeed: string, index: number): FairSeeds => ({ serverSeed: ticketSeed, clientSeed: BINGO_TICKET_CLIENT_SEED, nonce: index });

/** The player's tickets 0…count−1 from their ticket seed. */
export function bingoTickets(ticketSeed: string, count: number): number[][][] {
  return Array.from({ length: count }, (_, i) => bingoTicket(fairRng(bingoTicketSeeds(ticketSeed, i))));
}

/** Why a ticket is not a valid 90-ball ticket, or null. */
export function bingoTicketError(ticket: BingoTicket): string | null {
  if (ticket.length !== BINGO_ROWS || ticket.some((row) => row.length !== BINGO_COLUMNS)) return 'three rows of nine cells';
  if (ticket.some((row) => row.filter((n) => n !== 0).length !== BINGO_PER_ROW)) return 'five numbers in each row';
  const all = ticket.flat().filter((n) => n !== 0);
  if (new Set(all).size !== all.length) return 'numbers must differ';
  for (let c = 0; c < BINGO_COLUMNS; c++) {
    const { from, to } = columnRange(c);
    const column = ticket.map((row) => row[c]!).filter((n) => n !== 0);
    if (column.length === 0) return `column ${c + 1} is empty`;
    if (column.some((n) => n < from || n > to)) return `column ${c + 1} holds ${from}–${to}`;
    if (column.some((n, i) => i > 0 && n < column[i - 1]!)) return `column ${c + 1} must read downwards`;
  }
  return null;
}

/** The 90 balls in the order called. */
export function drawBingo(rng: Rng): number[] {
  return shuffle(Array.from({ length: BINGO_BALLS }, (_, i) => i + 1), rng);
}

/** The calls (1-based) at which the ticket completes one, two and three lines. */
export function ticketLineCalls(ticket: BingoTicket, order: readonly number[]): [number, number, number] {
  const at = new Map(order.map((n, i) => [n, i + 1]));
  const rows = ticket.map((row) => Math.max(...row.filter((n) => n !== 0).map((n) => at.get(n) ?? Infinity))).sort((a, b) => a - b);
  return [rows[0]!, rows[1]!, rows[2]!];
}

export interface BingoTierResult {
  readonly tier: BingoTierId;
  /** The call (1-based) that won it. */
  readonly call: number;
  readonly winners: readonly string[];
  /** Paid to each winning ticket. */
  readonly prize: Minor;
}

export interface BingoPoolResult {
  readonly tickets: number;
  readonly stakes: Minor;
  readonly pool: Minor;
  readonly tiers: readonly BingoTierResult[];
  /** The call of the full house: the calls stop there. */
  readonly calls: number;
}

/**
 * One pool's prizes: `tickets` by key (e.g. `<bet>:<i>`), each bought for `price`.
 * Empty pool: no tiers, no calls.
 */
export function settleBingoPool(order: readonly number[], tickets: readonly { key: string; ticket: BingoTicket }[], price: Minor): BingoPoolResult {
  const stakes = minor(price * BigInt(tickets.length));
  const pool = minor((stakes * BINGO_POOL_PERCENT) / 100n);
  if (tickets.length === 0) return { tickets: 0, stakes, pool, tiers: [], calls: 0 };
  const lines = tickets.map((t) => ({ key: t.key, calls: ticketLineCalls(t.ticket, order) }));
  let left: bigint = pool;
  const tiers = BINGO_TIERS.map((tier, k) => {
    const call = Math.min(...lines.map((l) => l.calls[k]!));
    const winners = lines.filter((l) => l.calls[k] === call).map((l) => l.key);
    // The full house takes what the line prizes left of the pool (their flooring included).
    const share = tier.id === 'full-house' ? left : (pool * tier.percent) / 100n;
    left -= share;
    return { tier: tier.id, call, winners, prize: minor(share / BigInt(winners.length)) };
  });
  return { tickets: tickets.length, stakes, pool, tiers, calls: tiers[2]!.call };
}

/** What a ticket won in a pool's result. */
export function bingoTicketWin(result: Pick<BingoPoolResult, 'tiers'>, key: string): Minor {
  return minor(result.tiers.reduce((sum, t) => (t.winners.includes(key) ? sum + BigInt(t.prize) : sum), 0n));
}
