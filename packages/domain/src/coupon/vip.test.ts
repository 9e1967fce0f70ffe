import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultMaxStake, reversalSplit, vipPlacement, vipStep, type VipEvent, type VipStage } from './vip.ts';

describe('vip placement (SPEC §5)', () => {
  it('goes to review only when asked, allowed and above the max', () => {
    expect(vipPlacement({ isVipBet: false, available: true, charged: 10n, maxAmount: 5n })).toEqual({ kind: 'ordinary' });
    expect(vipPlacement({ isVipBet: true, available: true, charged: 10n, maxAmount: 5n })).toEqual({ kind: 'review' });
    expect(vipPlacement({ isVipBet: true, available: true, charged: 5n, maxAmount: 5n })).toEqual({ kind: 'ordinary' });
    expect(vipPlacement({ isVipBet: true, available: false, charged: 10n, maxAmount: 5n })).toEqual({ kind: 'refused', code: 'vip_bet_unavailable' });
    expect(vipPlacement({ isVipBet: true, available: true, charged: 10n, maxAmount: null })).toEqual({ kind: 'refused', code: 'vip_bet_unavailable' });
  });

  it('has a default max of 100 initial stakes', () => {
    expect(defaultMaxStake('RUB')).toBe(1_500_000n);
    expect(defaultMaxStake('USD')).toBe(50_000n);
  });
});

describe('vip review steps', () => {
  it('accept keeps the stake, decline and time-out return it, a counter waits for the player', () => {
    expect(vipStep('operator', 100n, null, { by: 'operator', decision: 'accept' })).toMatchObject({ status: 'accepted', stake: 100n, returned: 0n });
    expect(vipStep('operator', 100n, null, { by: 'operator', decision: 'decline' })).toMatchObject({ status: 'refused', decision: 'declined', returned: 100n });
    expect(vipStep('operator', 100n, null, { by: 'clock' })).toMatchObject({ status: 'refused', decision: 'timed_out', returned: 100n });
    expect(vipStep('operator', 100n, null, { by: 'operator', decision: 'counter', amount: 60n })).toEqual({ ok: true, status: 'review', decision: 'countered', counter: 60n });
    expect(vipStep('player', 100n, 60n, { by: 'player', accept: true })).toMatchObject({ status: 'accepted', decision: 'counter_accepted', stake: 60n, returned: 40n });
    expect(vipStep('player', 100n, 60n, { by: 'player', accept: false })).toMatchObject({ status: 'refused', decision: 'counter_declined', returned: 100n });
    expect(vipStep('player', 100n, 60n, { by: 'clock' })).toMatchObject({ status: 'refused', decision: 'counter_timed_out', returned: 100n });
  });

  it('refuses a step out of turn and a counter not below the asked stake', () => {
    expect(vipStep('player', 100n, 60n, { by: 'operator', decision: 'accept' })).toEqual({ ok: false, code: 'not_your_turn' });
    expect(vipStep('operator', 100n, null, { by: 'player', accept: true })).toEqual({ ok: false, code: 'not_your_turn' });
    expect(vipStep('operator', 100n, null, { by: 'operator', decision: 'counter', amount: 100n })).toEqual({ ok: false, code: 'counter_out_of_range' });
    expect(vipStep('operator', 100n, null, { by: 'operator', decision: 'counter', amount: 4n }, 5n)).toEqual({ ok: false, code: 'counter_out_of_range' });
  });

  it('conserves the held stake on every path that ends the review', () => {
    const event: fc.Arbitrary<VipEvent> = fc.oneof(
      fc.constant({ by: 'clock' } as const),
      fc.constantFrom<VipEvent>({ by: 'operator', decision: 'accept' }, { by: 'operator', decision: 'decline' }),
      fc.bigInt({ min: -5n, max: 10n ** 9n }).map((amount) => ({ by: 'operator', decision: 'counter', amount }) as const),
      fc.boolean().map((accept) => ({ by: 'player', accept }) as const),
    );
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 9n }), fc.array(event, { maxLength: 4 }), (held, events) => {
        let stage: VipStage = 'operator';
        let counter: bigint | null = null;
        for (const e of events) {
          const step = vipStep(stage, held, counter, e);
          if (!step.ok) continue;
          if (step.status === 'review') {
            expect(step.counter).toBeGreaterThan(0n);
            expect(step.counter).toBeLessThan(held);
            stage = 'player';
            counter = step.counter;
            continue;
          }
          expect(step.stake + step.returned).toBe(held);
          expect(step.returned).toBeGreaterThanOrEqual(0n);
          return;
        }
      }),
    );
  });
});

describe('reversal of a payout', () => {
  it('takes what the balance holds (with the new payout first) and leaves the rest as a debt', () => {
    expect(reversalSplit(100n, 500n, 0n)).toEqual({ fromPlayer: 100n, debt: 0n });
    expect(reversalSplit(100n, 30n, 0n)).toEqual({ fromPlayer: 30n, debt: 70n });
    expect(reversalSplit(100n, 30n, 50n)).toEqual({ fromPlayer: 80n, debt: 20n });
    expect(reversalSplit(0n, 30n, 50n)).toEqual({ fromPlayer: 0n, debt: 0n });
  });

  it('never leaves the balance below zero and always covers the whole payout', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 12n }), fc.bigInt({ min: 0n, max: 10n ** 12n }), fc.bigInt({ min: 0n, max: 10n ** 12n }), (previous, balance, next) => {
        const { fromPlayer, debt } = reversalSplit(previous, balance, next);
        expect(fromPlayer + debt).toBe(previous);
        expect(debt).toBeGreaterThanOrEqual(0n);
        expect(balance + next - fromPlayer).toBeGreaterThanOrEqual(0n);
        // A debt only when the balance was emptied.
        if (debt > 0n) expect(balance + next - fromPlayer).toBe(0n);
      }),
    );
  });
});
