import { describe, expect, it, vi } from 'vitest';
import { createRgsApi, RgsError, type RgsApi } from './api.ts';
import { startBoot } from './boot.ts';
import { isFatal, messageFor } from './errors.ts';
import { defaultStake, formatMinorText, formatMoney, formatMultiplier, formatHundredths, stakeLadder } from './format.ts';
import { sessionIdFromHash } from './hash.ts';
import { balanceMessage, errorMessage, hostOrigin, postToHost, readyMessage } from './host.ts';
import { clientSeedError, randomClientSeed } from './shell/fairness.ts';
import { isPlayKey } from './shell/use-play-key.ts';

describe('session id from the hash', () => {
  it('reads #session=<id>', () => {
    expect(sessionIdFromHash('#session=abc_DEF-123')).toBe('abc_DEF-123');
    expect(sessionIdFromHash('#lang=en&session=x.y:z')).toBe('x.y:z');
  });
  it('refuses a missing, empty or odd id', () => {
    expect(sessionIdFromHash('')).toBeNull();
    expect(sessionIdFromHash('#session=')).toBeNull();
    expect(sessionIdFromHash('#session=a b')).toBeNull();
    expect(sessionIdFromHash('#session=<script>')).toBeNull();
    expect(sessionIdFromHash(`#session=${'a'.repeat(201)}`)).toBeNull();
  });
});

describe('money and multipliers', () => {
  it('formats minor units exactly, grouped', () => {
    expect(formatMinorText(0n, 2)).toBe('0.00');
    expect(formatMinorText('5', 2)).toBe('0.05');
    expect(formatMinorText(123456789n, 2)).toBe('1,234,567.89');
    expect(formatMinorText(1500n, 0)).toBe('1,500');
    expect(formatMinorText(-250n, 2)).toBe('−2.50');
    expect(formatMinorText('9007199254740993', 2)).toBe('90,071,992,547,409.93');
  });
  it('shows the currency, or FUN in demo', () => {
    expect(formatMoney('100000', 'EUR', 'real')).toBe('1,000.00 EUR');
    expect(formatMoney('100000', 'EUR', 'demo')).toBe('1,000.00 FUN');
    expect(formatMoney('1500', 'JPY', 'real')).toBe('1,500 JPY');
  });
  it('shows multipliers and hundredths', () => {
    expect(formatMultiplier(2000n)).toBe('2×');
    expect(formatMultiplier('1237')).toBe('1.237×');
    expect(formatMultiplier(1980)).toBe('1.98×');
    expect(formatHundredths(5)).toBe('0.05');
    expect(formatHundredths(9999)).toBe('99.99');
  });
  it('offers stakes from min to max in 1-2-5 steps', () => {
    expect(stakeLadder(10n, 10_000n)).toEqual([10n, 20n, 50n, 100n, 200n, 500n, 1000n, 2000n, 5000n, 10_000n]);
    expect(stakeLadder(25n, 300n)).toEqual([25n, 50n, 100n, 200n, 300n]);
    expect(stakeLadder(100n, 100n)).toEqual([100n]);
    const long = stakeLadder(1n, 10n ** 12n, 8);
    expect(long).toHaveLength(8);
    expect(long[0]).toBe(1n);
    expect(long[7]).toBe(10n ** 12n);
  });
  it('starts with a small stake the balance covers', () => {
    const ladder = stakeLadder(10n, 10_000n);
    expect(defaultStake(ladder, 100_000n)).toBe(1000n);
    expect(defaultStake(ladder, 500n)).toBe(10n);
    expect(defaultStake(ladder, 0n)).toBe(10n);
  });
});

describe('messages to the host', () => {
  it('has the three shapes of the contract', () => {
    expect(readyMessage()).toEqual({ source: 'rgs', type: 'ready' });
    expect(balanceMessage('100', 'EUR')).toEqual({ source: 'rgs', type: 'balance', balance: '100', currency: 'EUR' });
    expect(errorMessage('rgs_session_invalid')).toEqual({ source: 'rgs', type: 'error', code: 'rgs_session_invalid' });
  });
  it("targets the referrer's origin, else ours", () => {
    expect(hostOrigin('https://site.example/en/casino/game/1', 'https://site.example')).toBe('https://site.example');
    expect(hostOrigin('', 'http://localhost:3000')).toBe('http://localhost:3000');
    expect(hostOrigin('not a url', 'http://localhost:3000')).toBe('http://localhost:3000');
  });
  it('posts to the parent frame only', () => {
    const parent = { postMessage: vi.fn() };
    expect(postToHost(readyMessage(), { parent }, 'https://a.example/x', 'https://b.example')).toBe(true);
    expect(parent.postMessage).toHaveBeenCalledWith({ source: 'rgs', type: 'ready' }, 'https://a.example');
    const alone: { parent: { postMessage: () => void } | null } = { parent: null };
    alone.parent = alone as unknown as { postMessage: () => void };
    expect(postToHost(readyMessage(), alone, '', 'https://b.example')).toBe(false);
  });
});

describe('the /rgs/v1 client', () => {
  const answer = (status: number, body: unknown): Response => new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  it('sends the session header and JSON bodies, no cookies', async () => {
    const fetch = vi.fn(async () => answer(200, { round: {}, balance: '90' }));
    const api = createRgsApi('sess-1', fetch);
    await api.play({ action: 'spin', stake: '10' });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/rgs/v1/play');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('omit');
    expect(init.headers).toMatchObject({ 'x-rgs-session': 'sess-1', 'content-type': 'application/json' });
    expect(JSON.parse(String(init.body))).toEqual({ action: 'spin', stake: '10' });
  });
  it('turns refusals into RgsError with the code', async () => {
    const api = createRgsApi('s', async () => answer(422, { code: 'insufficient_funds', message: 'no' }));
    await expect(api.play({ action: 'spin', stake: '10' })).rejects.toMatchObject({ status: 422, code: 'insufficient_funds' });
    const broken = createRgsApi('s', async () => new Response('<html>', { status: 502 }));
    await expect(broken.session()).rejects.toMatchObject({ status: 502, code: 'server_error' });
    const offline = createRgsApi('s', async () => {
      throw new TypeError('fetch failed');
    });
    await expect(offline.rounds(5)).rejects.toBeInstanceOf(RgsError);
    await expect(offline.rounds(5)).rejects.toMatchObject({ code: 'network_error' });
  });
  it('calls the fairness and history endpoints', async () => {
    const fetch = vi.fn(async () => answer(200, { rounds: [] }));
    const api = createRgsApi('s', fetch);
    await api.rounds(20);
    await api.setClientSeed('abc');
    await api.rotate();
    const calls = fetch.mock.calls as unknown as [string, RequestInit][];
    expect(calls.map(([u, i]) => `${i.method} ${u}`)).toEqual(['GET /rgs/v1/rounds?limit=20', 'PUT /rgs/v1/fairness/client-seed', 'POST /rgs/v1/fairness/rotate']);
  });
});

describe('refusals', () => {
  it('names the wallet and limit codes', () => {
    expect(messageFor('insufficient_funds')).toMatch(/not enough/i);
    expect(messageFor('loss_limit_exceeded')).toMatch(/loss limit/i);
    expect(messageFor('session_limit_reached')).toMatch(/time limit/i);
    expect(messageFor('something_new')).toMatch(/something_new/);
  });
  it('ends the game on an invalid or expired session only', () => {
    expect(isFatal(401, 'rgs_session_invalid')).toBe(true);
    expect(isFatal(422, 'insufficient_funds')).toBe(false);
    expect(isFatal(409, 'round_in_progress')).toBe(false);
  });
});

describe('client seed and keys', () => {
  it('checks the seed as the contract does', () => {
    expect(clientSeedError('my-lucky_seed.42')).toBeNull();
    expect(clientSeedError('')).not.toBeNull();
    expect(clientSeedError('has space')).not.toBeNull();
    expect(clientSeedError('x'.repeat(65))).not.toBeNull();
    expect(randomClientSeed((a) => a.fill(171))).toBe('abababababababab');
  });
  it('plays on Space or Enter unless a control has focus', () => {
    expect(isPlayKey(' ', 'DIV')).toBe(true);
    expect(isPlayKey('Enter', 'BODY')).toBe(true);
    expect(isPlayKey(' ', 'BUTTON')).toBe(false);
    expect(isPlayKey('Enter', 'input')).toBe(false);
    expect(isPlayKey('a', 'BODY')).toBe(false);
  });
});

describe('boot', () => {
  it('asks for the session at once when the hash has one', async () => {
    const session = vi.fn(async () => ({ engine: 'dice' }));
    const boot = startBoot('#session=abc', (id) => ({ session, id }) as unknown as RgsApi);
    expect(session).toHaveBeenCalledTimes(1);
    await expect(boot.session).resolves.toEqual({ engine: 'dice' });
  });
  it('asks nothing without one, and an early failure is not unhandled', async () => {
    expect(startBoot('', () => { throw new Error('no call'); })).toEqual({ api: null, session: null });
    const boot = startBoot('#session=abc', () => ({ session: () => Promise.reject(new RgsError(401, 'rgs_session_invalid', 'no')) }) as unknown as RgsApi);
    await expect(boot.session).rejects.toMatchObject({ code: 'rgs_session_invalid' });
  });
});
