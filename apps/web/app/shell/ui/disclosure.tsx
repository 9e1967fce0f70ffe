/**
 * A button that opens a small panel (menus of the header): `aria-expanded`, closes on
 * Escape (focus back to the button), on a click outside and when the route changes. The
 * panel's content is rendered only while open: every page has the header's menus, and their
 * links were a tenth of a page's elements, rendered and hydrated unseen (issue 14).
 */
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';

export interface DisclosureProps {
  label: ReactNode;
  /** Accessible name when the visible label is terse. */
  ariaLabel?: string;
  className?: string;
  buttonClassName?: string;
  panelClassName?: string;
  children: ReactNode;
}

export function Disclosure({ label, ariaLabel, className, buttonClassName, panelClassName, children }: DisclosureProps) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const location = useLocation();
  const [seen, setSeen] = useState(location.key);
  if (seen !== location.key) {
    setSeen(location.key);
    setOpen(false);
  }

  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (root.current && !root.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [open]);

  return (
    <div
      ref={root}
      className={className}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          e.stopPropagation();
          setOpen(false);
          button.current?.focus();
        }
      }}
    >
      <button
        ref={button}
        type="button"
        className={buttonClassName}
        aria-expanded={open}
        aria-controls={id}
        aria-label={ariaLabel}
        onClick={() => setOpen((o) => !o)}
      >
        {label}
      </button>
      <div id={id} className={panelClassName} hidden={!open}>
        {open ? children : null}
      </div>
    </div>
  );
}
