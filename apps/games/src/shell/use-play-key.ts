/**
 * Space or Enter plays (spin, deal, roll…) when focus is not on a control that uses those
 * keys itself (a focused button already clicks on them; inputs and selects type).
 */
import { useEffect, useRef } from 'react';

const OWN_KEYS = new Set(['BUTTON', 'INPUT', 'SELECT', 'TEXTAREA', 'SUMMARY', 'A']);

export function isPlayKey(key: string, targetTag: string | undefined): boolean {
  return (key === ' ' || key === 'Enter') && !OWN_KEYS.has((targetTag ?? '').toUpperCase());
}

export function usePlayKey(action: () => void, enabled: boolean): void {
  const ref = useRef(action);
  useEffect(() => {
    ref.current = action;
  });
  useEffect(() => {
    if (!enabled) return;
    const onKey = (event: KeyboardEvent): void => {
      if (event.repeat || !isPlayKey(event.key, (event.target as HTMLElement | null)?.tagName)) return;
      event.preventDefault();
      ref.current();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [enabled]);
}
