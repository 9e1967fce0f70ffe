export { NotificationProvider, NotificationAreaView, useNotifications } from './notifications.tsx';
export { createNotificationStore, AREA_LIMITS, AUTO_CLOSE_MS } from './store.ts';
export type { Notice, NotificationArea, NotificationKind } from './store.ts';
