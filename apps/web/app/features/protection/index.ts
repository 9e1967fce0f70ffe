/**
 * Player protection in the browser (issue 12): the office responsible section, the approval,
 * reality-check and session-limit dialogs on every page, and the texts of limit refusals
 * where money moves (top-up page, bet slip). Other code imports from here only.
 */
export { ResponsibleView } from './responsible-view.tsx';
export { ProtectionWatch } from './watch.tsx';
export { limitRefusalOf, limitRefusalText, type LimitRefusal } from './protection.ts';
export { limitsStore } from './store.ts';
