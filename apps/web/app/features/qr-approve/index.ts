export { QrApproveView } from './qr-approve.tsx';
