import { describe, expect, it } from 'vitest';
import { partnerAttribution, REFERRAL_QUERY_PARAMS, referralCookies, referralQuery } from './referral.ts';

const DAY = 86_400;
const cookie = (name: string, value: string, maxAgeSeconds: number) => ({ name, value, maxAgeSeconds, path: '/' });

describe('referralCookies (SPEC §9 lifetimes)', () => {
  it.each([
    ['?refererid=77', [cookie('refererid', '77', 60 * DAY)]],
    ['?bf=12', [cookie('bf_id', '12', DAY)]],
    ['?reflinkid=abc', [cookie('reflinkid', 'abc', 60 * DAY)]],
    ['?sreflinkid=s1', [cookie('short_reflinkid', 's1', 3600)]],
    ['?subid=s-9', [cookie('subid', 's-9', 60 * DAY)]],
    ['?utm_campaign=spring', [cookie('utm_campaign', 'spring', DAY)]],
    ['?affid=5&btag=b1', [cookie('ref_partner_id', 'affid=5&btag=b1', 60 * DAY), cookie('postback_watcher', '1', 4)]],
    ['?affid=5&qtag=q&pb=pb7', [cookie('ref_partner_id', 'affid=5&qtag=q', 60 * DAY), cookie('postback_watcher', 'pb7', 30 * DAY)]],
    [
      '?click_id=c&utm_source=g&aip=9',
      [cookie('ref_partner_id', 'click_id=c&utm_source=g&aip=9', 30 * DAY), cookie('postback_watcher', '1', 4)],
    ],
    ['', []],
    ['?refererid=', []],
    ['?refererid=1%0A2', []],
    ['?refererid=%20r1%20', [cookie('refererid', 'r1', 60 * DAY)]],
    [`?refererid=${'x'.repeat(201)}`, []],
    ['?x=1&modal=login', []],
  ])('%s', (search, cookies) => expect(referralCookies(search)).toEqual(cookies));
});

describe('partner pairing (SPEC §5)', () => {
  it.each([
    ['click_id=c&utm_source=g&aip=9', 'ad-click'],
    ['click_id=c&utm_source=g', null],
    ['utm_source=g&aip=9', null],
    ['click_id=c&aip=9', null],
    ['affid=1&btag=b', 'affiliate'],
    ['affid=1&tag=t', 'affiliate'],
    ['affid=1&qtag=q', 'affiliate'],
    ['affid=1', null],
    ['btag=b&tag=t', null],
    ['affid=1&btag=b&click_id=c&utm_source=g&aip=9', 'affiliate'],
    ['affid=1&btag=&tag=t', 'affiliate'],
  ])('%s → %s', (search, source) => {
    expect(partnerAttribution(new URLSearchParams(search))?.source ?? null).toBe(source);
  });

  it('takes the first affiliate tag present', () => {
    expect(partnerAttribution(new URLSearchParams('affid=1&qtag=q&tag=t'))?.value).toBe('affid=1&tag=t');
  });
});

describe('referralQuery', () => {
  it('keeps only referral parameters', () => {
    expect(referralQuery('?affid=1&btag=b&modal=login&page=2').toString()).toBe('affid=1&btag=b');
  });
  it('lists every parameter that sets a cookie', () => {
    expect(REFERRAL_QUERY_PARAMS).toEqual(
      expect.arrayContaining(['refererid', 'bf', 'reflinkid', 'sreflinkid', 'subid', 'click_id', 'utm_source', 'aip', 'affid', 'btag', 'tag', 'qtag', 'pb']),
    );
  });
});
