/**
 * Stage `analytics`: counters are loaded by the adapter; the guard never blocks. The delay
 * is a pure fact of the route, so it lives here.
 */
import type { RouteDef } from '../routes/route-table.ts';
import { proceed } from './context.ts';
import type { Guard } from './types.ts';

/** SPEC §9: analytics loading is delayed 10000 ms, except on registration pages. */
export const ANALYTICS_DELAY_MS = 10_000;

export function analyticsDelayMs(route: RouteDef | null): number {
  return route?.kind === 'registration' ? 0 : ANALYTICS_DELAY_MS;
}

export const analyticsGuard: Guard = () => proceed;
