/**
 * The office "account" section (SPEC §3 Account, §4, §8): the player's accounts with their
 * ledger balances; add a currency account (then poll until it appears, SPEC §9), make an
 * account active (the coupon resets its prepaid amount) and remove an empty currency account.
 */
import { useEffect, useState, type FormEvent } from 'react';
import type { Account, AccountsResponse } from '@betsite/contracts';
import { useTranslation } from '../../i18n/react.tsx';
import { Panel } from '../../shell/page-kit.tsx';
import { accountAction, fetchAccounts, type AccountActionResult } from './api.ts';
import {
  ACCOUNT_POLL,
  ACTIVE_ACCOUNT_CHANGE_EVENT,
  addableCurrencies,
  BALANCE_CHANGE_EVENT,
  formatAccountMoney,
  hasCurrencyAccount,
  pollUntil,
} from './wallet.ts';
import styles from './wallet.module.css';

type Notice = { kind: 'success' | 'error'; text: string } | null;
type Busy = null | 'add' | `remove:${string}` | `active:${string}`;

const TYPE_KEYS: Record<Account['type'], string> = { 0: 'account_type_main', 4: 'account_type_bonus', 9: 'account_type_currency' };

/** Tells the header (and the coupon) that the accounts changed. */
function announce(accounts: AccountsResponse, activeChanged: boolean) {
  window.dispatchEvent(new CustomEvent(BALANCE_CHANGE_EVENT, { detail: { account_id: accounts.balance.id, new_balance: accounts.balance.moneyMinor, entry_id: accounts.balance.lastEntryId } }));
  if (activeChanged) window.dispatchEvent(new CustomEvent(ACTIVE_ACCOUNT_CHANGE_EVENT, { detail: { account_id: accounts.balance.id, prepaid_amount: 0 } }));
}

export function AccountView() {
  const { t, i18n } = useTranslation('office');
  const [accounts, setAccounts] = useState<AccountsResponse | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState<Busy>(null);
  const [currency, setCurrency] = useState('');

  useEffect(() => {
    let live = true;
    void pollUntil(fetchAccounts, () => true, { attempts: ACCOUNT_POLL.attempts, intervalMs: ACCOUNT_POLL.intervalMs }).then(({ value }) => {
      if (!live) return;
      if (value) setAccounts(value);
      else setLoadFailed(true);
    });
    return () => {
      live = false;
    };
  }, []);

  const addable = accounts ? addableCurrencies(accounts.all_accounts) : [];
  const chosen = addable.includes(currency as (typeof addable)[number]) ? currency : (addable[0] ?? '');

  const failed = (result: Extract<AccountActionResult, { success: false }>) =>
    setNotice({ kind: 'error', text: result.network ? t('main:main_network_error') : (result.message ?? t('main:main_error_generic')) });

  async function add(event: FormEvent) {
    event.preventDefault();
    if (!chosen || busy) return;
    setBusy('add');
    setNotice(null);
    const result = await accountAction('add', { currency: chosen });
    if (!result.success) {
      failed(result);
      setBusy(null);
      return;
    }
    setAccounts(result.body.accounts);
    // SPEC §4: poll the accounts until the currency appears (§9: 1000 ms apart, at most 5 times).
    const polled = hasCurrencyAccount(result.body.accounts, chosen)
      ? { value: result.body.accounts, done: true }
      : await pollUntil(fetchAccounts, (a) => hasCurrencyAccount(a, chosen), { attempts: ACCOUNT_POLL.attempts, intervalMs: ACCOUNT_POLL.addCurrencyIntervalMs });
    if (polled.value) setAccounts(polled.value);
    setNotice(polled.done ? { kind: 'success', text: t('account_added', { currency: chosen }) } : { kind: 'error', text: t('account_add_pending') });
    setBusy(null);
  }

  async function remove(account: Account) {
    if (busy) return;
    setBusy(`remove:${account.id}`);
    setNotice(null);
    const result = await accountAction('remove', { accountId: account.id });
    if (result.success) {
      setAccounts(result.body.accounts);
      announce(result.body.accounts, account.isActive);
      setNotice({ kind: 'success', text: t('account_removed', { currency: account.iso }) });
    } else failed(result);
    setBusy(null);
  }

  async function makeActive(account: Account) {
    if (busy) return;
    setBusy(`active:${account.id}`);
    setNotice(null);
    const result = await accountAction('active', { accountId: account.id });
    if (result.success) {
      setAccounts(result.body.accounts);
      announce(result.body.accounts, true);
      setNotice({ kind: 'success', text: t('account_active_set', { id: account.id, currency: account.iso }) });
    } else failed(result);
    setBusy(null);
  }

  if (!accounts) {
    return (
      <Panel title={t('accounts_title')} id="office-accounts">
        <p role={loadFailed ? 'alert' : 'status'}>{loadFailed ? t('accounts_load_failed') : t('accounts_loading')}</p>
      </Panel>
    );
  }

  return (
    <Panel title={t('accounts_title')} id="office-accounts">
      {notice ? (
        <p role={notice.kind === 'error' ? 'alert' : 'status'} className={`${styles.notice} ${styles[notice.kind]}`}>
          {notice.text}
        </p>
      ) : null}
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">{t('accounts_col_account')}</th>
            <th scope="col">{t('accounts_col_balance')}</th>
            <th scope="col">
              <span className="visually-hidden">{t('accounts_col_actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {accounts.all_accounts.map((account) => (
            <tr key={account.id} data-testid={`account-${account.iso}-${account.type}`}>
              <th scope="row">
                {t(TYPE_KEYS[account.type])}, {account.iso} ({account.symbol})
                {account.isActive ? (
                  <>
                    {' '}
                    <span className={styles.activeBadge}>· {t('account_active')}</span>
                  </>
                ) : null}
              </th>
              <td className={styles.money}>{formatAccountMoney(account, i18n.language)}</td>
              <td>
                <div className={styles.actions}>
                  {account.isActive ? null : (
                    <button
                      type="button"
                      className="btn btn-ghost"
                      disabled={busy !== null}
                      aria-label={t('account_make_active_label', { currency: account.iso, type: t(TYPE_KEYS[account.type]) })}
                      onClick={() => void makeActive(account)}
                    >
                      {t('account_make_active')}
                    </button>
                  )}
                  {account.type === 9 ? (
                    <button
                      type="button"
                      className="btn btn-ghost"
                      disabled={busy !== null}
                      aria-label={t('account_remove_label', { currency: account.iso })}
                      onClick={() => void remove(account)}
                    >
                      {t('account_remove')}
                    </button>
                  ) : null}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {addable.length > 0 ? (
        <form className={styles.addForm} onSubmit={(e) => void add(e)}>
          <div>
            <label htmlFor="wallet-add-currency">{t('account_add_currency_label')}</label>
            <br />
            <select id="wallet-add-currency" className={styles.select} value={chosen} onChange={(e) => setCurrency(e.target.value)}>
              {addable.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="btn btn-primary" disabled={busy !== null} aria-busy={busy === 'add'}>
            {busy === 'add' ? t('account_adding') : t('account_add')}
          </button>
        </form>
      ) : null}
    </Panel>
  );
}
