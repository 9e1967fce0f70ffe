/**
 * One-time codes under concurrency: one code per cooldown however many are asked for at
 * once; a code takes `maxAttempts` tries however many come at once (each try is counted on
 * the code before it is compared), and works once.
 */
import { describe, expect, it } from 'vitest';
import { describeEachDb } from '@betsite/db/testing';
import { createClock } from '../../lib/clock.ts';
import { DEFAULT_CODE_POLICY, createOneTimeCodes } from './one-time-codes.ts';

describeEachDb('one-time codes', (t) => {
  const clock = createClock({ fake: true });
  let n = 0;
  const subject = () => ({ target: `codes-${++n}@example.com` });

  describe('under concurrent requests', () => {
    it('issues one code of 50 requested at once (the cooldown holds), and it is the only live one', async () => {
      const codes = createOneTimeCodes(t.db, clock);
      const who = subject();
      const issued = await Promise.all(Array.from({ length: 50 }, () => codes.issue('password_reset', who)));
      const sent = issued.filter((c) => c !== null);
      expect(sent).toHaveLength(1);
      const live = await t.db.selectFrom('verification_codes').select('id').where('target', '=', who.target).where('used_at', 'is', null).execute();
      expect(live).toHaveLength(1);
      expect(await codes.consume('password_reset', who, sent[0]!)).toBe('ok');
    });
  });

  describe('under concurrent tries', () => {
    it(`compares a code at most ${DEFAULT_CODE_POLICY.maxAttempts} times: 50 tries at once of the right code, too late, get "expired" ${DEFAULT_CODE_POLICY.maxAttempts} times`, async () => {
      const codes = createOneTimeCodes(t.db, clock);
      const who = subject();
      const code = await codes.issue('password_reset', who);
      expect(code).not.toBeNull();
      clock.advance!(DEFAULT_CODE_POLICY.ttlMs / 1000);
      const results = await Promise.all(Array.from({ length: 50 }, () => codes.consume('password_reset', who, code!)));
      expect(results.filter((r) => r === 'expired')).toHaveLength(DEFAULT_CODE_POLICY.maxAttempts);
      expect(results.filter((r) => r === 'invalid')).toHaveLength(50 - DEFAULT_CODE_POLICY.maxAttempts);
    });

    it(`burns a code after ${DEFAULT_CODE_POLICY.maxAttempts} concurrent wrong tries: the right one after them fails`, async () => {
      const codes = createOneTimeCodes(t.db, clock);
      const who = subject();
      const code = (await codes.issue('password_reset', who))!;
      const wrong = code === '000000' ? '111111' : '000000';
      const results = await Promise.all(Array.from({ length: 50 }, () => codes.consume('password_reset', who, wrong)));
      expect(results.every((r) => r === 'invalid')).toBe(true);
      const row = await t.db.selectFrom('verification_codes').select(['attempts', 'used_at']).where('target', '=', who.target).executeTakeFirstOrThrow();
      expect(row.attempts).toBe(DEFAULT_CODE_POLICY.maxAttempts);
      expect(row.used_at).not.toBeNull();
      expect(await codes.consume('password_reset', who, code)).toBe('invalid');
    });

    it('takes the right code once of 20 concurrent tries of it', async () => {
      const codes = createOneTimeCodes(t.db, clock);
      const who = subject();
      const code = (await codes.issue('password_reset', who))!;
      const results = await Promise.all(Array.from({ length: 20 }, () => codes.consume('password_reset', who, code)));
      expect(results.filter((r) => r === 'ok')).toHaveLength(1);
    });
  });
});
