/**
 * The accounts module: the observed ledger (`app.ledger`, announcing `balance.changed`),
 * the accounts service (`app.accounts`) and the accounts API, wired in one call from `app.ts`.
 */
import type { FastifyInstance } from 'fastify';
import { createLedger, type Ledger } from '../ledger/ledger.ts';
import { observeLedger } from './observed-ledger.ts';
import { accountsRoutes } from './routes.ts';
import { createAccountsService, type AccountsService } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The ledger every module posts through; posts touching player accounts announce `balance.changed`. */
    ledger: Ledger;
    /** Player accounts (SPEC §3 Account). */
    accounts: AccountsService;
  }
}

export async function registerAccounts(app: FastifyInstance): Promise<void> {
  const ledger = observeLedger(createLedger(app.db, app.clock), app.db, app.bus, app.log);
  const service = createAccountsService(app.db, ledger, app.clock);
  app.decorate('ledger', ledger);
  app.decorate('accounts', service);
  await app.register(accountsRoutes, { service });
}

/**
 * Opens a new player's main account (registration currency) and bonus account. Idempotent
 * (the ledger's get-or-create), so a retried registration is harmless.
 */
export async function openRegistrationAccounts(app: FastifyInstance, userId: string, currency: string): Promise<void> {
  const service = app.hasDecorator('accounts') ? app.accounts : createAccountsService(app.db, createLedger(app.db, app.clock), app.clock);
  await service.openRegistrationAccounts(userId, currency);
}

export { observeLedger } from './observed-ledger.ts';
export { createAccountsService, type AccountsService } from './service.ts';
