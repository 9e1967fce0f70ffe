import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normaliseAnswer } from './answers.ts';
import { summariseUserAgent } from './device.ts';
import { maskEmail, maskPhone } from './mask.ts';

describe('user agent summary', () => {
  it.each([
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
      { browser: 'Chrome 124', os: 'Windows', device: 'desktop' },
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.2478.51',
      { browser: 'Edge 124', os: 'Windows', device: 'desktop' },
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
      { browser: 'Safari 17', os: 'macOS', device: 'desktop' },
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
      { browser: 'Safari 17', os: 'iOS', device: 'mobile' },
    ],
    [
      'Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/124.0.6367.88 Mobile/15E148 Safari/604.1',
      { browser: 'Chrome 124', os: 'iPadOS', device: 'tablet' },
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.6367.82 Mobile Safari/537.36',
      { browser: 'Chrome 124', os: 'Android', device: 'mobile' },
    ],
    [
      'Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
      { browser: 'Chrome 124', os: 'Android', device: 'tablet' },
    ],
    ['Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0', { browser: 'Firefox 125', os: 'Linux', device: 'desktop' }],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 OPR/109.0.0.0',
      { browser: 'Opera 109', os: 'Windows', device: 'desktop' },
    ],
    ['curl/8.5.0', { browser: null, os: null, device: 'unknown' }],
    [null, { browser: null, os: null, device: 'unknown' }],
  ] as const)('%s', (userAgent, expected) => {
    expect(summariseUserAgent(userAgent)).toEqual(expected);
  });

  it('never throws on any text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 512 }), (ua) => {
        expect(['desktop', 'mobile', 'tablet', 'unknown']).toContain(summariseUserAgent(ua).device);
      }),
    );
  });
});

describe('security answers', () => {
  it.each([
    ['  Rex   the\tDOG ', 'rex the dog'],
    ['Ｒｅｘ', 'rex'],
    ['Straße', 'straße'],
  ])('%j → %j', (input, expected) => {
    expect(normaliseAnswer(input)).toBe(expected);
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(fc.string(), (answer) => {
        expect(normaliseAnswer(normaliseAnswer(answer))).toBe(normaliseAnswer(answer));
      }),
    );
  });
});

describe('masking', () => {
  it('keeps the calling code and the last 4 digits of a phone', () => {
    expect(maskPhone('+447700900123')).toBe('+44••••••0123');
  });

  it('keeps the first letter and the domain of an e-mail', () => {
    expect(maskEmail('jane.doe@example.com')).toBe('j•••@example.com');
    expect(maskEmail('broken')).toBe('•••');
  });
});
