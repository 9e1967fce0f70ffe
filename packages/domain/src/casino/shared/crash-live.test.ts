import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { minor } from '../../money/minor.ts';
import { CRASH_MAX_TARGET, crashPoint, crashRtp } from '../crash.ts';
import { fracToNumber } from '../money.ts';
import { fairRng } from '../rng.ts';
import { crashDurationMs, crashMultiplierAt, crashTargetError, drawCrashLive, manualCashOut, settleCrashLive } from './crash-live.ts';
import { roundNoAt, roundTimes, scheduleError, SHARED_EPOCH_MS, sharedSeeds } from './schedule.ts';

const schedule = { epochMs: SHARED_EPOCH_MS, periodMs: 60_000, betMs: 45_000 };

describe('shared schedule', () => {
  it('property: the round at t contains t, rounds tile the time line, ids follow from time', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 12 }), fc.integer({ min: 1000, max: 600_000 }), (offset, periodMs) => {
        const s = { epochMs: SHARED_EPOCH_MS, periodMs, betMs: Math.max(1000, Math.floor(periodMs / 2)) };
        if (scheduleError(s)) return;
        const t = SHARED_EPOCH_MS + offset;
        const times = roundTimes(s, roundNoAt(s, t));
        expect(times.opensAt).toBeLessThanOrEqual(t);
        expect(t).toBeLessThan(times.endsAt);
        expect(times.closesAt - times.opensAt).toBe(s.betMs);
        expect(roundTimes(s, times.roundNo + 1).opensAt).toBe(times.endsAt);
      }),
    );
  });

  it('refuses schedules without a betting window or a draw', () => {
    expect(scheduleError(schedule)).toBeNull();
    expect(scheduleError({ ...schedule, betMs: 60_000 })).not.toBeNull();
    expect(scheduleError({ ...schedule, periodMs: 10 })).not.toBeNull();
  });

  it('a round replays from its seed: the same seeds, the same draw; the client seed names the round', () => {
    const seeds = sharedSeeds('seed', 'crash-live', '', 7);
    expect(seeds).toEqual({ serverSeed: 'seed', clientSeed: 'crash-live::7', nonce: 0 });
    expect(drawCrashLive(fairRng(seeds))).toEqual(drawCrashLive(fairRng(seeds)));
  });
});

describe('crash-live curve', () => {
  it('climbs from 1.00× and reaches 2× near 11.55 s and 100× near 76.75 s', () => {
    expect(crashMultiplierAt(0)).toBe(100);
    expect(crashMultiplierAt(-5)).toBe(100);
    expect(crashMultiplierAt(11_553)).toBe(200);
    expect(crashMultiplierAt(11_552)).toBe(199);
    expect(crashDurationMs(200)).toBe(11_553);
    expect(crashDurationMs(100)).toBe(0);
  });

  it('property: the crash comes the first millisecond the curve reaches the point', () => {
    fc.assert(
      fc.property(fc.integer({ min: 101, max: CRASH_MAX_TARGET }), (point) => {
        const ms = crashDurationMs(point);
        expect(crashMultiplierAt(ms)).toBeGreaterThanOrEqual(point);
        expect(crashMultiplierAt(ms - 1)).toBeLessThan(point);
      }),
    );
  });

  it('property: a manual cash-out before the crash pays the curve, after it nothing', () => {
    fc.assert(
      fc.property(fc.integer({ min: 101, max: CRASH_MAX_TARGET }), fc.integer({ min: 0, max: 200_000 }), fc.bigInt({ min: 1n, max: 10n ** 9n }), (point, at, stake) => {
        const m = manualCashOut(point, at);
        if (at >= crashDurationMs(point)) expect(m).toBeNull();
        else if (m !== null) {
          expect(m).toBe(crashMultiplierAt(at));
          expect(m).toBeLessThan(point);
          expect(settleCrashLive(minor(stake), point, null, m).payout).toBe((stake * BigInt(m)) / 100n);
        }
      }),
    );
  });

  it('settles the target reached first; lost without a cash-out; the top of the run pays 10,000×', () => {
    const stake = minor(1000n);
    expect(settleCrashLive(stake, 250, 200, null)).toEqual({ cashedOutAt: 200, payout: 2000n });
    expect(settleCrashLive(stake, 250, 300, null)).toEqual({ cashedOutAt: null, payout: 0n });
    expect(settleCrashLive(stake, 250, 300, 150)).toEqual({ cashedOutAt: 150, payout: 1500n });
    expect(settleCrashLive(stake, 250, 120, 150)).toEqual({ cashedOutAt: 120, payout: 1200n });
    expect(settleCrashLive(stake, CRASH_MAX_TARGET, null, null)).toEqual({ cashedOutAt: CRASH_MAX_TARGET, payout: 10_000_000n });
    expect(crashTargetError(100)).not.toBeNull();
    expect(crashTargetError(null)).toBeNull();
  });

  it('crash points: the solo game’s law (P(point ≥ m) = ⌊99·2³²/m⌋/2³²), RTP 99% for every target, observed near 99%', () => {
    for (const m of [101, 200, 1000, 100_000]) expect(fracToNumber(crashRtp(m))).toBeCloseTo(0.99, 5);
    // 40,000 rounds of the live draw: the share reaching 2× is 0.495 within 4 standard deviations.
    let reached = 0;
    let returned = 0;
    const n = 40_000;
    for (let i = 0; i < n; i++) {
      const seeds = sharedSeeds('observed', 'crash-live', '', i);
      const draw = drawCrashLive(fairRng(seeds));
      expect(draw.point).toBe(Math.min(crashPoint(fairRng(seeds)), CRASH_MAX_TARGET));
      if (draw.point >= 200) reached += 1;
      returned += Number(settleCrashLive(minor(100n), draw.point, 200, null).payout);
    }
    const sd = Math.sqrt(0.495 * 0.505 / n);
    expect(Math.abs(reached / n - 0.495)).toBeLessThan(4 * sd);
    expect(Math.abs(returned / (100 * n) - 0.99)).toBeLessThan(8 * sd);
  });
});
