/**
 * The job runner: runs the durable jobs of `scheduled_jobs` (packages/db jobs.ts) with the
 * handler registered for their kind. Any number of nodes may run it at once: a job is
 * claimed with `FOR UPDATE SKIP LOCKED`, so one runner has it at a time, and a claim that
 * is never completed (the node died) can be claimed again once its lease is over. A job may
 * therefore run more than once: handlers must be idempotent.
 *
 * Recurring jobs (maintenance) are rows too: one per time slot of the period, with an id
 * derived from kind and slot, so nodes that schedule the same next run insert one row.
 *
 * Time is the application clock's: due times, claims and leases all use `clock.now()`, so
 * a fake clock moved forward makes jobs due; the poll interval alone is wall time.
 */
import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import { claimDueJobs, completeJob, scheduleJob, type Database, type JsonObject, type ScheduledJob } from '@betsite/db';
import type { ServerClock } from '../../lib/clock.ts';

export interface JobContext {
  /** The application time the job was claimed at. */
  now: Date;
  /** 1 on the first run, 2 on the first retry … */
  attempt: number;
  /** Aborted when the runner stops; a long handler may stop early (it runs again later). */
  signal: AbortSignal;
  logger: FastifyBaseLogger;
}

export type JobHandler = (payload: JsonObject, context: JobContext) => Promise<void>;

export interface JobOptions {
  /** How long a claim holds before another runner may take the job (default 60 s). */
  leaseMs?: number;
  /** Jobs claimed at once (default 20). */
  batch?: number;
  /** After this many failed runs the job is given up: marked done and logged as an error (default 10). */
  maxAttempts?: number;
}

export interface ScheduleInput {
  /** Default: now (plus `delayMs`). */
  at?: Date;
  delayMs?: number;
  payload?: JsonObject;
}

export interface JobRunner {
  /** Runs `handler` for jobs of `kind`; one handler per kind. */
  register(kind: string, handler: JobHandler, options?: JobOptions): void;
  /** A recurring job of `kind`, once per `everyMs` (runs aligned to multiples of the period). */
  every(kind: string, everyMs: number, handler: JobHandler, options?: JobOptions): void;
  /** A job of `kind` due at `at` (or now + `delayMs`); pass a transaction to schedule with other writes. */
  schedule(kind: string, input?: ScheduleInput, executor?: Kysely<Database>): Promise<ScheduledJob>;
  /** One pass: claims and runs every due job of every registered kind; the number of jobs run. */
  runDue(): Promise<number>;
  /** Polls every `pollMs` (wall time) until `stop()`. */
  start(pollMs: number): void;
  /** Stops polling, aborts running handlers' signals and waits for them. Idempotent. */
  stop(): Promise<void>;
  /** The registered kinds. */
  readonly kinds: readonly string[];
}

export interface JobRunnerDeps {
  db: Kysely<Database>;
  clock: ServerClock;
  logger: FastifyBaseLogger;
}

interface Registration {
  handler: JobHandler;
  leaseMs: number;
  batch: number;
  maxAttempts: number;
  /** Recurring period, when the kind is recurring. */
  everyMs: number | null;
}

const KIND = /^[a-z0-9][a-z0-9._-]{0,99}$/;
/** Retry delay after a failed run: 5 s doubling per attempt, at most 15 min. */
export const retryDelayMs = (attempt: number) => Math.min(5_000 * 2 ** Math.max(0, attempt - 1), 15 * 60_000);

/** A UUID derived from text (name-based, like UUID v5 but with SHA-256). */
export function uuidFrom(text: string): string {
  const hex = createHash('sha256').update(text).digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export function createJobRunner({ db, clock, logger }: JobRunnerDeps): JobRunner {
  const registrations = new Map<string, Registration>();
  const now = () => new Date(clock.now());
  let controller = new AbortController();
  let stopped = false;
  /** Whether the poll loop runs (one loop however often `start` is called). */
  let polling = false;
  let timer: NodeJS.Timeout | null = null;
  /** Passes run one after another (the poll loop and direct calls). */
  let pass: Promise<number> = Promise.resolve(0);

  function add(kind: string, handler: JobHandler, options: JobOptions, everyMs: number | null) {
    if (!KIND.test(kind)) throw new Error(`invalid job kind "${kind}"`);
    if (registrations.has(kind)) throw new Error(`a handler for job kind "${kind}" is already registered`);
    registrations.set(kind, {
      handler,
      leaseMs: options.leaseMs ?? 60_000,
      batch: options.batch ?? 20,
      maxAttempts: options.maxAttempts ?? 10,
      everyMs,
    });
  }

  /** Inserts the next slot of a recurring kind unless one is pending (same slot on every node: one row). */
  async function ensureNext(kind: string, everyMs: number, at: Date): Promise<void> {
    const due = new Date((Math.floor(at.getTime() / everyMs) + 1) * everyMs);
    const id = uuidFrom(`${kind}@${due.toISOString()}`);
    await sql`
      insert into scheduled_jobs (id, kind, due_at, payload)
      select ${id}::uuid, ${kind}::text, ${due}::timestamptz, '{"recurring":true}'::jsonb
      where not exists (select 1 from scheduled_jobs where kind = ${kind} and done_at is null)
      on conflict (id) do nothing`.execute(db);
  }

  async function release(job: ScheduledJob, at: Date) {
    await db
      .updateTable('scheduled_jobs')
      .set({ claimed_at: null, due_at: new Date(at.getTime() + retryDelayMs(job.attempts)) })
      .where('id', '=', job.id)
      .where('claimed_at', '=', job.claimed_at)
      .where('done_at', 'is', null)
      .execute();
  }

  async function runOne(kind: string, registration: Registration, job: ScheduledJob): Promise<void> {
    const claimedAt = job.claimed_at ?? now();
    const jobLogger = logger.child({ job: job.id, kind, attempt: job.attempts });
    try {
      await registration.handler(job.payload, { now: claimedAt, attempt: job.attempts, signal: controller.signal, logger: jobLogger });
    } catch (error) {
      if (job.attempts >= registration.maxAttempts) {
        jobLogger.error({ err: error }, 'job failed for the last time; given up');
        await completeJob(db, job.id, now());
      } else {
        jobLogger.warn({ err: error, retryInMs: retryDelayMs(job.attempts) }, 'job failed; it will be retried');
        await release(job, now());
      }
      return;
    }
    await completeJob(db, job.id, now());
    if (registration.everyMs !== null) await ensureNext(kind, registration.everyMs, now());
  }

  async function runKind(kind: string, registration: Registration): Promise<number> {
    let ran = 0;
    if (registration.everyMs !== null) await ensureNext(kind, registration.everyMs, now());
    // Bounded, so one busy kind does not hold the pass (the rest waits for the next poll).
    for (let round = 0; round < 10 && !stopped; round++) {
      const jobs = await claimDueJobs(db, kind, now(), registration.batch, { leaseMs: registration.leaseMs });
      for (const job of jobs) {
        await runOne(kind, registration, job);
        ran++;
      }
      if (jobs.length < registration.batch) break;
    }
    return ran;
  }

  async function runAll(): Promise<number> {
    let ran = 0;
    for (const [kind, registration] of registrations) {
      if (stopped) break;
      try {
        ran += await runKind(kind, registration);
      } catch (error) {
        // The database is away or the claim failed: the next poll tries again.
        logger.error({ err: error, kind }, 'job pass failed');
      }
    }
    return ran;
  }

  function poll(pollMs: number) {
    timer = setTimeout(() => {
      timer = null;
      pass = pass.then(runAll, runAll);
      void pass.finally(() => {
        if (polling && !stopped) poll(pollMs);
      });
    }, pollMs);
    timer.unref();
  }

  return {
    register: (kind, handler, options = {}) => add(kind, handler, options, null),
    every(kind, everyMs, handler, options = {}) {
      if (!Number.isInteger(everyMs) || everyMs < 1000) throw new Error(`a recurring job runs at most once a second (${kind}: ${everyMs} ms)`);
      add(kind, handler, options, everyMs);
    },
    schedule(kind, { at, delayMs = 0, payload } = {}, executor = db) {
      const dueAt = at ?? new Date(clock.now() + delayMs);
      return scheduleJob(executor, { kind, dueAt, ...(payload ? { payload } : {}) });
    },
    runDue() {
      if (stopped) return Promise.resolve(0);
      pass = pass.then(runAll, runAll);
      return pass;
    },
    start(pollMs) {
      if (polling || pollMs <= 0) return;
      if (stopped) {
        stopped = false;
        controller = new AbortController();
      }
      polling = true;
      poll(pollMs);
    },
    async stop() {
      stopped = true;
      polling = false;
      if (timer) clearTimeout(timer);
      timer = null;
      controller.abort();
      await pass.catch(() => undefined);
    },
    get kinds() {
      return [...registrations.keys()];
    },
  };
}
