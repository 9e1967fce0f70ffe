/**
 * The game server's wallet client over HTTP (RGS_WALLET_URL): the exact signed bytes reach the
 * wallet's host, a refusal comes back as an answer with its code, and no answer (5xx, the host
 * down) is `WalletUnavailable`, never a refusal.
 */
import { createHmac } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CASINO_WALLET_API } from '@betsite/contracts';
import { createWalletClient, httpTransport, WalletUnavailable } from './wallet-client.ts';

const SECRET = 'a-test-wallet-secret-of-32-characters!';
const PLAYER = '3f1b5f3e-8a54-4c4e-9a53-7c1f2b0d6a11';
let wallet: FastifyInstance;
let base: string;
const seen: { path: string; body: Record<string, string> }[] = [];

beforeAll(async () => {
  wallet = Fastify({ logger: false });
  wallet.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  wallet.post('/*', async (request, reply) => {
    const raw = request.body as string;
    if (request.headers['x-signature'] !== createHmac('sha256', SECRET).update(raw).digest('hex')) return reply.code(401).send({ code: 'bad_signature', message: 'no' });
    const body = JSON.parse(raw) as Record<string, string>;
    seen.push({ path: request.url, body });
    if (request.url === CASINO_WALLET_API.balance) return { balance: '1234', currency: body.currency };
    if (body.amount === '999') return reply.code(500).send({ code: 'internal', message: 'boom' });
    if (body.amount === '500') return reply.code(422).send({ code: 'insufficient_funds', message: 'Not enough money' });
    return { transactionId: body.transactionId, balance: '1000', currency: body.currency, roundStatus: 'open' };
  });
  base = await wallet.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => wallet.close());

const call = { playerId: PLAYER, currency: 'EUR', gameId: 'dice', roundId: 'r1', transactionId: 'r1:debit', amount: 100n };

it('signs the exact body and reads the answers', async () => {
  const client = createWalletClient({ provider: 'northlight-rgs', secret: SECRET, transport: httpTransport(`${base}/`) });
  expect(await client.balance(PLAYER, 'EUR')).toEqual({ ok: true, answer: { balance: '1234', currency: 'EUR' } });
  expect(await client.debit(call)).toEqual({ ok: true, answer: { transactionId: 'r1:debit', balance: '1000', currency: 'EUR', roundStatus: 'open' } });
  expect(seen.at(-1)).toEqual({ path: CASINO_WALLET_API.debit, body: { provider: 'northlight-rgs', playerId: PLAYER, currency: 'EUR', transactionId: 'r1:debit', roundId: 'r1', gameId: 'dice', amount: '100' } });
  expect(await client.debit({ ...call, amount: 500n })).toEqual({ ok: false, status: 422, code: 'insufficient_funds', message: 'Not enough money' });
});

it('a 5xx, a wrong key or no host: unavailable or refused, never a success', async () => {
  const client = createWalletClient({ provider: 'northlight-rgs', secret: SECRET, transport: httpTransport(base) });
  await expect(client.credit({ ...call, amount: 999n })).rejects.toBeInstanceOf(WalletUnavailable);
  const wrongKey = createWalletClient({ provider: 'northlight-rgs', secret: `${SECRET}x`, transport: httpTransport(base) });
  expect(await wrongKey.debit(call)).toMatchObject({ ok: false, status: 401, code: 'bad_signature' });
  const nowhere = createWalletClient({ provider: 'northlight-rgs', secret: SECRET, transport: httpTransport('http://127.0.0.1:9', 2_000) });
  await expect(nowhere.debit(call)).rejects.toBeInstanceOf(WalletUnavailable);
});
