/**
 * The registration reminder (SPEC §3 config delay in seconds and interval in minutes, §4):
 * shown after the delay when the visitor is not logged in, no auth form or modal is open
 * and the next-allowed time has passed; after showing, next allowed = now + interval
 * minutes (0 when there is no interval). The next-allowed time lives in local storage, so
 * it holds across pages and visits.
 */
export const REMINDER_NEXT_KEY = 'registration_reminder_next';

export interface ReminderFacts {
  loggedIn: boolean;
  /** Registration is allowed and this is not a VIP domain (SPEC §5). */
  registrationAvailable: boolean;
  /** The login or registration page is shown. */
  authFormOpen: boolean;
  /** A modal is open (the url's `?modal=` or any modal dialog on the page). */
  modalOpen: boolean;
  /** The page's layout shows the site chrome (not maintenance, blocked …). */
  chromeShown: boolean;
  now: number;
  /** When the delay since the page loaded has passed. */
  dueAt: number;
  nextAllowedAt: number;
}

export function reminderDueAt(pageStartedAt: number, delaySeconds: number): number {
  return pageStartedAt + Math.max(0, delaySeconds) * 1000;
}

export function canShowReminder(f: ReminderFacts): boolean {
  return !f.loggedIn && f.registrationAvailable && f.chromeShown && !f.authFormOpen && !f.modalOpen && f.now >= f.dueAt && f.now >= f.nextAllowedAt;
}

export function nextAllowedAfterShow(now: number, intervalMinutes: number): number {
  return intervalMinutes > 0 ? now + intervalMinutes * 60_000 : 0;
}

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem'>;

/** The stored next-allowed time (0 when none or unreadable: storage may be blocked). */
export function readNextAllowed(storage: Storage | null): number {
  try {
    const value = Number(storage?.getItem(REMINDER_NEXT_KEY) ?? '0');
    return Number.isFinite(value) && value > 0 ? value : 0;
  } catch {
    return 0;
  }
}

export function writeNextAllowed(storage: Storage | null, value: number): void {
  try {
    storage?.setItem(REMINDER_NEXT_KEY, String(value));
  } catch {
    // Blocked storage: the reminder may come again on the next page, nothing worse.
  }
}
