/** Stage `blocked`: maintenance and the block service's reasons (SPEC §2). */
import { languageRoot, pathTo, proceed, redirectTo } from './context.ts';
import type { Guard, GuardContext } from './types.ts';
import type { RetryPolicy } from '../retry.ts';

/** SPEC §2 block reason → site-state route. */
export const BLOCK_REASON_ROUTES: Readonly<Record<number, string>> = {
  1: 'state-block',
  2: 'state-block',
  3: 'state-block',
  5: 'state-block',
  14: 'state-block',
  4: 'state-site-updates',
  8: 'state-coming-soon',
  13: 'state-block-ua',
  16: 'state-suspension',
  17: 'state-block-ie',
};

/** How adapters ask the block service: the first try and two retries, 100 ms apart. */
export const BLOCK_SERVICE_RETRY: RetryPolicy = { attempts: 3, delayMs: 100 };

/** The query parameter of site-updates that keeps where the user was going. */
export const RETURN_PARAM = 'return';

/** Reachable whatever the block: the link in the verification e-mail must work. */
const EXEMPT_ROUTES = new Set(['user-accountverify']);

/** Maintenance is on when the config says so or when the block service could not answer. */
export function isMaintenanceActive(ctx: GuardContext): boolean {
  return ctx.site.maintenance.isActive || ctx.block?.kind === 'failed';
}

function blockTarget(ctx: GuardContext): string | null {
  if (ctx.block?.kind !== 'answer' || ctx.block.answer.reason === null) return null;
  return BLOCK_REASON_ROUTES[ctx.block.answer.reason] ?? null;
}

export const blockedGuard: Guard = (ctx) => {
  const current = ctx.route?.name ?? null;
  if (isMaintenanceActive(ctx)) {
    return current === 'maintenance' ? proceed : redirectTo(pathTo(ctx, 'maintenance'));
  }
  if (current === 'maintenance') return redirectTo(languageRoot(ctx));
  if (current !== null && EXEMPT_ROUTES.has(current)) return proceed;

  const target = blockTarget(ctx);
  if (target !== null) {
    if (target === current) return proceed;
    const path = pathTo(ctx, target);
    if (target !== 'state-site-updates') return redirectTo(path);
    const back = new URLSearchParams({ [RETURN_PARAM]: `${ctx.location.pathname}${ctx.location.search}` });
    return redirectTo(`${path}?${back.toString()}`);
  }
  // Only a definite "no block" answer sends the user off a block page; with no answer
  // (client navigation does not ask) the page stays.
  if (ctx.route?.kind === 'site-state' && ctx.block?.kind === 'answer') return redirectTo(languageRoot(ctx));
  return proceed;
};

/**
 * The `return` target of site-updates, only when it is a path on this site: anything else
 * (absolute or protocol-relative urls) would make the page an open redirect.
 */
export function readReturnPath(search: string): string | null {
  const value = new URLSearchParams(search).get(RETURN_PARAM);
  if (value === null || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return null;
  return value;
}
