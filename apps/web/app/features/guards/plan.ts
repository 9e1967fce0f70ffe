/**
 * From the pipeline's result to what the browser does (pure, so it is tested without a
 * router): the cookies to write, the messages to log, and one action.
 *
 * - continue → proceed, unless an `open-modal` effect (or a modal kept open by the SPEC §2
 *   exceptions) must be added to the url, then `replace` to the target with `?modal=`;
 * - redirect → `redirect` (with `?modal=` added when a modal is to open on a same-site url);
 * - not-found → `not-found` (the adapter throws a 404 response);
 * - cancel → `stay`: the navigation is turned into a `replace` back to the current
 *   location, which the middleware lets through unguarded (same url as the one the user is
 *   on), so the page does not change and no history entry is added;
 * - reload → `reload`: a full page load of the target url.
 */
import { formatLocation, isMaintenanceActive, type GuardContext, type GuardEffect, type PipelineResult, type RedirectStatus } from '@betsite/domain';
import { modalToCarry, searchWithModal, type ModalName } from '../modals/index.ts';

export interface CookieToSet {
  name: string;
  value: string;
  maxAgeSeconds: number;
  path: string;
}

export type NavigationAction =
  | { kind: 'proceed' }
  | { kind: 'redirect'; url: string; status: RedirectStatus }
  | { kind: 'replace'; url: string }
  | { kind: 'not-found' }
  /** `code`: the SPEC §9 ban code when a ban cancelled the navigation. */
  | { kind: 'stay'; url: string; reason: string; code?: number }
  | { kind: 'reload'; url: string };

export interface NavigationPlan {
  action: NavigationAction;
  cookies: CookieToSet[];
  logs: { level: 'warn' | 'error' | 'info'; message: string; data?: Record<string, unknown> }[];
  decidedBy: PipelineResult['decidedBy'];
}

function addModal(url: string, modal: ModalName): string {
  if (!url.startsWith('/') || url.startsWith('//')) return url; // another site: leave its url alone
  const hashAt = url.indexOf('#');
  const beforeHash = hashAt === -1 ? url : url.slice(0, hashAt);
  const hash = hashAt === -1 ? '' : url.slice(hashAt);
  const queryAt = beforeHash.indexOf('?');
  const path = queryAt === -1 ? beforeHash : beforeHash.slice(0, queryAt);
  const search = queryAt === -1 ? '' : beforeHash.slice(queryAt);
  return `${path}${searchWithModal(search, modal)}${hash}`;
}

function modalIn(search: string): string | null {
  return new URLSearchParams(search).get('modal');
}

export function planNavigation(ctx: GuardContext, result: PipelineResult): NavigationPlan {
  const cookies: CookieToSet[] = [];
  const logs: NavigationPlan['logs'] = [];
  let modal: ModalName | null = null;
  for (const effect of result.effects as readonly GuardEffect[]) {
    if (effect.kind === 'set-cookie') cookies.push({ name: effect.name, value: effect.value, maxAgeSeconds: effect.maxAgeSeconds, path: effect.path });
    else if (effect.kind === 'open-modal') modal = effect.modal;
    else logs.push(effect.data ? { level: effect.level, message: effect.message, data: effect.data } : { level: effect.level, message: effect.message });
  }
  const target = formatLocation(ctx.location);
  const plan = (action: NavigationAction): NavigationPlan => ({ action, cookies, logs, decidedBy: result.decidedBy });
  const decision = result.decision;

  switch (decision.kind) {
    case 'redirect':
      return plan({ kind: 'redirect', url: modal === null ? decision.url : addModal(decision.url, modal), status: decision.status });
    case 'not-found':
      return plan({ kind: 'not-found' });
    case 'cancel':
      logs.push({ level: 'info', message: `navigation cancelled: ${decision.reason}` });
      return plan({ kind: 'stay', url: ctx.from ? formatLocation(ctx.from) : target, reason: decision.reason, ...(decision.code !== undefined ? { code: decision.code } : {}) });
    case 'reload':
      return plan({ kind: 'reload', url: target });
    case 'continue': {
      const carried = modal ?? modalToCarry(ctx.from, ctx.location, isMaintenanceActive(ctx));
      if (carried !== null && modalIn(ctx.location.search) !== carried) {
        return plan({ kind: 'replace', url: addModal(target, carried) });
      }
      return plan({ kind: 'proceed' });
    }
  }
}
