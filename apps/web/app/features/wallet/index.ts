export { HeaderBalance } from './header-balance.tsx';
export { AccountView } from './account-view.tsx';
export { ACTIVE_ACCOUNT_CHANGE_EVENT, BALANCE_CHANGE_EVENT, ACCOUNTS_ENDPOINTS } from './wallet.ts';
