/**
 * Accounts API (SPEC §3 Account, §4, §8): `GET /web-api/office/v1/accounts` and
 * `POST /web-api/office/v1/accounts/{add,remove,active,hide-balance}`. Players only (401
 * `unauthorized` for visitors); an account id that is not the caller's answers 404 exactly
 * like an unknown one, so nobody learns about other players' accounts.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  AccountsErrorCode,
  ActiveAccountRequestSchema,
  AddAccountRequestSchema,
  HideBalanceRequestSchema,
  RemoveAccountRequestSchema,
  type AccountChangeResponse,
  type AccountsResponse,
} from '@betsite/contracts';
import { AppError } from '../../lib/errors.ts';
import { parseRequest } from '../../lib/validate.ts';
import type { AccountsService } from './service.ts';

export const ACCOUNTS_BASE = '/web-api/office/v1/accounts';

export const accountsRoutes: FastifyPluginAsync<{ service: AccountsService }> = async (app, { service }) => {
  const player = (request: FastifyRequest): string => {
    if (!request.userId) throw new AppError(401, AccountsErrorCode.unauthorized, 'Not logged in');
    return request.userId;
  };
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  const changed = async (userId: string, message: string, accountId: string | null): Promise<AccountChangeResponse> => ({
    success: true,
    message,
    accountId,
    accounts: await service.overview(userId),
  });

  app.get(ACCOUNTS_BASE, async (request): Promise<AccountsResponse> => service.overview(player(request)));

  app.post(`${ACCOUNTS_BASE}/add`, async (request, reply) => {
    const userId = player(request);
    const { currency } = parseRequest(AddAccountRequestSchema, request.body, 'body');
    const account = await service.addCurrency(userId, currency);
    return reply.code(201).send(await changed(userId, `The ${currency} account is open`, account.id));
  });

  app.post(`${ACCOUNTS_BASE}/remove`, async (request): Promise<AccountChangeResponse> => {
    const userId = player(request);
    const { accountId } = parseRequest(RemoveAccountRequestSchema, request.body, 'body');
    await service.remove(userId, accountId);
    return changed(userId, 'The account is removed', accountId.toLowerCase());
  });

  app.post(`${ACCOUNTS_BASE}/active`, async (request): Promise<AccountChangeResponse> => {
    const userId = player(request);
    const { accountId } = parseRequest(ActiveAccountRequestSchema, request.body, 'body');
    await service.setActive(userId, accountId);
    return changed(userId, `Account ${accountId.toLowerCase()} is now active`, accountId.toLowerCase());
  });

  app.post(`${ACCOUNTS_BASE}/hide-balance`, async (request): Promise<AccountChangeResponse> => {
    const userId = player(request);
    const { hide } = parseRequest(HideBalanceRequestSchema, request.body, 'body');
    await service.setHideBalance(userId, hide);
    return changed(userId, hide ? 'The balance is hidden' : 'The balance is shown', null);
  });
};
