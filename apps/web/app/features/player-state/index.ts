export { BanNotice, banNoticeKey } from './ban-notice.tsx';
