import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CONFIG_LOAD_RETRY, retry } from './retry.ts';
import { BLOCK_SERVICE_RETRY } from './index.ts';

function flaky(failures: number) {
  let calls = 0;
  return {
    call: async () => {
      calls++;
      if (calls <= failures) throw new Error(`failure ${calls}`);
      return calls;
    },
    calls: () => calls,
  };
}

describe('retry', () => {
  it('tries at most `attempts` times, sleeping `delayMs` between tries', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 6 }), fc.integer({ min: 0, max: 8 }), async (attempts, failures) => {
        const sleeps: number[] = [];
        const target = flaky(failures);
        const outcome = await retry(target.call, { attempts, delayMs: 7 }, async (ms) => void sleeps.push(ms));
        const tries = Math.min(attempts, failures + 1);
        expect(target.calls()).toBe(tries);
        expect(outcome.attempts).toBe(tries);
        expect(outcome.ok).toBe(failures < attempts);
        expect(sleeps).toEqual(Array.from({ length: tries - 1 }, () => 7));
      }),
    );
  });

  it('stops at a fatal error', async () => {
    const target = flaky(10);
    const outcome = await retry(target.call, { attempts: 5, delayMs: 1 }, async () => {}, () => true);
    expect(outcome).toMatchObject({ ok: false, attempts: 1 });
  });

  it('has the SPEC policies: block service 3 tries 100 ms apart, config 5 tries 1 s apart', () => {
    expect(BLOCK_SERVICE_RETRY).toEqual({ attempts: 3, delayMs: 100 });
    expect(CONFIG_LOAD_RETRY).toEqual({ attempts: 5, delayMs: 1000 });
  });
});
