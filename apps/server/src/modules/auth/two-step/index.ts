/**
 * Two-step authentication (TOTP): the service (`app.twoStep`, used by the security page
 * routes), the second-factor gate of every first login step, and the second login step.
 * Registered by the auth module right after the login kit.
 */
import type { FastifyInstance } from 'fastify';
import type { AuthKit } from '../login-kit.ts';
import { createSecondFactorGate } from './gate.ts';
import { twoStepLoginRoutes } from './routes.ts';
import { loadSecretsKey } from './secret-box.ts';
import { createTwoStepService, type TwoStepService } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Two-step authentication of players (secrets, recovery codes, login tickets). */
    twoStep: TwoStepService;
  }
}

export async function registerTwoStep(app: FastifyInstance, kit: AuthKit): Promise<void> {
  const service = createTwoStepService({
    db: app.db,
    clock: app.clock,
    repository: kit.repository,
    secretsKey: () => loadSecretsKey(app.env, app.log),
  });
  app.decorate('twoStep', service);
  kit.setSecondFactorGate(createSecondFactorGate(service));
  await app.register(twoStepLoginRoutes, { kit, service });
}

export type { TwoStepService, TwoStepStatus } from './service.ts';
export { GATED_LOGIN_METHODS } from './gate.ts';
export { codeRetryAfterMs } from './throttle.ts';
