/**
 * Stage `micro-frontend`: remote apps are loaded by the adapter with these defaults; a
 * remote that fails shows its own error, it does not stop the navigation.
 */
import { proceed } from './context.ts';
import type { Guard } from './types.ts';

/** SPEC §9 micro-frontend defaults. */
export const MICRO_FRONTEND_DEFAULTS = { timeoutMs: 1000, retries: 3, reloadThrottleMs: 1000 } as const;

export const microFrontendGuard: Guard = () => proceed;
