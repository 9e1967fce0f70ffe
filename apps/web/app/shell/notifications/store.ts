/**
 * Notification areas (SPEC §9): each area holds at most `max` notices (3 by default, 1 for
 * the others); the oldest one leaves when a new one arrives, and every notice closes by
 * itself after 10 s unless it is marked sticky.
 */
export type NotificationArea = 'top' | 'bottom-right';
export type NotificationKind = 'info' | 'success' | 'warning' | 'error';

export interface Notice {
  id: number;
  area: NotificationArea;
  kind: NotificationKind;
  title: string;
  text?: string;
  sticky?: boolean;
}

export const AREA_LIMITS: Readonly<Record<NotificationArea, number>> = { top: 3, 'bottom-right': 3 };
export const AUTO_CLOSE_MS = 10_000;

type Listener = () => void;
type Timers = { set: (fn: () => void, ms: number) => unknown; clear: (handle: unknown) => void };

export function createNotificationStore(timers: Timers = { set: (fn, ms) => setTimeout(fn, ms), clear: (h) => clearTimeout(h as number) }) {
  let notices: readonly Notice[] = [];
  let nextId = 1;
  const listeners = new Set<Listener>();
  const handles = new Map<number, unknown>();
  const emit = () => listeners.forEach((l) => l());

  function dismiss(id: number): void {
    const handle = handles.get(id);
    if (handle !== undefined) timers.clear(handle);
    handles.delete(id);
    const next = notices.filter((n) => n.id !== id);
    if (next.length !== notices.length) {
      notices = next;
      emit();
    }
  }

  function notify(input: Omit<Notice, 'id'>): number {
    const id = nextId++;
    const inArea = notices.filter((n) => n.area === input.area);
    const overflow = inArea.length + 1 - AREA_LIMITS[input.area];
    const dropped = overflow > 0 ? new Set(inArea.slice(0, overflow).map((n) => n.id)) : new Set<number>();
    for (const d of dropped) {
      const h = handles.get(d);
      if (h !== undefined) timers.clear(h);
      handles.delete(d);
    }
    notices = [...notices.filter((n) => !dropped.has(n.id)), { ...input, id }];
    if (!input.sticky) handles.set(id, timers.set(() => dismiss(id), AUTO_CLOSE_MS));
    emit();
    return id;
  }

  return {
    notify,
    dismiss,
    list: (): readonly Notice[] => notices,
    subscribe(listener: Listener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type NotificationStore = ReturnType<typeof createNotificationStore>;
