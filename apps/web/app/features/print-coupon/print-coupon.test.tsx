/**
 * The coupon print-out: the loader's answer and status for each API answer (another
 * player's coupon is a 404 like an unknown one), and the receipt rendered in English and
 * Russian with the coupon's number, selections, stake, lines, odds and payout.
 */
import { describe, expect, it } from 'vitest';
import type { Coupon } from '@betsite/contracts';
import EN_MAIN from '../../i18n/dictionaries/en/main.json';
import EN_SPORTS from '../../i18n/dictionaries/en/sports.json';
import RU_MAIN from '../../i18n/dictionaries/ru/main.json';
import RU_SPORTS from '../../i18n/dictionaries/ru/sports.json';
import { createApiClient } from '../../shell/http.ts';
import { renderPage, visibleText as text } from '../../testing/render.tsx';
import { loadPrintCoupon, type PrintCouponData } from './load.ts';
import { PrintCouponView, printDate } from './print-coupon-view.tsx';

const ID = '6f1c2d3e-4b5a-4c7d-8e9f-0a1b2c3d4e5f';

const COUPON = {
  id: ID,
  typeId: 2,
  status: 'settled',
  currency: 'EUR',
  amount: '9.99',
  unitStake: '3.33',
  lines: 3,
  coef: 3.917,
  possibleWin: '39.16',
  payout: '12.48',
  isLive: false,
  systemValue: 2,
  acceptAt: null,
  refusal: null,
  review: null,
  insurance: null,
  createdAt: '2026-11-20T18:05:00.000Z',
  settledAt: '2026-11-20T21:00:00.000Z',
  bets: [
    { gameId: 11, outcomeKey: '1x2:match/home', coef: 1.5, blockId: null, isBanker: false, status: 1, home: 'Print Rovers', away: 'Print United', outcomeName: 'Print Rovers', score: '2:0' },
    { gameId: 12, outcomeKey: '1x2:match/draw', coef: 2, blockId: null, isBanker: false, status: 0, home: 'Coupon City', away: 'Coupon Athletic', outcomeName: 'Draw', score: '1:0' },
    { gameId: 13, outcomeKey: '1x2:match/away', coef: 2.5, blockId: null, isBanker: false, status: 1, home: null, away: null, outcomeName: null, score: null },
  ],
} satisfies Coupon as Coupon;

describe('loading the print-out', () => {
  const answering = (status: number, body: unknown) => {
    const urls: string[] = [];
    const client = createApiClient(async (input) => {
      urls.push(String(input));
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    });
    return { client, urls };
  };

  it('reads the player’s coupon by its id', async () => {
    const { client, urls } = answering(200, COUPON);
    expect(await loadPrintCoupon(client, ID)).toEqual({ data: { kind: 'coupon', coupon: COUPON }, status: 200 });
    expect(urls).toEqual([`/web-api/coupon/v1/coupons/${ID}`]);
  });

  it('not the player’s, unknown or malformed: not found, 404', async () => {
    expect(await loadPrintCoupon(answering(404, { code: 'not_found', message: 'No such coupon' }).client, ID)).toEqual({ data: { kind: 'not-found' }, status: 404 });
    const odd = answering(404, { code: 'not_found', message: 'No such coupon' });
    expect((await loadPrintCoupon(odd.client, 'a/../b?c')).status).toBe(404);
    // The id stays one path segment.
    expect(odd.urls).toEqual(['/web-api/coupon/v1/coupons/a%2F..%2Fb%3Fc']);
  });

  it('an ended session asks to log in (401); a failed API is a retry, 503', async () => {
    const client = createApiClient(async (input) =>
      String(input).includes('gettoken')
        ? new Response('{}', { status: 401 })
        : new Response(JSON.stringify({ code: 'unauthorized', message: 'Log in' }), { status: 401 }),
    );
    expect(await loadPrintCoupon(client, ID)).toEqual({ data: { kind: 'login' }, status: 401 });
    expect(await loadPrintCoupon(answering(500, { code: 'internal', message: 'x' }).client, ID)).toEqual({ data: { kind: 'failed' }, status: 503 });
    const down = createApiClient(async () => {
      throw new TypeError('fetch failed');
    });
    expect((await loadPrintCoupon(down, ID)).data).toEqual({ kind: 'failed' });
  });
});

const resources = { en: { main: EN_MAIN, sports: EN_SPORTS }, ru: { main: RU_MAIN, sports: RU_SPORTS } };

const render = (data: PrintCouponData, lng: 'en' | 'ru' = 'en') =>
  renderPage(<PrintCouponView data={data} />, { lng, resources, routeId: 'print-coupon', route: '/:lng/print-coupon/:couponId', url: `/${lng}/print-coupon/${ID}` });

describe('the print-out', () => {
  it('shows the site, number, date, type, every selection, stake, lines, odds and payout', () => {
    const shown = text(render({ kind: 'coupon', coupon: COUPON }));
    expect(shown).toContain('Betsite');
    expect(shown).toContain('Coupon № 6F1C2D3E');
    expect(shown).toContain('System 2/3');
    expect(shown).toContain(printDate(COUPON.createdAt, 3, 'en').replace(/[\s\u00a0\u202f]+/g, ' '));
    expect(shown).toMatch(/Print Rovers – Print United Score 2:0 Print Rovers 1\.50 Won/);
    expect(shown).toMatch(/Coupon City – Coupon Athletic Score 1:0 Draw 2\.00 Lost/);
    expect(shown).toMatch(/Game 13 1x2:match\/away 2\.50 Won/);
    expect(shown).toMatch(/Total stake €9\.99 Lines 3 Stake per bet €3\.33 Total odds 3\.917 Possible win €39\.16 Payout €12\.48/);
    expect(shown).toContain('Won');
  });

  it('an open coupon shows its possible win and "Open" where the payout will be; a Print button', () => {
    const html = render({ kind: 'coupon', coupon: { ...COUPON, status: 'accepted', payout: null, settledAt: null } });
    expect(text(html)).toMatch(/Possible win €39\.16 Payout Open/);
    expect(html).toMatch(/<button[^>]*type="button"[^>]*>Print<\/button>/);
  });

  it('an insured coupon shows the insured stake and its premium', () => {
    expect(text(render({ kind: 'coupon', coupon: { ...COUPON, insurance: { amount: '5.00', premium: '0.50' } } }))).toMatch(/Insured stake €5\.00 Insurance premium €0\.50/);
    expect(render({ kind: 'coupon', coupon: COUPON })).not.toContain('print-coupon-insured');
  });

  it('in Russian, with no raw keys', () => {
    const shown = text(render({ kind: 'coupon', coupon: COUPON }, 'ru'));
    expect(shown).toContain('Купон № 6F1C2D3E');
    expect(shown).toContain('Печать');
    expect(shown).not.toMatch(/\b(print|coupon)_[a-z_]+/);
  });

  it('honest states: not found, log in, failed with a retry', () => {
    expect(text(render({ kind: 'not-found' }))).toContain('Coupon not found');
    expect(render({ kind: 'not-found' })).toContain('href="/en/office/history"');
    expect(text(render({ kind: 'login' }))).toContain('Log in to print your coupon');
    expect(render({ kind: 'login' })).toContain('modal=login');
    const failed = render({ kind: 'failed' }, 'ru');
    expect(text(failed)).toContain('Не удалось загрузить купон');
    expect(failed).toMatch(/role="alert"/);
  });
});
