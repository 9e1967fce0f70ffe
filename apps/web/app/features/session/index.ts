export { SessionLifecycle } from './session-lifecycle.tsx';
export { ActivationView, type ActivationViewProps } from './activation-page.tsx';
