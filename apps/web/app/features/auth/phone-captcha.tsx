/**
 * The captcha step of the auth forms (SPEC §8 codes 100, 111, 112, 113): once a call asked
 * for one, the ALTCHA widget stays in the form and solves a challenge on its own (about a
 * second); before the next call its payload becomes a single-use token for the `x-captcha`
 * header (waiting for the widget if it is still at work), and after any failure a fresh
 * challenge is solved (the token is spent either way).
 */
import { useCallback, useRef, useState, type ReactNode } from 'react';
import type { TFunction } from '../../i18n/translator.ts';
import type { AltchaWidgetElement } from 'altcha/types/generic';
import type { ApiResult } from '../../shell/http.ts';
import { useRequiredRootData } from '../../config/root-data.ts';
import { authText, CaptchaWidget, needsCaptcha, validateCaptcha } from './captcha.tsx';

export type CaptchaToken = { ok: true; headers: Record<string, string> } | { ok: false; message: string };

export interface CaptchaGate {
  /** The widget, or null while no captcha is asked. */
  field: ReactNode;
  /** The header for the next call (none while no captcha is asked); the form is the one the widget sits in. */
  headers(form: HTMLFormElement | null): Promise<CaptchaToken>;
  /** After a call: the text to show when it was about the captcha, else null (a new challenge is solved when one was in use). */
  afterCall(result: ApiResult): Promise<string | null>;
}

/** How long a submit waits for the widget to finish (it takes about a second; slow devices more). */
const SOLVE_TIMEOUT_MS = 60_000;

/** The widget's payload once it has solved its challenge (starting it if it is idle), or null when it fails. */
function solvedPayload(widget: AltchaWidgetElement): Promise<string | null> {
  return new Promise((resolve) => {
    const finish = (payload: string | null) => {
      clearTimeout(timer);
      widget.removeEventListener('statechange', onState);
      resolve(payload);
    };
    const onState = (event: Event) => {
      const { state, payload } = (event as CustomEvent<{ state?: string; payload?: string | null }>).detail ?? {};
      if (state === 'verified' && payload) finish(payload);
      else if (state === 'error' || state === 'expired') finish(null);
    };
    const timer = setTimeout(() => finish(null), SOLVE_TIMEOUT_MS);
    widget.addEventListener('statechange', onState);
    if (widget.getState() !== 'verifying') void widget.verify();
  });
}

/** One widget's life in a form: its element once mounted (null if its code failed to load) and its payload once solved. */
interface Slot {
  id: number;
  element: AltchaWidgetElement | null;
  payload: string | null;
  /** Settles when the widget is mounted or failed to load. */
  mounted: Promise<void>;
  attach(element: AltchaWidgetElement | null): void;
}

let slots = 0;

function newSlot(): Slot {
  let settle = () => {};
  const slot: Slot = {
    id: ++slots,
    element: null,
    payload: null,
    mounted: new Promise<void>((resolve) => (settle = resolve)),
    attach(element) {
      slot.element = element;
      element?.addEventListener('statechange', (event) => {
        const { state, payload } = (event as CustomEvent<{ state?: string; payload?: string | null }>).detail ?? {};
        slot.payload = state === 'verified' ? (payload ?? null) : null;
      });
      settle();
    },
  };
  return slot;
}

export function useCaptchaGate(t: TFunction): CaptchaGate {
  const { lng } = useRequiredRootData();
  // The widget on show (a new slot mounts a fresh widget: a fresh challenge); the ref is for the async steps.
  const [slot, setSlot] = useState<Slot | null>(null);
  const current = useRef<Slot | null>(null);
  const show = useCallback((next: Slot | null) => {
    current.current = next;
    setSlot(next);
  }, []);
  const renew = (message: string): string => {
    show(newSlot());
    return message;
  };

  return {
    field: slot ? <CaptchaWidget key={slot.id} t={t} lng={lng} onWidget={slot.attach} /> : null,

    async headers(): Promise<CaptchaToken> {
      const shown = current.current;
      if (!shown) return { ok: true, headers: {} };
      const loaded = await Promise.race([shown.mounted.then(() => true), new Promise<false>((resolve) => setTimeout(() => resolve(false), SOLVE_TIMEOUT_MS))]);
      const payload = shown.payload ?? (loaded && shown.element ? await solvedPayload(shown.element) : null);
      // A payload validates once.
      shown.payload = null;
      if (!payload) return { ok: false, message: renew(authText(t, 'captcha_unavailable')) };
      const validated = await validateCaptcha(payload);
      if (!validated.ok) return { ok: false, message: renew(authText(t, validated.code === '112' ? 'captcha_expired' : 'captcha_wrong')) };
      return { ok: true, headers: { 'x-captcha': validated.token } };
    },

    async afterCall(result) {
      // "Needed" comes after failed attempts and after many code requests alike: one neutral text.
      if (needsCaptcha(result)) return renew(authText(t, !result.ok && result.code === '100' ? 'phone_captcha_needed' : 'captcha_wrong'));
      if (current.current) {
        if (result.ok) show(null);
        else renew('');
      }
      return null;
    },
  };
}
