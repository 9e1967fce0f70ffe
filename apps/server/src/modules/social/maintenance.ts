/**
 * Housekeeping: spent or expired rows of social sign-in, login tokens and QR login are
 * deleted a day after they expire (a recurring job, when the jobs module runs).
 */
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';

export const SOCIAL_PURGE_JOB = 'maintenance.purge-social-and-login-tokens';
const KEEP_MS = 24 * 3600_000;
const TABLES = ['social_auth_states', 'social_pending_registrations', 'social_one_tap_uses', 'login_tokens', 'qr_login_requests', 'sandbox_idp_codes'] as const;

export function registerSocialMaintenance(app: FastifyInstance): void {
  if (!app.hasDecorator('jobs')) return;
  app.jobs.every(SOCIAL_PURGE_JOB, 3600_000, async (_payload, { now, logger }) => {
    const before = new Date(now.getTime() - KEEP_MS);
    for (const table of TABLES) {
      const result = await sql`delete from ${sql.table(table)} where expires_at < ${before}`.execute(app.db);
      const deleted = Number(result.numAffectedRows ?? 0n);
      if (deleted > 0) logger.info({ table, deleted }, 'expired rows purged');
    }
  });
}
