/** Stage `modal`: which modals a navigation closes, and which one the url opens (SPEC §2). */
import { isSeoBot } from '../user-agent.ts';
import { proceed, proceedWith } from './context.ts';
import type { Guard, Location, ModalName } from './types.ts';

/** A query flag that keeps open modals across a navigation (`?keepModals` or `?keepModals=1`). */
export const KEEP_MODALS_PARAM = 'keepModals';
export const MODAL_PARAM = 'modal';

/**
 * SPEC §2: all open modals close on navigation, unless maintenance is active, the target
 * carries the keep flag, or only the hash changed. The first page load closes nothing.
 */
export function modalsToClose(from: Location | null, to: Location, maintenanceActive: boolean): 'all' | 'none' {
  if (from === null || maintenanceActive) return 'none';
  if (new URLSearchParams(to.search).has(KEEP_MODALS_PARAM)) return 'none';
  const hashOnly = from.pathname === to.pathname && from.search === to.search && from.hash !== to.hash;
  return hashOnly ? 'none' : 'all';
}

export interface ModalAudience {
  loggedIn: boolean;
  /** Registration allowed and not a VIP domain (SPEC §5). */
  registrationAvailable: boolean;
}

/** Who may get each modal of `?modal=`; login-related ones make no sense once logged in. */
const MODAL_RULES: Readonly<Record<ModalName, (who: ModalAudience) => boolean>> = {
  login: (who) => !who.loggedIn,
  registration: (who) => !who.loggedIn && who.registrationAvailable,
  'forgot-password': (who) => !who.loggedIn,
  'user-question': () => true,
  'support-history': () => true,
};

function isModalName(value: string): value is ModalName {
  return Object.hasOwn(MODAL_RULES, value);
}

/** The modal `?modal=…` asks for, when this user may get it. */
export function modalFromQuery(search: string, who: ModalAudience): ModalName | null {
  const value = new URLSearchParams(search).get(MODAL_PARAM);
  return value !== null && isModalName(value) && MODAL_RULES[value](who) ? value : null;
}

/** Opens the modal of `?modal=` (the forgot-password shortcut lands here); never for bots. */
export const modalGuard: Guard = (ctx) => {
  if (isSeoBot(ctx.device.userAgent)) return proceed;
  const modal = modalFromQuery(ctx.location.search, {
    loggedIn: ctx.user.loggedIn,
    registrationAvailable: ctx.site.registrationAllowed && !ctx.site.isVipDomain,
  });
  return modal === null ? proceed : proceedWith([{ kind: 'open-modal', modal }]);
};
