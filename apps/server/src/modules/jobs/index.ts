/**
 * Scheduled work for every module: `app.jobs.register(kind, handler)` and
 * `app.jobs.schedule(kind, { at | delayMs, payload })` for one-off jobs,
 * `app.jobs.every(kind, periodMs, handler)` for recurring ones (see runner.ts).
 *
 * The runner polls once the server listens (every JOBS_POLL_MS; 0 = this node runs no jobs)
 * and stops before the app closes its database. An app that never listens — tests — runs
 * due jobs only when asked: `app.jobs.runDue()`, or `POST /ops-api/v1/jobs/run` (operator).
 */
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { requireOpsToken } from '../ops/auth.ts';
import { registerMaintenance } from './maintenance.ts';
import { createJobRunner, type JobRunner } from './runner.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Durable scheduled jobs (modules/jobs). */
    jobs: JobRunner;
  }
}

const jobsOpsRoutes: FastifyPluginAsync<{ token: string; jobs: JobRunner }> = async (app, { token, jobs }) => {
  app.addHook('onRequest', requireOpsToken(token));
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  // After moving the fake clock, run what became due now instead of waiting for the next poll.
  app.post('/ops-api/v1/jobs/run', async (): Promise<{ ran: number }> => ({ ran: await jobs.runDue() }));
};

export async function registerJobs(app: FastifyInstance): Promise<JobRunner> {
  const jobs = createJobRunner({ db: app.db, clock: app.clock, logger: app.log.child({ module: 'jobs' }) });
  app.decorate('jobs', jobs);
  registerMaintenance(jobs, app.db);

  app.addHook('onListen', async () => {
    jobs.start(app.env.JOBS_POLL_MS);
  });
  // preClose: before the onClose hooks close the database.
  app.addHook('preClose', async () => {
    await jobs.stop();
  });
  if (app.env.OPS_TOKEN) await app.register(jobsOpsRoutes, { token: app.env.OPS_TOKEN, jobs });
  return jobs;
}

export { createJobRunner, retryDelayMs, uuidFrom, type JobContext, type JobHandler, type JobOptions, type JobRunner, type ScheduleInput } from './runner.ts';
export { MAINTENANCE_JOBS, RETENTION_DAYS } from './maintenance.ts';
