import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allowance,
  APPROVAL_DELAY_MS,
  changeLimit,
  checkSpend,
  confirmLimit,
  convertByInitialStakes,
  emptyLimit,
  extraLimitsLocked,
  limitState,
  needsApproval,
  nextRealityCheck,
  NO_LIMIT,
  NOT_SET,
  recordPing,
  rejectLimit,
  sessionEnded,
  valueInForce,
  type LimitRecord,
} from './policy.ts';

const T0 = Date.UTC(2026, 0, 10, 12);
const DAY = 86_400_000;
const moneyType = fc.constantFrom(20, 21, 22, 1, 2, 3, 10, 11, 12);
const amount = fc.integer({ min: 1, max: NO_LIMIT - 1 });

function set(type: number, value: number, now = T0): LimitRecord {
  const r = changeLimit(emptyLimit(type), value, now);
  if (!r.ok) throw new Error(r.message);
  return r.record;
}

describe('limit changes', () => {
  it('applies a new or lower limit at once', () => {
    fc.assert(
      fc.property(moneyType, amount, amount, (type, a, b) => {
        const first = set(type, Math.max(a, b));
        expect(valueInForce(first, T0)).toBe(Math.max(a, b));
        const lower = changeLimit(first, Math.min(a, b), T0 + 1);
        expect(lower.ok && valueInForce(lower.record, T0 + 1)).toBe(Math.min(a, b));
        expect(lower.ok && lower.record.pendingValue).toBe(null);
      }),
    );
  });

  it('keeps a raise or removal pending 24 h, confirmable only then, and reject drops it', () => {
    fc.assert(
      fc.property(moneyType, amount, fc.integer({ min: 1, max: NO_LIMIT }), fc.integer({ min: 0, max: 3 * DAY }), (type, low, raise, wait) => {
        fc.pre(raise > low);
        const r = set(type, low);
        const asked = changeLimit(r, raise, T0);
        expect(asked.ok && asked.effect).toBe('pending');
        if (!asked.ok) return;
        // The lower limit stays in force while the raise waits.
        expect(valueInForce(asked.record, T0 + wait)).toBe(low);
        expect(limitState(asked.record, T0 + wait)).toBe('ACTIVE');
        const confirm = confirmLimit(asked.record, T0 + wait);
        expect(confirm.ok).toBe(wait >= APPROVAL_DELAY_MS);
        expect(needsApproval(asked.record, T0 + wait)).toBe(wait >= APPROVAL_DELAY_MS);
        if (confirm.ok) expect(valueInForce(confirm.record, T0 + wait)).toBe(raise === NO_LIMIT ? null : raise);
        const rejected = rejectLimit(asked.record);
        expect(rejected.ok && valueInForce(rejected.record, T0 + wait)).toBe(low);
        expect(rejected.ok && rejected.record.pendingValue).toBe(null);
      }),
    );
  });

  it('drops a waiting raise when a lower limit is set meanwhile', () => {
    const r = changeLimit(set(20, 100), 500, T0);
    const lower = r.ok ? changeLimit(r.record, 50, T0 + 1000) : r;
    expect(lower.ok && lower.record).toMatchObject({ value: 50, pendingValue: null });
  });

  it('refuses values outside SPEC §9', () => {
    expect(changeLimit(emptyLimit(31), 25, T0).ok).toBe(false);
    expect(changeLimit(emptyLimit(31), 0, T0).ok).toBe(false);
    expect(changeLimit(emptyLimit(32), 7, T0).ok).toBe(false);
    expect(changeLimit(emptyLimit(30), 2, T0).ok).toBe(false);
    expect(changeLimit(emptyLimit(33), 90, T0).ok).toBe(false);
    expect(changeLimit(emptyLimit(20), 0, T0).ok).toBe(false);
    expect(changeLimit(emptyLimit(20), NO_LIMIT + 1, T0).ok).toBe(false);
    expect(changeLimit(emptyLimit(31), NOT_SET, T0)).toMatchObject({ ok: true, effect: 'unchanged' });
  });

  it('starts exclusions at once, never shortens them, lets them end', () => {
    fc.assert(
      fc.property(fc.constantFrom(1, 7, 30, 90, 365), fc.constantFrom(1, 7, 30, 90, 365), fc.integer({ min: 0, max: 400 * DAY }), (days, other, later) => {
        const r = set(30, days);
        expect(limitState(r, T0)).toBe('ACTIVE');
        expect(r.endsAt).toBe(T0 + days * DAY);
        const again = changeLimit(r, other, T0 + Math.min(later, days * DAY - 1));
        const newEnd = T0 + Math.min(later, days * DAY - 1) + other * DAY;
        if (newEnd < r.endsAt!) expect(again).toMatchObject({ ok: false, code: 'limit_change_forbidden' });
        else expect(again.ok && again.record.endsAt).toBe(newEnd);
        expect(valueInForce(r, T0 + later)).toBe(later < days * DAY ? days : null);
      }),
    );
  });

  it('locks the extra limits while an exclusion runs or a change of 30/31/33 waits', () => {
    expect(extraLimitsLocked([set(30, 7)], T0)).toBe(true);
    expect(extraLimitsLocked([set(30, 7)], T0 + 8 * DAY)).toBe(false);
    const session = changeLimit(set(31, 2), 5, T0);
    expect(session.ok && extraLimitsLocked([session.record], T0)).toBe(true);
    expect(extraLimitsLocked([set(20, 100)], T0)).toBe(false);
  });
});

describe('allowance', () => {
  it('is the tightest of overlapping limits, never below 0, and refuses exactly what does not fit', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.tuple(fc.constantFrom(20, 21, 22), fc.integer({ min: 1, max: 10_000 })), { minLength: 1, maxLength: 3, selector: ([t]) => t }),
        fc.array(fc.bigInt({ min: -100_000n, max: 2_000_000n }), { minLength: 3, maxLength: 3 }),
        fc.bigInt({ min: 1n, max: 2_000_000n }),
        (limits, used, spend) => {
          const records = limits.map(([t, v]) => set(t, v));
          const usage = new Map([20, 21, 22].map((t, i) => [t, used[i]!]));
          const a = allowance(records, [20, 21, 22], usage, 'EUR', T0)!;
          const byType = new Map(records.map((r) => [r.type, r.value!]));
          const lefts = [...byType].map(([t, v]) => {
            const u = usage.get(t)!;
            const left = BigInt(v) * 100n - (u > 0n ? u : 0n);
            return left < 0n ? 0n : left;
          });
          expect(a.left).toBe(lefts.reduce((m, x) => (x < m ? x : m)));
          expect(a.left >= 0n).toBe(true);
          const check = checkSpend(records, [20, 21, 22], usage, 'EUR', spend, T0, 'deposit_limit_exceeded');
          expect(check.ok).toBe(spend <= a.left);
        },
      ),
    );
  });

  it('has none without a limit in force', () => {
    expect(allowance([], [20], new Map(), 'EUR', T0)).toBe(null);
    expect(checkSpend([], [1, 2, 3], new Map(), 'EUR', 10n ** 12n, T0, 'x').ok).toBe(true);
  });

  it('converts other currencies by initial stakes, rounding up', () => {
    expect(convertByInitialStakes(500n, 'EUR', 'EUR')).toBe(500n);
    expect(convertByInitialStakes(500n, 'USD', 'RUB')).toBe(15_000n);
    expect(convertByInitialStakes(1n, 'RUB', 'EUR')).toBe(1n);
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 12n }), fc.constantFrom('EUR', 'USD', 'RUB', 'GBP'), fc.constantFrom('EUR', 'USD', 'RUB', 'GBP'), (x, a, b) => {
        // Round trip never loses money: a limit is never loosened by conversion.
        expect(convertByInitialStakes(convertByInitialStakes(x, a, b), b, a) >= x).toBe(true);
      }),
    );
  });
});

describe('session and reality check', () => {
  it('counts ping time capped at 60 s a gap, per UTC day, and ends the session when the hours are used', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 200_000 }), { maxLength: 60 }), (gaps) => {
        let usage = recordPing(null, T0);
        let now = T0;
        let expected = 0;
        for (const g of gaps) {
          now += g;
          const sameDay = Math.floor(now / DAY) === Math.floor((now - g) / DAY);
          usage = recordPing(usage, now);
          expected = sameDay ? expected + Math.floor(Math.min(g, 60_000) / 1000) : 0;
          expect(usage.usedSeconds).toBe(expected);
        }
      }),
    );
    let usage = recordPing(null, T0);
    for (let i = 0; i < 120; i++) usage = recordPing(usage, T0 + (i + 1) * 30_000);
    expect(sessionEnded(1, usage, T0 + 120 * 30_000)).toBe(true);
    expect(sessionEnded(2, usage, T0 + 120 * 30_000)).toBe(false);
    expect(sessionEnded(1, usage, Date.UTC(2026, 0, 11, 0, 0, 1))).toBe(false);
    expect(sessionEnded(null, usage, T0)).toBe(false);
  });

  it('shows the reality check at most one interval later and never in the past', () => {
    fc.assert(
      fc.property(fc.constantFrom(5, 10, 15, 30, 45, 60), fc.option(fc.integer({ min: 0, max: 2 * T0 }), { nil: undefined }), (minutes, proposed) => {
        const at = nextRealityCheck(minutes, 'continue', false, T0, proposed)!;
        expect(at).toBeGreaterThan(T0);
        expect(at).toBeLessThanOrEqual(T0 + minutes * 60_000);
      }),
    );
    expect(nextRealityCheck(10, 'continue', true, T0)).toBe(null);
    expect(nextRealityCheck(10, 'log_out', false, T0)).toBe(null);
    expect(nextRealityCheck(null, 'nothing', false, T0)).toBe(null);
    expect(nextRealityCheck(10, 'nothing', false, T0)).toBe(T0 + 600_000);
  });
});
