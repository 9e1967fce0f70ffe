import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { checkPaymentPostings, heldByWithdrawal, PAYMENT_POSTINGS, PAYMENT_STATES, type PaymentPostingFacts } from './payment-postings.ts';

const facts = (patch: Partial<PaymentPostingFacts>): PaymentPostingFacts => ({ direction: 'withdrawal', state: 'awaiting_approval', amount: 500n, posted: {}, ...patch });

describe('payment postings (decision 0013)', () => {
  it('accepts each state with the money it moved', () => {
    const ok = [
      facts({ direction: 'deposit', state: 'pending' }),
      facts({ direction: 'deposit', state: 'succeeded', posted: { settle: 500n } }),
      facts({ direction: 'deposit', state: 'expired' }),
      facts({ state: 'awaiting_approval', posted: { hold: 500n } }),
      facts({ state: 'approved', posted: { hold: 500n } }),
      facts({ state: 'succeeded', posted: { hold: 500n, payout: 500n } }),
      facts({ state: 'rejected', posted: { hold: 500n, return: 500n } }),
      facts({ state: 'failed', posted: { hold: 500n, return: 500n } }),
      facts({ state: 'failed' }),
    ];
    for (const f of ok) expect(checkPaymentPostings(f), `${f.direction} ${f.state}`).toEqual({ kind: 'ok' });
  });

  it('finds the failures of the crash review: rejected with the money on hold, succeeded without a payout, credit of another amount', () => {
    expect(checkPaymentPostings(facts({ state: 'rejected', posted: { hold: 500n } }))).toMatchObject({ kind: 'in_recovery' });
    expect(checkPaymentPostings(facts({ state: 'new' }))).toMatchObject({ kind: 'in_recovery' });
    expect(checkPaymentPostings(facts({ state: 'succeeded', posted: { hold: 500n } }))).toMatchObject({ kind: 'mismatch' });
    expect(checkPaymentPostings(facts({ direction: 'deposit', state: 'succeeded', posted: { settle: 400n } }))).toMatchObject({ kind: 'mismatch' });
    expect(checkPaymentPostings(facts({ direction: 'deposit', state: 'failed', posted: { settle: 500n } }))).toMatchObject({ kind: 'mismatch' });
    expect(checkPaymentPostings(facts({ state: 'awaiting_approval', posted: { hold: 500n, return: 500n } }))).toMatchObject({ kind: 'mismatch' });
    expect(checkPaymentPostings(facts({ state: 'rejected', posted: { return: 500n } }))).toMatchObject({ kind: 'mismatch' });
    expect(checkPaymentPostings(facts({ direction: 'deposit', state: 'awaiting_approval' }))).toMatchObject({ kind: 'mismatch' });
  });

  it('never calls a payment right whose postings moved another amount, whatever its state', () => {
    const state = fc.constantFrom(...PAYMENT_STATES);
    const posted = fc.dictionary(fc.constantFrom(...PAYMENT_POSTINGS), fc.bigInt({ min: 1n, max: 10_000n }));
    fc.assert(
      fc.property(fc.constantFrom('deposit' as const, 'withdrawal' as const), state, fc.bigInt({ min: 1n, max: 10_000n }), posted, (direction, s, amount, p) => {
        const verdict = checkPaymentPostings({ direction, state: s, amount, posted: p });
        if (Object.values(p).some((moved) => moved !== amount)) expect(verdict.kind).toBe('mismatch');
        // Whatever is held is the amount or nothing, and a deposit holds nothing.
        const held = heldByWithdrawal({ direction, state: s, amount, posted: p });
        expect(held === 0n || held === amount).toBe(true);
        if (direction === 'deposit') expect(held).toBe(0n);
      }),
    );
  });

  it('counts money as held only between the hold and the payout or return', () => {
    expect(heldByWithdrawal(facts({ posted: { hold: 500n } }))).toBe(500n);
    expect(heldByWithdrawal(facts({ state: 'succeeded', posted: { hold: 500n, payout: 500n } }))).toBe(0n);
    expect(heldByWithdrawal(facts({ state: 'rejected', posted: { hold: 500n, return: 500n } }))).toBe(0n);
    expect(heldByWithdrawal(facts({ state: 'new' }))).toBe(0n);
  });
});
