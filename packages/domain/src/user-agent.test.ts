import { describe, expect, it } from 'vitest';
import { isSeoBot, isTabletPosingAsMac } from './user-agent.ts';

const IPAD = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15';

describe('isSeoBot', () => {
  it.each([
    ['Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', true],
    ['Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)', true],
    ['Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)', true],
    ['DuckDuckBot/1.1; (+http://duckduckgo.com/duckduckbot.html)', true],
    ['Mozilla/5.0 (compatible; Baiduspider/2.0)', true],
    ['Mozilla/5.0 (Macintosh) AppleWebKit/605.1.15 (KHTML, like Gecko) Applebot/0.1', true],
    ['facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)', true],
    ['Twitterbot/1.0', true],
    [IPAD, false],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/126.0 Safari/537.36', false],
    ['', false],
  ])('%s → %s', (ua, bot) => expect(isSeoBot(ua)).toBe(bot));
});

describe('isTabletPosingAsMac', () => {
  it.each<[string, number | null, boolean]>([
    [IPAD, 5, true],
    [IPAD, 0, false],
    [IPAD, 1, false],
    [IPAD, null, false],
    ['Mozilla/5.0 (Windows NT 10.0)', 10, false],
  ])('%s, %s touch points → %s', (ua, touch, tablet) => expect(isTabletPosingAsMac(ua, touch)).toBe(tablet));
});
