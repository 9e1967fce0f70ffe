/**
 * Real money of shared bets through the game server's wallet client (the seamless wallet's
 * signed contract, decision 0022/0023), the same calls a third-party provider makes: one
 * wallet round per bet, named by the bet id, with transaction ids derived from it —
 * `<bet>:stake` (the debit at bet time), `<bet>:win` (the credit at settlement, 0 for a loss),
 * `<bet>:void` (the rollback of a voided round) — so a call repeated after a crash or by
 * another node answers what it answered the first time. No answer at all (the wallet's host
 * unreachable) is a refusal `wallet_unavailable`: the call is repeated later with the same id.
 */
import type { WalletTransactionAnswer } from '@betsite/contracts';
import type { WalletClient } from '../rgs/index.ts';

export type WalletResult = { ok: true; answer: WalletTransactionAnswer } | { ok: false; status: number; code: string; message: string };

export interface SharedWallet {
  debit(input: { playerId: string; currency: string; gameId: string; betId: string; amount: bigint }): Promise<WalletResult>;
  credit(input: { playerId: string; currency: string; gameId: string; betId: string; amount: bigint }): Promise<WalletResult>;
  rollback(input: { playerId: string; currency: string; betId: string }): Promise<WalletResult>;
}

export const walletTx = {
  stake: (betId: string) => `${betId}:stake`,
  win: (betId: string) => `${betId}:win`,
  void: (betId: string) => `${betId}:void`,
};

const unavailable = (error: unknown): WalletResult => ({ ok: false, status: 503, code: 'wallet_unavailable', message: error instanceof Error ? error.message : 'The wallet did not answer' });

export function sharedWallet(client: WalletClient): SharedWallet {
  const guard = async (call: () => Promise<WalletResult>): Promise<WalletResult> => {
    try {
      return await call();
    } catch (error) {
      return unavailable(error);
    }
  };
  return {
    debit: ({ playerId, currency, gameId, betId, amount }) => guard(() => client.debit({ playerId, currency, gameId, roundId: betId, transactionId: walletTx.stake(betId), amount })),
    credit: ({ playerId, currency, gameId, betId, amount }) => guard(() => client.credit({ playerId, currency, gameId, roundId: betId, transactionId: walletTx.win(betId), amount })),
    rollback: ({ playerId, currency, betId }) => guard(() => client.rollback({ playerId, currency, roundId: betId, transactionId: walletTx.void(betId), referenceTransactionId: walletTx.stake(betId) })),
  };
}
