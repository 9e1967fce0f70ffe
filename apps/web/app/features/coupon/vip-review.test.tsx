/**
 * A vip bet in review in My bets: the waiting state with the asked stake and a countdown,
 * the counter-offer with Accept and Decline, the time-up state, nothing for other coupons;
 * in English and Russian without raw keys.
 */
import { describe, expect, it } from 'vitest';
import type { Coupon } from '@betsite/contracts';
import EN_MAIN from '../../i18n/dictionaries/en/main.json';
import EN_SPORTS from '../../i18n/dictionaries/en/sports.json';
import RU_MAIN from '../../i18n/dictionaries/ru/main.json';
import RU_SPORTS from '../../i18n/dictionaries/ru/sports.json';
import { renderPage, visibleText as text } from '../../testing/render.tsx';
import { VipReview, countdownText } from './vip-review.tsx';

const REVIEW: NonNullable<Coupon['review']> = { askedAmount: '200.00', counterAmount: null, deadline: '2026-11-20T18:10:00.000Z', remainingMs: 272_000, decision: null };
const COUPON = {
  id: '6f1c2d3e-4b5a-4c7d-8e9f-0a1b2c3d4e5f',
  typeId: 0,
  status: 'review',
  currency: 'EUR',
  amount: '200.00',
  unitStake: '200.00',
  lines: 1,
  coef: 2,
  possibleWin: '400.00',
  payout: null,
  isLive: false,
  systemValue: null,
  acceptAt: null,
  refusal: null,
  review: REVIEW,
  insurance: null,
  createdAt: '2026-11-20T18:05:00.000Z',
  settledAt: null,
  bets: [{ gameId: 11, outcomeKey: '1x2:match/home', coef: 2, blockId: null, isBanker: false, status: -2, home: 'Vip Rovers', away: 'Vip United', outcomeName: 'Vip Rovers', score: null }],
} satisfies Coupon as Coupon;

const resources = { en: { main: EN_MAIN, sports: EN_SPORTS }, ru: { main: RU_MAIN, sports: RU_SPORTS } };

const render = (coupon: Coupon, lng: 'en' | 'ru' = 'en') =>
  renderPage(<VipReview coupon={coupon} onChange={() => undefined} />, { lng, resources, routeId: 'bets', route: '/:lng/office/history', url: `/${lng}/office/history` });

describe('a vip bet in review', () => {
  it('counts down in m:ss', () => {
    expect(countdownText(272_000)).toBe('4:32');
    expect(countdownText(59_001)).toBe('1:00');
    expect(countdownText(0)).toBe('0:00');
    expect(countdownText(-5)).toBe('0:00');
  });

  it('waiting: the asked stake held and the time the bookmaker has, no buttons', () => {
    const html = render(COUPON);
    expect(html).toContain('data-stage="waiting"');
    expect(text(html)).toMatch(/the bookmaker is deciding Your stake of €200\.00 is held .* Decision within 4:32/);
    expect(html).toContain('role="timer"');
    expect(html).not.toContain('<button');
  });

  it('a counter-offer: the offered stake with Accept and Decline buttons', () => {
    const html = render({ ...COUPON, review: { ...REVIEW, counterAmount: '150.00', decision: 'countered' } });
    expect(html).toContain('data-stage="counter"');
    expect(text(html)).toMatch(/accepts €150\.00 instead of €200\.00/);
    expect(html).toMatch(/<button[^>]*data-testid="vip-accept"[^>]*>Accept €150\.00<\/button>/);
    expect(html).toMatch(/<button[^>]*data-testid="vip-decline"[^>]*>Decline<\/button>/);
  });

  it('time up: no buttons, the stake comes back', () => {
    const html = render({ ...COUPON, review: { ...REVIEW, counterAmount: '150.00', decision: 'countered', remainingMs: 0 } });
    expect(text(html)).toContain('The time is up');
    expect(html).not.toContain('<button');
  });

  it('nothing for a coupon not in review', () => {
    expect(render({ ...COUPON, status: 'accepted', review: { ...REVIEW, decision: 'accepted' } })).not.toContain('vip-review');
  });

  it('in Russian, with no raw keys', () => {
    const shown = text(render({ ...COUPON, review: { ...REVIEW, counterAmount: '150.00', decision: 'countered' } }, 'ru'));
    expect(shown).toContain('Букмекер предлагает другую сумму');
    expect(shown).toContain('Отказаться');
    expect(shown).not.toMatch(/\bcoupon_[a-z_]+/);
  });
});
