export { PaymentRequestsView } from './view.tsx';
export { PAYMENT_REQUESTS_ENDPOINTS } from './api.ts';
