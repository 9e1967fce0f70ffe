export { SecurityView } from './security-view.tsx';
