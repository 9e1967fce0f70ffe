import { describe, expect, it } from 'vitest';
import type { Account, AccountsResponse } from '@betsite/contracts';
import {
  ACCOUNT_POLL,
  addableCurrencies,
  applyBalanceChange,
  balanceChangeDetail,
  formatAccountMoney,
  hasCurrencyAccount,
  headerBalanceText,
  isAccountsResponse,
  newerAccounts,
  pollUntil,
} from './wallet.ts';

const account = (patch: Partial<Account>): Account => ({
  id: '11111111-1111-4111-8111-111111111111',
  type: 0,
  iso: 'RUB',
  symbol: '₽',
  currencyId: 643,
  money: '0.00',
  moneyMinor: '0',
  points: 0,
  label: 'RUB',
  labelWithSymbol: 'RUB (₽)',
  isActive: true,
  isPointsTypeBalance: false,
  lastEntryId: '0',
  ...patch,
});

const main = account({ money: '1234.50', moneyMinor: '123450' });
const bonus = account({ id: '22222222-2222-4222-8222-222222222222', type: 4, points: null, isActive: false, label: 'RUB bonus' });
const usd = account({ id: '33333333-3333-4333-8333-333333333333', type: 9, iso: 'USD', symbol: '$', currencyId: 840, points: null, isActive: false });
const answer: AccountsResponse = {
  balance: main,
  bonus,
  all_accounts: [main, bonus, usd],
  is_available_first_deposit_bonus: true,
  user_hide_balance: true,
};

describe('wallet helpers', () => {
  it('formats balances exactly from minor units, in the page language', () => {
    expect(formatAccountMoney(main, 'en-US')).toBe('RUB\u00a01,234.50');
    expect(formatAccountMoney(main, 'ru')).toBe('1\u00a0234,50\u00a0₽');
    expect(formatAccountMoney({ iso: 'USD', moneyMinor: '92233720368547758' }, 'en-US')).toBe('$922,337,203,685,477.58');
    expect(formatAccountMoney({ iso: 'JPY', moneyMinor: '500' }, 'en-US')).toBe('¥500');
  });

  it('masks the header balance when hidden, and shows a dash before it is loaded', () => {
    expect(headerBalanceText(null, false, 'en')).toBe('—');
    expect(headerBalanceText(main, true, 'en')).toBe('••••');
    expect(headerBalanceText(account({}), false, 'en-US')).toBe('RUB\u00a00.00');
  });

  it('offers only currencies the player does not hold (the bonus account does not count)', () => {
    const addable = addableCurrencies(answer.all_accounts);
    expect(addable).not.toContain('RUB');
    expect(addable).not.toContain('USD');
    expect(addable).toContain('EUR');
    expect(addableCurrencies([bonus.type === 4 ? { type: 4, iso: 'EUR' } : bonus])).toContain('EUR');
  });

  it('recognises when an added currency appears', () => {
    expect(hasCurrencyAccount(answer, 'USD')).toBe(true);
    expect(hasCurrencyAccount(answer, 'RUB')).toBe(false);
    expect(hasCurrencyAccount(answer, 'EUR')).toBe(false);
  });

  it('applies a balance-change event to the account it names, and ignores others', () => {
    const changed = applyBalanceChange(answer, { account_id: main.id, new_balance: '5' });
    expect(changed.balance).toMatchObject({ moneyMinor: '5', money: '0.05' });
    expect(changed.all_accounts[0]).toMatchObject({ moneyMinor: '5' });
    expect(changed.bonus).toBe(bonus);
    expect(applyBalanceChange(answer, { account_id: 'someone-else', new_balance: '5' })).toBe(answer);
  });

  it('keeps the newest balance when changes arrive out of order (entry ids grow per account)', () => {
    const at7 = applyBalanceChange(answer, { account_id: main.id, new_balance: '700', entry_id: '7' });
    expect(at7.balance).toMatchObject({ moneyMinor: '700', lastEntryId: '7' });
    // An older change announced later by another node is ignored, as is a repeat.
    expect(applyBalanceChange(at7, { account_id: main.id, new_balance: '500', entry_id: '5' })).toBe(at7);
    expect(applyBalanceChange(at7, { account_id: main.id, new_balance: '700', entry_id: '7' })).toBe(at7);
    expect(applyBalanceChange(at7, { account_id: main.id, new_balance: '900', entry_id: '9' }).balance).toMatchObject({ moneyMinor: '900', lastEntryId: '9' });
    // A load that left before the change keeps the newer shown balance; a newer load wins.
    const staleLoad = { ...answer, balance: { ...main, moneyMinor: '600', lastEntryId: '6' }, all_accounts: [{ ...main, moneyMinor: '600', lastEntryId: '6' }, bonus, usd] };
    expect(newerAccounts(at7, staleLoad).balance).toMatchObject({ moneyMinor: '700', lastEntryId: '7' });
    const freshLoad = { ...answer, balance: { ...main, moneyMinor: '800', lastEntryId: '8' }, all_accounts: [{ ...main, moneyMinor: '800', lastEntryId: '8' }, bonus, usd] };
    expect(newerAccounts(at7, freshLoad).balance).toMatchObject({ moneyMinor: '800', lastEntryId: '8' });
    expect(newerAccounts(null, freshLoad)).toBe(freshLoad);
  });

  it('reads balance-change details defensively', () => {
    expect(balanceChangeDetail({ account_id: 'a', new_balance: '100', entry_id: '12' })).toEqual({ account_id: 'a', new_balance: '100', entry_id: '12' });
    expect(balanceChangeDetail({ account_id: 'a', new_balance: '100', entry_id: 'x' })).toEqual({ account_id: 'a', new_balance: '100' });
    expect(balanceChangeDetail({ account_id: 'a', new_balance: '100' })).toEqual({ account_id: 'a', new_balance: '100' });
    expect(balanceChangeDetail({ account_id: 'a', new_balance: 100 })).toEqual({ account_id: 'a', new_balance: '100' });
    expect(balanceChangeDetail({ account_id: 'a', new_balance: 1.5 })).toBeNull();
    expect(balanceChangeDetail({ account_id: 'a', new_balance: '1e3' })).toBeNull();
    expect(balanceChangeDetail(null)).toBeNull();
    expect(balanceChangeDetail({ new_balance: '1' })).toBeNull();
  });

  it('checks the shape of an accounts answer', () => {
    expect(isAccountsResponse(answer)).toBe(true);
    expect(isAccountsResponse({ ...answer, bonus: null })).toBe(true);
    expect(isAccountsResponse({ ...answer, all_accounts: [{ ...usd, moneyMinor: 1 }] })).toBe(false);
    expect(isAccountsResponse({ ...answer, user_hide_balance: undefined })).toBe(false);
    expect(isAccountsResponse('nope')).toBe(false);
  });

  it('polls until done, at most the given attempts, the given interval apart (SPEC §9: 5, 1000 ms after add)', async () => {
    const slept: number[] = [];
    const sleep = async (ms: number) => void slept.push(ms);
    let calls = 0;
    const found = await pollUntil(async () => ++calls, (n) => n === 3, { attempts: ACCOUNT_POLL.attempts, intervalMs: ACCOUNT_POLL.addCurrencyIntervalMs, sleep });
    expect(found).toEqual({ value: 3, done: true });
    expect(slept).toEqual([1000, 1000]);

    slept.length = 0;
    calls = 0;
    const never = await pollUntil(async () => ++calls, () => false, { attempts: ACCOUNT_POLL.attempts, intervalMs: ACCOUNT_POLL.intervalMs, sleep });
    expect(never).toEqual({ value: 5, done: false });
    expect(slept).toEqual([2500, 2500, 2500, 2500]);
  });

  it('keeps polling through failed loads', async () => {
    let calls = 0;
    const result = await pollUntil(
      async () => {
        if (++calls < 3) throw new Error('offline');
        return 'ok';
      },
      () => true,
      { attempts: 5, intervalMs: 1, sleep: async () => {} },
    );
    expect(result).toEqual({ value: 'ok', done: true });
  });
});
