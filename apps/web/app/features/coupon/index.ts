/** The bet slip and my bets (issue 11) on the coupon API; others import from here only. */
export { BetSlip } from './bet-slip.tsx';
export { MyBetsList, MyBetsView } from './my-bets.tsx';
