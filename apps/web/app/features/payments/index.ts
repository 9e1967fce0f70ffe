export { RechargeView, DeduceView, HistoryPayView } from './views.tsx';
export { PaymentStatusNote } from './payment-status.tsx';
