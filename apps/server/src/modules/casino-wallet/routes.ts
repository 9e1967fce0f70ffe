/**
 * HTTP of the seamless wallet (decision 0022). The game server's calls under `/rgs-wallet/v1/`
 * (its own path, off the player's `/web-api`, so no session, cookie or CSRF rule applies):
 * each body is kept as the exact bytes, its `X-Signature` checked (401) before it is parsed
 * (400), and a money call answers its stored answer, status and body. The player's side:
 * `POST /web-api/casino/v1/launch-tokens`.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  CASINO_SIGNATURE_HEADER,
  CASINO_WALLET_API,
  CasinoWalletErrorCode,
  LaunchTokenRequestSchema,
  RedeemLaunchTokenRequestSchema,
  WalletBalanceRequestSchema,
  WalletCreditRequestSchema,
  WalletDebitRequestSchema,
  WalletRollbackRequestSchema,
  type LaunchToken,
} from '@betsite/contracts';
import { AppError } from '../../lib/errors.ts';
import { parseRequest } from '../../lib/validate.ts';
import type { LaunchGameCheck } from './index.ts';
import type { CasinoWallet, WalletAnswer } from './service.ts';

const BODY_LIMIT = 8192;

export const casinoWalletRoutes: FastifyPluginAsync<{ wallet: CasinoWallet }> = async (app, { wallet }) => {
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_request, body, done) => done(null, body));
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  /** The signed body, parsed with `schema`: 401 unsigned or badly signed, 400 not JSON or not valid. */
  function signedBody<S extends z.ZodType>(request: FastifyRequest, schema: S): z.output<S> {
    const raw = typeof request.body === 'string' ? request.body : '';
    const header = request.headers[CASINO_SIGNATURE_HEADER];
    if (!wallet.verify(raw, Array.isArray(header) ? header[0] : header)) {
      throw new AppError(401, CasinoWalletErrorCode.badSignature, 'The request signature does not verify');
    }
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      throw new AppError(400, 'invalid_request', 'The body is not JSON');
    }
    return parseRequest(schema, value, 'body');
  }
  const send = (reply: FastifyReply, answer: WalletAnswer) => reply.code(answer.statusCode).send(answer.body);

  app.post(CASINO_WALLET_API.balance, async (request) => wallet.balance(signedBody(request, WalletBalanceRequestSchema)));
  app.post(CASINO_WALLET_API.debit, async (request, reply) => send(reply, await wallet.debit(signedBody(request, WalletDebitRequestSchema))));
  app.post(CASINO_WALLET_API.credit, async (request, reply) => send(reply, await wallet.credit(signedBody(request, WalletCreditRequestSchema))));
  app.post(CASINO_WALLET_API.rollback, async (request, reply) => send(reply, await wallet.rollback(signedBody(request, WalletRollbackRequestSchema))));
  app.post(CASINO_WALLET_API.redeem, async (request) => wallet.redeem(signedBody(request, RedeemLaunchTokenRequestSchema).token));
};

/**
 * The player's (or a visitor's, demo only) launch token, for a game the catalogue lets them
 * launch (`games`); a player's launch goes into their recently played.
 */
export const casinoLaunchRoutes: FastifyPluginAsync<{ wallet: CasinoWallet; games?: LaunchGameCheck }> = async (app, { wallet, games }) => {
  app.post(CASINO_WALLET_API.launch, async (request, reply): Promise<LaunchToken> => {
    const body = parseRequest(LaunchTokenRequestSchema, request.body, 'body');
    await games?.check(body.gameId, body.mode, request.country ?? null);
    const token = await wallet.issueLaunchToken(request.userId ?? null, body);
    if (games && request.userId) {
      // The token is issued: a failed record must not take it back.
      await games.played(request.userId, body.gameId).catch((err: unknown) => request.log.warn({ err, gameId: body.gameId }, 'recently played not recorded'));
    }
    reply.code(201).header('cache-control', 'no-store');
    return token;
  });
};
