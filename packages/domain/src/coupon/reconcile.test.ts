import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkCouponPostings, couponHouseNet, couponPostingKeys, settlementCredit, type CouponFacts, type CouponPosted, type CouponState } from './reconcile.ts';
import { reversalSplit } from './vip.ts';

/** A two-entry posting between the coupon's account and its house shard; `house` > 0: the house took it. */
const move = (house: bigint): CouponPosted => ({ house, player: -house, receivables: 0n, other: 0n });

/**
 * A coupon's life as the server writes it (service.ts, vip.ts, insurance.ts, cash-out.ts,
 * resettle.ts): the facts its row and its postings end up as.
 */
interface Life {
  stake: bigint;
  vip?: { counter: bigint | null; answer: 'accept' | 'decline' };
  refusedLive?: boolean;
  insured?: { amount: bigint; premium: bigint };
  end: 'open' | 'review' | 'pending' | 'sold' | 'settled';
  cashOut?: bigint;
  /** The payout of the first settlement and of each correction after it. */
  payouts?: bigint[];
  /** The player's balance at each correction (decides the debt). */
  balances?: bigint[];
}

function lived(life: Life): CouponFacts {
  const posted: Record<string, CouponPosted> = { stake: move(life.stake) };
  const facts: CouponFacts = { status: 'accepted', amount: life.stake, payout: null, vipAskedAmount: null, insuredAmount: null, insurancePremium: null, settlementVersion: 1, resettlements: [], posted };
  if (life.vip) {
    facts.vipAskedAmount = life.stake;
    if (life.end === 'review') return { ...facts, status: 'review' };
    if (life.vip.answer === 'decline') {
      posted.refund = move(-life.stake);
      return { ...facts, status: 'refused', payout: life.stake };
    }
    if (life.vip.counter !== null) {
      facts.amount = life.vip.counter;
      posted['vip-return'] = move(-(life.stake - life.vip.counter));
    }
  }
  if (life.refusedLive) {
    posted.refund = move(-life.stake);
    return { ...facts, status: 'refused', payout: life.stake };
  }
  if (life.end === 'pending') return { ...facts, status: 'pending' };
  if (life.insured) {
    facts.insuredAmount = life.insured.amount;
    facts.insurancePremium = life.insured.premium;
    posted.insurance = move(life.insured.premium);
  }
  if (life.end === 'open') return facts;
  if (life.end === 'sold') {
    const offer = life.cashOut ?? 1n;
    if (offer > 0n) posted['cash-out'] = move(-offer);
    return { ...facts, status: 'sold', payout: offer };
  }
  const [first = 0n, ...corrections] = life.payouts ?? [];
  const insured = facts.insuredAmount;
  if (first > 0n) posted.payout = move(-first);
  if (settlementCredit(insured, first) !== first) posted['insurance-payback'] = move(-settlementCredit(insured, first));
  let payout = first;
  let version = 1;
  const resettlements: CouponFacts['resettlements'][number][] = [];
  for (const [i, next] of corrections.entries()) {
    const previous = settlementCredit(insured, payout);
    const credit = settlementCredit(insured, next);
    // resettle.ts leaves a coupon alone only when its payout is unchanged (the credit may still be).
    if (next === payout) continue;
    if (credit > 0n) posted[`payout:v${version + 1}`] = move(-credit);
    const { fromPlayer, debt } = reversalSplit(previous, (life.balances?.[i] ?? 0n) + credit, 0n);
    if (previous > 0n) posted[`payout:v${version}:reverse`] = { house: previous, player: -fromPlayer, receivables: -debt, other: 0n };
    version++;
    resettlements.push({ version, previous, payout: credit, debt });
    payout = next;
  }
  return { ...facts, status: 'settled', payout, settlementVersion: version, resettlements };
}

const amount = fc.bigInt({ min: 1n, max: 100_000n });
const payoutArb = fc.oneof(fc.constant(0n), amount);
const lifeArb: fc.Arbitrary<Life> = fc
  .record({
    stake: fc.bigInt({ min: 2n, max: 100_000n }),
    vip: fc.option(fc.record({ counterShare: fc.option(fc.double({ min: 0.01, max: 0.99, noNaN: true }), { nil: null }), answer: fc.constantFrom('accept' as const, 'decline' as const) }), { nil: undefined }),
    refusedLive: fc.boolean(),
    insured: fc.option(fc.record({ amount, premium: amount }), { nil: undefined }),
    end: fc.constantFrom('open' as const, 'review' as const, 'pending' as const, 'sold' as const, 'settled' as const),
    cashOut: payoutArb,
    payouts: fc.array(payoutArb, { minLength: 1, maxLength: 4 }),
    balances: fc.array(fc.bigInt({ min: 0n, max: 200_000n }), { minLength: 3, maxLength: 3 }),
  })
  .map(({ vip, refusedLive, end, ...rest }): Life => {
    // What the server allows: a vip bet is a line bet (never refused after a live delay); review only for a vip bet.
    const counter = vip?.counterShare == null ? null : BigInt(Math.max(1, Math.floor(Number(rest.stake) * vip.counterShare)));
    return {
      ...rest,
      ...(vip ? { vip: { counter: counter !== null && counter < rest.stake ? counter : null, answer: vip.answer } } : {}),
      refusedLive: !vip && refusedLive && end === 'open',
      end: end === 'review' && !vip ? 'open' : end,
      ...(end === 'sold' ? { insured: undefined } : {}),
    } as Life;
  });

const sumHouse = (facts: CouponFacts) => Object.values(facts.posted).reduce((sum, p) => sum + p.house, 0n);

describe('coupon postings (issue 11, decision 0013)', () => {
  it('accepts each state with the money it moved', () => {
    const ok: Life[] = [
      { stake: 500n, end: 'open' },
      { stake: 500n, end: 'pending' },
      { stake: 500n, refusedLive: true, end: 'open' },
      { stake: 500n, end: 'settled', payouts: [1200n] },
      { stake: 500n, end: 'settled', payouts: [0n] },
      { stake: 500n, insured: { amount: 250n, premium: 90n }, end: 'settled', payouts: [0n] },
      { stake: 500n, insured: { amount: 250n, premium: 90n }, end: 'settled', payouts: [800n] },
      { stake: 500n, end: 'sold', cashOut: 420n },
      { stake: 900n, vip: { counter: null, answer: 'accept' }, end: 'review' },
      { stake: 900n, vip: { counter: 600n, answer: 'accept' }, end: 'settled', payouts: [1500n] },
      { stake: 900n, vip: { counter: 600n, answer: 'decline' }, end: 'settled' },
      { stake: 500n, end: 'settled', payouts: [1200n, 0n, 700n], balances: [100n, 0n] },
      { stake: 500n, insured: { amount: 250n, premium: 90n }, end: 'settled', payouts: [0n, 250n, 0n] },
    ];
    for (const life of ok) {
      const facts = lived(life);
      expect(checkCouponPostings(facts), JSON.stringify(life, (_, v: unknown) => (typeof v === 'bigint' ? String(v) : v))).toEqual([]);
    }
  });

  it('finds what a crash or a double run would leave: no stake, a payout twice the size, a payout on an open coupon, a refund not made', () => {
    const settled = lived({ stake: 500n, end: 'settled', payouts: [1200n] });
    expect(checkCouponPostings({ ...settled, posted: { payout: move(-1200n) } })).toContain('settled without stake (500)');
    expect(checkCouponPostings({ ...settled, posted: { ...settled.posted, payout: move(-2400n) } })).toContain('payout moved -2400 on the house side, -1200 expected');
    expect(checkCouponPostings({ ...settled, status: 'accepted', payout: null })).toContain('accepted with payout');
    const refused = lived({ stake: 500n, refusedLive: true, end: 'open' });
    expect(checkCouponPostings({ ...refused, posted: { stake: move(500n) } })).toContain('refused without refund (500)');
    expect(checkCouponPostings({ ...refused, payout: null })).toContain('refused without a payout');
    // A payout the wrong way round, or paid to another account.
    expect(checkCouponPostings({ ...settled, posted: { ...settled.posted, payout: move(1200n) } })).not.toEqual([]);
    expect(checkCouponPostings({ ...settled, posted: { ...settled.posted, payout: { house: -1200n, player: 0n, receivables: 0n, other: 1200n } } })).toEqual([
      'payout moved 1200 on other accounts',
      "payout moved 0 on the player's account, 1200 expected",
    ]);
    // Sold but paid as settled; a lost insured coupon without its payback.
    const sold = lived({ stake: 500n, end: 'sold', cashOut: 420n });
    expect(checkCouponPostings({ ...sold, posted: { stake: move(500n), payout: move(-420n) } })).toEqual(['sold without cash-out (420)', 'sold with payout']);
    const lost = lived({ stake: 500n, insured: { amount: 250n, premium: 90n }, end: 'settled', payouts: [0n] });
    expect(checkCouponPostings({ ...lost, posted: { stake: move(500n), insurance: move(90n) } })).toEqual(['settled without insurance-payback (250)']);
  });

  it('checks a vip bet by its asked stake and the return of a counter', () => {
    const countered = lived({ stake: 900n, vip: { counter: 600n, answer: 'accept' }, end: 'open' });
    expect(countered.posted['vip-return']).toEqual(move(-300n));
    expect(checkCouponPostings({ ...countered, posted: { stake: move(900n) } })).toEqual(['accepted without vip-return (300)']);
    expect(checkCouponPostings({ ...countered, amount: 1000n })).toContain('stake 1000 above the 900 held');
    const review = lived({ stake: 900n, vip: { counter: null, answer: 'accept' }, end: 'review' });
    expect(checkCouponPostings({ ...review, vipAskedAmount: null })).toContain('in review without a vip asked stake');
    expect(checkCouponPostings({ ...review, payout: 1n })).toContain('review with a payout of 1');
  });

  it('checks a resettled coupon: each credit reversed whole, the last one the payout, the debt as recorded', () => {
    const facts = lived({ stake: 500n, end: 'settled', payouts: [1200n, 0n, 700n], balances: [100n, 0n] });
    expect(facts.settlementVersion).toBe(3);
    expect(Object.keys(facts.posted).sort()).toEqual(['payout', 'payout:v1:reverse', 'payout:v3', 'stake'].sort());
    expect(facts.resettlements[0]).toMatchObject({ version: 2, previous: 1200n, payout: 0n, debt: 1100n });
    expect(checkCouponPostings({ ...facts, payout: 800n })).toContain('settled at 800 (credit 800), the last resettlement credited 700');
    expect(checkCouponPostings({ ...facts, resettlements: facts.resettlements.slice(0, 1) })[0]).toMatch(/^settlement version 3 with resettlement records 2$/);
    const noDebt = { ...facts, resettlements: facts.resettlements.map((r) => ({ ...r, debt: 0n })) };
    expect(checkCouponPostings(noDebt)).toContain('payout:v1:reverse left 1100 as a debt, the record says 0');
    expect(checkCouponPostings({ ...facts, status: 'sold' })).toContain('sold with settlement version 3');
    expect(couponPostingKeys(3)).toEqual(expect.arrayContaining(['payout:v2', 'payout:v3', 'payout:v1:reverse', 'payout:v2:reverse']));
  });

  it('agrees with every life the server can write, and the house holds what the state says (fast-check)', () => {
    fc.assert(
      fc.property(lifeArb, (life) => {
        const facts = lived(life);
        expect(checkCouponPostings(facts)).toEqual([]);
        expect(couponHouseNet(facts)).toBe(sumHouse(facts));
        // Whatever the life, its postings are among the keys looked up for its version.
        const keys = couponPostingKeys(facts.settlementVersion);
        expect(Object.keys(facts.posted).every((k) => keys.includes(k))).toBe(true);
        // Money the house keeps: the stake (less a vip return) and the premium, less what it paid.
        if (facts.status === 'settled') {
          expect(couponHouseNet(facts)).toBe(facts.amount + (facts.insurancePremium ?? 0n) - settlementCredit(facts.insuredAmount, facts.payout!));
        }
        if (facts.status === 'refused') expect(couponHouseNet(facts)).toBe(0n);
      }),
    );
  });

  it('never passes a coupon whose postings lost, doubled or changed one posting (fast-check)', () => {
    const change = fc.record({ which: fc.nat(), how: fc.constantFrom('drop', 'double', 'plus-one', 'flip', 'extra') });
    fc.assert(
      fc.property(lifeArb, change, (life, { which, how }) => {
        const facts = lived(life);
        const keys = Object.keys(facts.posted);
        const key = keys[which % keys.length]!;
        const posted = { ...facts.posted };
        const p = posted[key]!;
        if (how === 'drop') delete posted[key];
        if (how === 'double') posted[key] = { ...p, house: p.house * 2n, player: p.player * 2n, receivables: p.receivables * 2n };
        if (how === 'plus-one') posted[key] = { ...p, house: p.house + 1n, player: p.player - 1n };
        if (how === 'flip') posted[key] = { house: -p.house, player: -p.player, receivables: -p.receivables, other: 0n };
        if (how === 'extra') posted[keys.includes('refund') ? 'payout' : 'refund'] = move(-1n);
        expect(checkCouponPostings({ ...facts, posted })).not.toEqual([]);
      }),
    );
  });

  it('calls no state right without its stake', () => {
    const states: CouponState[] = ['pending', 'accepted', 'review', 'refused', 'settled', 'sold'];
    for (const status of states) {
      const findings = checkCouponPostings({ status, amount: 100n, payout: status === 'refused' ? 100n : null, vipAskedAmount: 100n, insuredAmount: null, insurancePremium: null, settlementVersion: 1, resettlements: [], posted: {} });
      expect(findings, status).toContain(`${status} without stake (100)`);
    }
  });
});
