import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimDueJobs, createDb, type Database, type DbHandle, type JsonObject } from '@betsite/db';
import { describeEachDb } from '@betsite/db/testing';
import { buildTestApp, opsHeaders } from '../../testing.ts';
import { createClock, type ServerClock } from '../../lib/clock.ts';
import { createJobRunner, retryDelayMs, uuidFrom, type JobRunner } from './runner.ts';
import { MAINTENANCE_JOBS, RETENTION_DAYS } from './maintenance.ts';

const logger = pino({ level: 'silent' });
const DAY_S = 24 * 3600;

describe('uuidFrom', () => {
  it('derives a stable, well-formed UUID per text', () => {
    const id = uuidFrom('maintenance@2030-01-01T00:00:00.000Z');
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(uuidFrom('maintenance@2030-01-01T00:00:00.000Z')).toBe(id);
    expect(uuidFrom('maintenance@2030-01-01T01:00:00.000Z')).not.toBe(id);
  });

  it('backs off retries from 5 s, doubling, to at most 15 min', () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([5_000, 10_000, 20_000, 40_000]);
    expect(retryDelayMs(30)).toBe(15 * 60_000);
  });
});

describeEachDb('job runner', (t) => {
  const clock = createClock({ fake: true });
  const runners: JobRunner[] = [];
  const extraHandles: DbHandle[] = [];
  const runner = (db: Kysely<Database> = t.db, ownClock: ServerClock = clock) => {
    const created = createJobRunner({ db, clock: ownClock, logger });
    runners.push(created);
    return created;
  };
  afterAll(async () => {
    await Promise.all(runners.map((r) => r.stop()));
    await Promise.all(extraHandles.map((h) => h.close()));
  });
  const kind = () => `test.${randomUUID().slice(0, 8)}`;
  const jobRow = (id: string) => t.db.selectFrom('scheduled_jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('runs a job when it is due by the application clock, once, with its payload', async () => {
    const jobs = runner();
    const k = kind();
    const seen: JsonObject[] = [];
    jobs.register(k, async (payload) => {
      seen.push(payload);
    });
    const job = await jobs.schedule(k, { delayMs: 60_000, payload: { paymentId: 'p1' } });
    expect(await jobs.runDue()).toBe(0);
    clock.advance!(59);
    expect(await jobs.runDue()).toBe(0);
    clock.advance!(1);
    expect(await jobs.runDue()).toBe(1);
    expect(seen).toEqual([{ paymentId: 'p1' }]);
    expect(await jobs.runDue()).toBe(0);
    expect((await jobRow(job.id)).done_at).toEqual(new Date(clock.now()));
  });

  it('hands each job to one of two runners on the same database, never both', async () => {
    // On PostgreSQL the second runner has its own connection pool, like another node.
    let otherDb = t.db;
    if (t.handle.url) {
      const other = await createDb({ databaseUrl: t.handle.url, maxConnections: 4 });
      extraHandles.push(other);
      otherDb = other.db;
    }
    const k = kind();
    const runs = new Map<string, number>();
    const handler = async (payload: JsonObject) => {
      const id = String(payload.n);
      runs.set(id, (runs.get(id) ?? 0) + 1);
      await new Promise((resolve) => setTimeout(resolve, 1));
    };
    const a = runner();
    const b = runner(otherDb);
    a.register(k, handler, { batch: 3 });
    b.register(k, handler, { batch: 3 });
    for (let n = 0; n < 40; n++) await a.schedule(k, { payload: { n } });
    const [ranA, ranB] = await Promise.all([a.runDue(), b.runDue()]);
    // Each pass claims at most 10 batches of 3, so a few may be left for the next pass.
    const [moreA, moreB] = await Promise.all([a.runDue(), b.runDue()]);
    expect(ranA + ranB + moreA + moreB).toBe(40);
    expect(runs.size).toBe(40);
    expect([...runs.values()].every((count) => count === 1)).toBe(true);
    if (t.kind === 'postgres') expect(ranA > 0 && ranB > 0).toBe(true);
  });

  it('runs a job again once the lease of a runner that never finished it is over', async () => {
    const k = kind();
    const jobs = runner();
    let runs = 0;
    jobs.register(k, async () => {
      runs++;
    }, { leaseMs: 30_000 });
    const job = await jobs.schedule(k);
    // Another node claimed it and died.
    expect((await claimDueJobs(t.db, k, new Date(clock.now()), 10, { leaseMs: 30_000 })).map((j) => j.id)).toEqual([job.id]);
    expect(await jobs.runDue()).toBe(0);
    clock.advance!(29);
    expect(await jobs.runDue()).toBe(0);
    clock.advance!(2);
    expect(await jobs.runDue()).toBe(1);
    expect(runs).toBe(1);
    expect(await jobRow(job.id)).toMatchObject({ attempts: 2, done_at: expect.any(Date) });
  });

  it('retries a failing job with a growing delay, and gives it up after maxAttempts', async () => {
    const k = kind();
    const jobs = runner();
    const attempts: number[] = [];
    jobs.register(k, async (_payload, { attempt }) => {
      attempts.push(attempt);
      throw new Error('provider down');
    }, { maxAttempts: 3 });
    const job = await jobs.schedule(k);
    expect(await jobs.runDue()).toBe(1);
    expect(await jobRow(job.id)).toMatchObject({ attempts: 1, claimed_at: null, done_at: null });
    expect(await jobs.runDue()).toBe(0);
    clock.advance!(5);
    expect(await jobs.runDue()).toBe(1);
    clock.advance!(9);
    expect(await jobs.runDue()).toBe(0);
    clock.advance!(1);
    expect(await jobs.runDue()).toBe(1);
    expect(attempts).toEqual([1, 2, 3]);
    expect((await jobRow(job.id)).done_at).not.toBeNull();
    clock.advance!(3600);
    expect(await jobs.runDue()).toBe(0);
  });

  it('runs a recurring job once per period however many runners schedule it', async () => {
    const k = kind();
    let runs = 0;
    const handler = async () => {
      runs++;
    };
    const a = runner();
    const b = runner();
    a.every(k, 60_000, handler);
    b.every(k, 60_000, handler);
    await Promise.all([a.runDue(), b.runDue(), a.runDue()]);
    const pending = () => t.db.selectFrom('scheduled_jobs').select(['id', 'due_at']).where('kind', '=', k).where('done_at', 'is', null).execute();
    const [first] = await pending();
    expect(await pending()).toHaveLength(1);
    expect(first!.due_at.getTime() % 60_000).toBe(0);
    expect(runs).toBe(0);

    clock.advance!(60);
    await Promise.all([a.runDue(), b.runDue()]);
    expect(runs).toBe(1);
    const [next] = await pending();
    expect(await pending()).toHaveLength(1);
    expect(next!.due_at.getTime()).toBeGreaterThan(clock.now());
    // Hours pass while nobody runs it: it runs once, not once per missed period.
    clock.advance!(3 * 3600);
    await Promise.all([a.runDue(), b.runDue()]);
    expect(runs).toBe(2);
  });

  it('refuses bad kinds, a second handler for a kind and periods under a second', () => {
    const jobs = runner();
    expect(() => jobs.register('Bad Kind', async () => {})).toThrow(/invalid job kind/);
    jobs.register('test.once', async () => {});
    expect(() => jobs.register('test.once', async () => {})).toThrow(/already registered/);
    expect(() => jobs.every('test.fast', 10, async () => {})).toThrow(/at most once a second/);
    expect(jobs.kinds).toEqual(['test.once']);
  });

  it('polls by itself once started, and stop() waits for a running job and aborts its signal', async () => {
    const k = kind();
    const jobs = runner();
    let release!: () => void;
    const started = new Promise<AbortSignal>((resolveStarted) => {
      jobs.register(k, (_payload, { signal }) => {
        resolveStarted(signal);
        return new Promise<void>((resolve) => {
          release = resolve;
        });
      });
    });
    await jobs.schedule(k);
    jobs.start(10);
    const signal = await started;
    expect(signal.aborted).toBe(false);
    let stopped = false;
    const stopping = jobs.stop().then(() => {
      stopped = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(signal.aborted).toBe(true);
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(stopped).toBe(true);
    expect(await jobs.runDue()).toBe(0);
    const later = await jobs.schedule(k);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await jobRow(later.id)).claimed_at).toBeNull();
  });

  it('logs a pass that fails and runs the next one', async () => {
    const k = kind();
    let broken = true;
    const failing: ServerClock = {
      fake: true,
      now: () => {
        if (broken) throw new Error('no time');
        return clock.now();
      },
    };
    const jobs = runner(t.db, failing);
    jobs.register(k, async () => {});
    await createJobRunner({ db: t.db, clock, logger }).schedule(k);
    // The claim cannot be made: the pass answers 0 instead of throwing.
    expect(await jobs.runDue()).toBe(0);
    broken = false;
    expect(await jobs.runDue()).toBe(1);
  });
});

describeEachDb('maintenance jobs and the runner in the app', (t) => {
  let app: FastifyInstance;
  const clock = createClock({ fake: true });

  beforeAll(async () => {
    app = await buildTestApp(t.handle, { clock });
  });
  afterAll(() => app.close());

  it('registers the maintenance and payment jobs', () => {
    expect(app.jobs.kinds).toEqual(expect.arrayContaining([...Object.values(MAINTENANCE_JOBS), 'payments.expire-deposit', 'payments.expire-stale-deposits']));
  });

  it(`purges captcha challenges, codes, outbox rows and done jobs older than ${RETENTION_DAYS} days, keeping newer ones`, async () => {
    const now = clock.now();
    const at = (daysAgo: number) => new Date(now - daysAgo * DAY_S * 1000);
    const hash = () => randomBytes(32).toString('hex');
    const captchaId = () => randomBytes(16).toString('base64url').slice(0, 22);
    const [oldCaptcha, newCaptcha, oldTokenCaptcha] = [captchaId(), captchaId(), captchaId()];
    await t.db
      .insertInto('captcha_challenges')
      .values([
        { id: oldCaptcha, answer_hash: hash(), created_at: at(9), expires_at: at(9), used_at: at(9) },
        { id: newCaptcha, answer_hash: hash(), created_at: at(1), expires_at: at(1) },
        // The challenge is old but its token expired only recently: kept.
        { id: oldTokenCaptcha, answer_hash: hash(), created_at: at(9), expires_at: at(9), token_hash: hash(), token_expires_at: at(6) },
      ])
      .execute();
    const { id: userId } = await t.db
      .insertInto('users')
      .values({ email: `${randomUUID()}@example.com`, password_hash: 'x', registration_type: 'full_reg', country: 'DE', currency: 'EUR', language: 'en' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const codes = await t.db
      .insertInto('verification_codes')
      .values([
        { purpose: 'password_reset', user_id: userId, code_hash: hash(), created_at: at(8.1), expires_at: at(8) },
        { purpose: 'password_reset', user_id: userId, code_hash: hash(), created_at: at(2.1), expires_at: at(2) },
      ])
      .returning('id')
      .execute();
    const mails = await t.db
      .insertInto('outbox')
      .values([
        { channel: 'email', recipient: 'old@example.com', subject: 's', text: 't', created_at: at(30) },
        { channel: 'sms', recipient: '+447700900123', text: 't', created_at: at(6) },
      ])
      .returning('id')
      .execute();
    const oldJob = await app.jobs.schedule('test.unhandled', { at: at(20) });
    await t.db.updateTable('scheduled_jobs').set({ done_at: at(20) }).where('id', '=', oldJob.id).execute();
    const openOldJob = await app.jobs.schedule('test.unhandled', { at: at(20) });

    // The first pass schedules the recurring jobs for the next hour; an hour later they run.
    await app.jobs.runDue();
    clock.advance!(3600);
    await app.jobs.runDue();

    const ids = async (table: 'captcha_challenges' | 'verification_codes' | 'outbox' | 'scheduled_jobs') =>
      (await t.db.selectFrom(table).select('id').execute()).map((r) => r.id);
    expect(await ids('captcha_challenges')).toEqual(expect.arrayContaining([newCaptcha, oldTokenCaptcha]));
    expect(await ids('captcha_challenges')).not.toContain(oldCaptcha);
    expect(await ids('verification_codes')).toEqual([codes[1]!.id]);
    expect(await ids('outbox')).toEqual([mails[1]!.id]);
    const jobIds = await ids('scheduled_jobs');
    expect(jobIds).not.toContain(oldJob.id);
    expect(jobIds).toContain(openOldJob.id);
  });

  it('runs due jobs on the operator’s request, with the ops token only', async () => {
    for (const headers of [{}, { authorization: 'Bearer wrong-token-0123456789' }]) {
      expect((await app.inject({ method: 'POST', url: '/ops-api/v1/jobs/run', headers })).statusCode).toBe(401);
    }
    const res = await app.inject({ method: 'POST', url: '/ops-api/v1/jobs/run', headers: opsHeaders });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ran: expect.any(Number) });
  });
});

describeEachDb('the runner of a listening app', (t) => {
  it('starts polling when the server listens and stops before the app closes its database', async () => {
    const clock = createClock({ fake: true });
    const app = await buildTestApp(t.handle, { clock, env: { JOBS_POLL_MS: '20' } });
    const seen: string[] = [];
    app.jobs.register('test.listening', async (payload) => {
      seen.push(String(payload.n));
    });
    await app.jobs.schedule('test.listening', { payload: { n: 1 } });
    await new Promise((resolve) => setTimeout(resolve, 100));
    // Not listening: nothing polls.
    expect(seen).toEqual([]);
    await app.listen({ port: 0, host: '127.0.0.1' });
    await expect.poll(() => seen, { timeout: 5_000 }).toEqual(['1']);
    await app.close();
    const late = await app.jobs.schedule('test.listening', { payload: { n: 2 } });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(seen).toEqual(['1']);
    expect((await t.db.selectFrom('scheduled_jobs').select('claimed_at').where('id', '=', late.id).executeTakeFirstOrThrow()).claimed_at).toBeNull();
  });
});
