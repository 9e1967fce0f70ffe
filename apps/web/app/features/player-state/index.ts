export { BanNotice, banNoticeKey } from './ban-notice.tsx';
export { IdentificationView, identificationState, type IdentificationState } from './identification-view.tsx';
