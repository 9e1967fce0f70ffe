import { describe, expect, it, vi } from 'vitest';
import { brandBookCss, brandBookVars, pxToEm, sanitizeBrandProp } from './brand-style.ts';
import { CHUNK_RELOAD_KEY, isChunkLoadError, mayReloadForChunkError, reloadForChunkError } from './chunk-reload.ts';
import { AREA_LIMITS, AUTO_CLOSE_MS, createNotificationStore } from './notifications/store.ts';
import { shouldShowScrollTop } from './extras.tsx';
import { settingsFromCookies } from './settings.tsx';

describe('brand book', () => {
  it('keeps well-formed custom properties and converts px at 16 per em', () => {
    expect(brandBookCss([
      { css_prop: '--brand-primary', css_value: '#123abc' },
      { css_prop: '--radius', css_value: '12px' },
      { css_prop: '--shadow', css_value: '0 1px 2px rgba(0, 0, 0, 0.2)' },
    ])).toBe(':root{--brand-primary:#123abc;--radius:0.75em;--shadow:0 0.0625em 0.125em rgba(0, 0, 0, 0.2)}');
    expect(pxToEm('16px 8px')).toBe('1em 0.5em');
    expect(brandBookVars([{ css_prop: '--brand-accent', css_value: '#ffcc00' }, { css_prop: '--x', css_value: 'url(a)' }])).toEqual({ '--brand-accent': '#ffcc00' });
  });

  it('drops anything that could escape the declaration or load something', () => {
    for (const css_value of ['red;}body{display:none', 'url(https://x)', 'expression(alert(1))', '</style><script>', 'a\\62 c', '"unbalanced', 'calc((1px)', 'x /* y */']) {
      expect(sanitizeBrandProp({ css_prop: '--x', css_value }), css_value).toBeNull();
    }
    expect(sanitizeBrandProp({ css_prop: 'color', css_value: 'red' })).toBeNull();
    expect(brandBookCss([])).toBe('');
  });
});

describe('chunk-load reload (SPEC §8)', () => {
  it('recognises chunk-load failures', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(true);
    expect(isChunkLoadError(new Error('boom'))).toBe(false);
  });

  it('reloads at most once per minute', () => {
    const store = new Map<string, string>();
    const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) };
    const reload = vi.fn();
    expect(reloadForChunkError(storage, reload, 1_000_000)).toBe(true);
    expect(store.get(CHUNK_RELOAD_KEY)).toBe('1000000');
    expect(reloadForChunkError(storage, reload, 1_030_000)).toBe(false);
    expect(reloadForChunkError(storage, reload, 1_060_000)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
    expect(mayReloadForChunkError(null, 0)).toBe(true);
  });
});

describe('notification areas (SPEC §9)', () => {
  it('hold at most 3 notices each and close them after 10 s', () => {
    vi.useFakeTimers();
    const store = createNotificationStore();
    for (let i = 1; i <= 5; i++) store.notify({ area: 'top', kind: 'info', title: `t${i}` });
    store.notify({ area: 'bottom-right', kind: 'error', title: 'b1' });
    expect(store.list().filter((n) => n.area === 'top').map((n) => n.title)).toEqual(['t3', 't4', 't5']);
    expect(AREA_LIMITS.top).toBe(3);
    vi.advanceTimersByTime(AUTO_CLOSE_MS - 1);
    expect(store.list()).toHaveLength(4);
    vi.advanceTimersByTime(1);
    expect(store.list()).toHaveLength(0);
    vi.useRealTimers();
  });
});

describe('small shell rules', () => {
  it('scroll-to-top appears after one screen', () => {
    expect(shouldShowScrollTop(800, 900)).toBe(false);
    expect(shouldShowScrollTop(901, 900)).toBe(true);
  });

  it('settings cookies with SPEC defaults', () => {
    expect(settingsFromCookies({})).toEqual({ theme: 'light', oddsFormat: 0, marketsNameType: 0, timeZone: 3 });
    expect(settingsFromCookies({ app_theme: '1', coef_view: '2', tzo: '-5' })).toEqual({ theme: 'dark', oddsFormat: 2, marketsNameType: 0, timeZone: -5 });
    expect(settingsFromCookies({ coef_view: '9', tzo: '99' })).toEqual({ theme: 'light', oddsFormat: 0, marketsNameType: 0, timeZone: 3 });
    // Every SPEC §9 format, and the market-name setting (SPEC §9 cookie markets_name_type).
    for (const id of [0, 1, 2, 4, 5, 6, 14, 15, 16]) expect(settingsFromCookies({ coef_view: String(id) }).oddsFormat).toBe(id);
    for (const bad of ['3', '', '1.5', 'x', '-0']) expect(settingsFromCookies({ coef_view: bad }).oddsFormat).toBe(0);
    expect(settingsFromCookies({ markets_name_type: '1' }).marketsNameType).toBe(1);
    expect(settingsFromCookies({ markets_name_type: '7' }).marketsNameType).toBe(0);
  });
});
