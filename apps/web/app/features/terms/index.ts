export { ConfirmTermsView } from './confirm-view.tsx';
export { TermsWatch, staysOnPage } from './watch.tsx';
export { acceptTerms, fetchTermsStatus, TERMS_API, TERMS_POLL_MS } from './api.ts';
