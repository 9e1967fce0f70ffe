import { expect, it } from 'vitest';
import { claimDueJobs, completeJob, scheduleJob } from './jobs.ts';
import { describeEachDb } from './testing.ts';

const T0 = new Date('2030-01-01T00:00:00Z');
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);

describeEachDb('scheduled jobs', (t) => {
  it('claims due, pending, unclaimed jobs of the kind, oldest first', async () => {
    const later = await scheduleJob(t.db, { kind: 'settle', dueAt: at(10), payload: { coupon: 'b' } });
    const first = await scheduleJob(t.db, { kind: 'settle', dueAt: at(5), payload: { coupon: 'a' } });
    await scheduleJob(t.db, { kind: 'settle', dueAt: at(3600) });
    await scheduleJob(t.db, { kind: 'other', dueAt: at(0) });

    const claimed = await claimDueJobs(t.db, 'settle', at(30), 10);
    expect(claimed.map((j) => j.id)).toEqual([first.id, later.id]);
    expect(claimed[0]).toMatchObject({ payload: { coupon: 'a' }, attempts: 1, claimed_at: at(30) });

    // Claimed and within the lease: nobody else gets them.
    expect(await claimDueJobs(t.db, 'settle', at(31), 10)).toEqual([]);

    expect(await completeJob(t.db, first.id, at(32))).toBe(true);
    expect(await completeJob(t.db, first.id, at(33))).toBe(false);

    // The lease of the unfinished one expires (its worker died): it is claimed again.
    const retried = await claimDueJobs(t.db, 'settle', at(30 + 61), 10);
    expect(retried.map((j) => [j.id, j.attempts])).toEqual([[later.id, 2]]);
  });

  it('never hands a job to two concurrent claimers', async () => {
    const kind = 'race';
    const ids = await Promise.all(Array.from({ length: 60 }, (_, i) => scheduleJob(t.db, { kind, dueAt: at(i % 7) }).then((j) => j.id)));

    const claimer = async () => {
      const mine: string[] = [];
      for (;;) {
        const batch = await claimDueJobs(t.db, kind, at(100), 4);
        if (batch.length === 0) return mine;
        mine.push(...batch.map((j) => j.id));
      }
    };
    const perClaimer = await Promise.all(Array.from({ length: 8 }, claimer));
    const all = perClaimer.flat();
    expect(all).toHaveLength(ids.length);
    expect(new Set(all)).toEqual(new Set(ids));
    if (t.kind === 'postgres') expect(perClaimer.filter((mine) => mine.length > 0).length).toBeGreaterThan(1);
  });
});
