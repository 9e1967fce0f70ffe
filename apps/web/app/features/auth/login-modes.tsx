/**
 * The login form's modes as tabs (SPEC §4: login_password, phone_password, sms, and the QR
 * code). A WAI-ARIA tablist with manual activation: arrow keys (mirrored right to left),
 * Home and End move between tabs; Enter, Space or a click opens one and moves the focus to
 * its first field. Only the open panel is rendered, so hidden forms hold no fields the
 * dialog's focus trap or autofill could reach.
 */
import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import styles from './login-modes.module.css';

export const LOGIN_MODES = ['login_password', 'phone_password', 'sms', 'qr'] as const;
export type LoginMode = (typeof LOGIN_MODES)[number];

/** The tab a key moves the focus to, or null when the key is not a tab-moving key. */
export function nextTabIndex(key: string, current: number, count: number, rtl = false): number | null {
  if (count <= 0) return null;
  const forward = rtl ? 'ArrowLeft' : 'ArrowRight';
  const backward = rtl ? 'ArrowRight' : 'ArrowLeft';
  if (key === forward) return (current + 1) % count;
  if (key === backward) return (current - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return null;
}

export interface TabItem<K extends string> {
  key: K;
  label: string;
  /** Rendered only while the tab is open. */
  render: () => ReactNode;
}

export interface TabsProps<K extends string> {
  /** The accessible name of the tab list. */
  label: string;
  items: readonly TabItem<K>[];
  selected: K;
  onSelect: (key: K) => void;
}

const FIRST_FIELD = 'input:not([type="hidden"]):not([disabled]), select:not([disabled]), textarea:not([disabled]), button:not([disabled])';

export function Tabs<K extends string>({ label, items, selected, onSelect }: TabsProps<K>) {
  const base = useId();
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const panel = useRef<HTMLDivElement>(null);
  // Set when the player opened a tab, so the first field gets the focus then (not on the first render).
  const focusPanel = useRef(false);

  useEffect(() => {
    if (!focusPanel.current) return;
    focusPanel.current = false;
    const node = panel.current;
    (node?.querySelector<HTMLElement>(FIRST_FIELD) ?? node)?.focus();
  }, [selected]);

  const open = (key: K) => {
    focusPanel.current = true;
    if (key === selected) {
      const node = panel.current;
      (node?.querySelector<HTMLElement>(FIRST_FIELD) ?? node)?.focus();
      focusPanel.current = false;
    } else onSelect(key);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
    const next = nextTabIndex(event.key, index, items.length, rtl);
    if (next === null) return;
    event.preventDefault();
    tabs.current[next]?.focus();
  };

  const current = items.find((item) => item.key === selected) ?? items[0];
  return (
    <div>
      <div role="tablist" aria-label={label} className={styles.tablist}>
        {items.map((item, index) => {
          const isSelected = item.key === current?.key;
          return (
            <button
              key={item.key}
              ref={(node) => {
                tabs.current[index] = node;
              }}
              type="button"
              role="tab"
              id={`${base}-tab-${item.key}`}
              aria-selected={isSelected}
              aria-controls={isSelected ? `${base}-panel` : undefined}
              tabIndex={isSelected ? 0 : -1}
              className={styles.tab}
              onClick={() => open(item.key)}
              onKeyDown={(event) => onKeyDown(event, index)}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      {current ? (
        <div ref={panel} role="tabpanel" id={`${base}-panel`} aria-labelledby={`${base}-tab-${current.key}`} tabIndex={-1} className={styles.panel}>
          {current.render()}
        </div>
      ) : null}
    </div>
  );
}
