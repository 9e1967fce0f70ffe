/**
 * Stage `dictionary-loader`: the adapter loads the page's i18n dictionaries before render;
 * loading is I/O, so the guard only names them and never blocks the navigation.
 */
import type { RouteDef } from '../routes/route-table.ts';
import { proceed } from './context.ts';
import type { Guard } from './types.ts';

/** Every page needs `main`; the route adds its own (unknown paths render the 404 with `main`). */
export function dictionariesFor(route: RouteDef | null): readonly string[] {
  return [...new Set(['main', ...(route?.meta.dictionaries ?? [])])];
}

export const dictionaryLoaderGuard: Guard = () => proceed;
