/**
 * Route-driven modals (SPEC §2 "Modals"): a modal is open when the url carries
 * `?modal=<name>`; opening adds the parameter, closing removes it. Which one the url asks
 * for, and whether a navigation closes the open one, are the domain's decisions
 * (`modalFromQuery`, `modalsToClose`); this module wires them to urls.
 */
import {
  KEEP_MODALS_PARAM,
  MODAL_PARAM,
  modalFromQuery,
  modalsToClose,
  type Location,
  type ModalAudience,
  type ModalName,
} from '@betsite/domain';

export { MODAL_PARAM, KEEP_MODALS_PARAM };
export type { ModalName, ModalAudience };

/** The modal the url opens for this user, if any. */
export function openModal(search: string, who: ModalAudience): ModalName | null {
  return modalFromQuery(search, who);
}

/** `search` with `?modal=<name>` set (other parameters kept). */
export function searchWithModal(search: string, modal: ModalName): string {
  const params = new URLSearchParams(search);
  params.set(MODAL_PARAM, modal);
  return `?${params.toString()}`;
}

/** `search` without the modal parameters: what closing a modal navigates to. */
export function searchWithoutModal(search: string): string {
  const params = new URLSearchParams(search);
  params.delete(MODAL_PARAM);
  params.delete(KEEP_MODALS_PARAM);
  const s = params.toString();
  return s === '' ? '' : `?${s}`;
}

/** A path + search + hash with the modal set. */
export function hrefWithModal(location: Location, modal: ModalName): string {
  return `${location.pathname}${searchWithModal(location.search, modal)}${location.hash}`;
}

function isCloseOf(from: Location, to: Location): boolean {
  return from.pathname === to.pathname && searchWithoutModal(from.search) === searchWithoutModal(to.search);
}

/**
 * The modal to carry over to `to` when navigating away from a url that had one open: SPEC §2
 * closes all modals on navigation except while maintenance is active, when the target has
 * the `keepModals` flag, or when only the hash changed. Closing the modal itself (same page,
 * the modal parameter removed) never carries it over. Null: nothing to add.
 */
export function modalToCarry(from: Location | null, to: Location, maintenanceActive: boolean): ModalName | null {
  if (from === null) return null;
  const open = new URLSearchParams(from.search).get(MODAL_PARAM);
  if (open === null || new URLSearchParams(to.search).has(MODAL_PARAM)) return null;
  if (isCloseOf(from, to)) return null;
  if (modalsToClose(from, to, maintenanceActive) === 'all') return null;
  return open as ModalName;
}
