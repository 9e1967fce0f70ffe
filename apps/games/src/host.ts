/**
 * Messages to the page hosting the game (issue 13 brief): `ready` after the first frame,
 * `balance` after each round, `error` on a fatal one. Sent to the parent's origin only (the
 * referrer's), never to '*', so a page framing us elsewhere learns nothing.
 */
export type HostMessage =
  | { readonly source: 'rgs'; readonly type: 'ready' }
  | { readonly source: 'rgs'; readonly type: 'balance'; readonly balance: string; readonly currency: string }
  | { readonly source: 'rgs'; readonly type: 'error'; readonly code: string };

export const readyMessage = (): HostMessage => ({ source: 'rgs', type: 'ready' });
export const balanceMessage = (balance: string, currency: string): HostMessage => ({ source: 'rgs', type: 'balance', balance, currency });
export const errorMessage = (code: string): HostMessage => ({ source: 'rgs', type: 'error', code });

/** The host's origin: the referrer's when it has one, else ours (the host and the game share the site). */
export function hostOrigin(referrer: string, ownOrigin: string): string {
  try {
    const origin = new URL(referrer).origin;
    return origin === 'null' ? ownOrigin : origin;
  } catch {
    return ownOrigin;
  }
}

interface Poster {
  postMessage(message: unknown, targetOrigin: string): void;
}

/** Posts to the parent frame; does nothing when the game is opened on its own. */
export function postToHost(message: HostMessage, win: { readonly parent: Poster | null } = window, referrer = document.referrer, ownOrigin = location.origin): boolean {
  const parent = win.parent;
  if (!parent || (parent as unknown) === win) return false;
  parent.postMessage(message, hostOrigin(referrer, ownOrigin));
  return true;
}
