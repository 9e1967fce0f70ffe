/**
 * The ALTCHA widget (`<altcha-widget>`), loaded on demand by `CaptchaWidget` (a dynamic
 * import: nothing of it is in a page's first load). The CSP-friendly build: `altcha/external`
 * injects no <style> element and makes no blob: workers; its stylesheet comes as a file,
 * and the PBKDF2 worker as a script of our own origin (Vite `?worker`), which
 * `worker-src 'self'` allows.
 */
import 'altcha/external';
import 'altcha/altcha.css';
import Pbkdf2Worker from 'altcha/workers/pbkdf2?worker';

// Our challenges are PBKDF2/SHA-256 (modules/captcha on the server).
globalThis.$altcha.algorithms.set('PBKDF2/SHA-256', () => new Pbkdf2Worker());

/** The widget's texts for `language` (the page's language), over ALTCHA's English ones. */
export function setAltchaStrings(language: string, strings: Record<string, string>): void {
  globalThis.$altcha.i18n.set(language, { ...globalThis.$altcha.i18n.get('en'), ...strings });
}
