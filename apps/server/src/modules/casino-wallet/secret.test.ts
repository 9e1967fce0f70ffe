import { describe, expect, it } from 'vitest';
import { casinoWalletSecret, DEV_CASINO_WALLET_SECRET } from './index.ts';

describe('the casino wallet key', () => {
  it('is the configured secret when set', () => {
    const secret = 'x'.repeat(40);
    expect(casinoWalletSecret({ CASINO_WALLET_SECRET: secret, NODE_ENV: 'production' })).toBe(secret);
    expect(casinoWalletSecret({ CASINO_WALLET_SECRET: secret, NODE_ENV: 'development' })).toBe(secret);
  });

  it('is the development key outside production and a random key of the process in production', () => {
    expect(casinoWalletSecret({ CASINO_WALLET_SECRET: undefined, NODE_ENV: 'test' })).toBe(DEV_CASINO_WALLET_SECRET);
    const production = casinoWalletSecret({ CASINO_WALLET_SECRET: undefined, NODE_ENV: 'production' });
    expect(production).toMatch(/^[0-9a-f]{64}$/);
    expect(production).not.toBe(DEV_CASINO_WALLET_SECRET);
    // One key for the process: the wallet and the game server in it sign alike.
    expect(casinoWalletSecret({ CASINO_WALLET_SECRET: undefined, NODE_ENV: 'production' })).toBe(production);
  });
});
