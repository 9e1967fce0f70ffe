/**
 * Coupon maths (issue 11, packages/domain/src/coupon): how long the slip's quote takes for
 * the largest line-enumerating coupons — a system 8 of 16 (12,870 lines) and a lucky 8
 * (255 lines) — and how long settling 100,000 random expresses and systems takes.
 * Pure CPU, one thread, no server. Usage: node --import tsx bench/coupon-quote.ts [quotes=2000]
 */
import { cpus } from 'node:os';
import { minor, quoteCoupon, settleCoupon, type BetStatus, type CouponDraft, type CouponSelection } from '../packages/domain/src/index.ts';
import { sumLinesExact } from '../packages/domain/src/coupon/lines.ts';
import { summarise } from './support/stats.ts';
import { seededRandom } from '../apps/server/src/testing.ts';

const quotes = Number(process.argv[2] ?? 2000);

// Seeded, so every run prices the same coupons.
const random = seededRandom(11);
const coef = () => 1010 + Math.floor(random() * 4000);
const selections = (n: number): CouponSelection[] => Array.from({ length: n }, (_, i) => ({ id: `s${i}`, gameId: i, coef: coef() }));

function time(draft: () => CouponDraft, runs: number): ReturnType<typeof summarise> {
  const drafts = Array.from({ length: runs }, draft);
  for (let i = 0; i < 200; i++) quoteCoupon(drafts[i % runs] as CouponDraft); // warm-up
  const ms: number[] = [];
  for (const d of drafts) {
    const started = performance.now();
    const quote = quoteCoupon(d);
    ms.push(performance.now() - started);
    if (quote.errors.length > 0 || quote.possibleWin === null) throw new Error(`bad quote: ${JSON.stringify(quote.errors)}`);
  }
  return summarise(ms);
}

const fmt = (s: ReturnType<typeof summarise>) => `median ${s.p50.toFixed(3)} ms  p99 ${s.p99.toFixed(3)} ms  max ${s.max.toFixed(3)} ms`;
console.log(`Coupon quote (Node ${process.version}, ${cpus()[0]?.model.trim() ?? '?'}), ${quotes} quotes each, random coefs 1.010-5.009:`);
const system = time(() => ({ typeId: 2, systemValue: 8, selections: selections(16), amount: minor(1_000_000n) }), quotes);
console.log(`  system 8 of 16 (12,870 lines)  ${fmt(system)}`);
{
  // What the walk with double fast paths saves: the same sum by plain bigint enumeration.
  const ms: number[] = [];
  for (let i = 0; i < 50; i++) {
    const items = selections(16).map((s) => 2n * BigInt(s.coef));
    const started = performance.now();
    sumLinesExact(items, [], 8, 8, 62_160n);
    ms.push(performance.now() - started);
  }
  console.log(`    (the same sum by plain bigint enumeration: ${fmt(summarise(ms))})`);
}
const lucky = time(() => ({ typeId: 7, selections: selections(8), amount: minor(1_000_000n) }), quotes);
console.log(`  lucky 8 (255 lines)            ${fmt(lucky)}`);
const express = time(() => ({ typeId: 1, selections: selections(10), amount: minor(10_000n) }), quotes);
console.log(`  express of 10                  ${fmt(express)}`);

// Settlement: 100,000 random expresses (2-10 selections) and systems (k of 3-8), statuses
// drawn from win/lose/return/half statuses.
const STATUSES: readonly BetStatus[] = [1, 1, 1, 0, 0, 2, 3, 4, 5, 6];
const settled = Array.from({ length: 100_000 }, (_, i) => {
  const n = i % 2 === 0 ? 2 + Math.floor(random() * 9) : 3 + Math.floor(random() * 6);
  const sel = selections(n);
  const draft: CouponDraft =
    i % 2 === 0
      ? { typeId: 1, selections: sel, amount: minor(BigInt(100 + Math.floor(random() * 1e6))) }
      : { typeId: 2, systemValue: 2 + Math.floor(random() * (n - 2)), selections: sel, amount: minor(BigInt(1000 + Math.floor(random() * 1e7))) };
  const statuses = Object.fromEntries(sel.map((s) => [s.id, STATUSES[Math.floor(random() * STATUSES.length)] as BetStatus]));
  return { draft, statuses };
});
for (const detail of [false, true]) {
  const started = performance.now();
  let paid = 0n;
  for (const { draft, statuses } of settled) paid += settleCoupon(draft, statuses, { detail }).payout ?? 0n;
  const ms = performance.now() - started;
  console.log(
    `  settleCoupon × 100,000 (half expresses of 2-10, half systems k of 3-8)${detail ? ', with line detail' : ''}: ${ms.toFixed(0)} ms, ${((ms / 100_000) * 1000).toFixed(1)} µs each (paid ${paid})`,
  );
}
