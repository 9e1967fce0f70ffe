/**
 * The captcha step of the phone forms (SPEC §8 codes 100, 111, 112, 113): once a call asked
 * for one, the picture stays in the form; before the next call its answer becomes a
 * single-use token for the `x-captcha` header, and after any failure a fresh picture is
 * shown (the token is spent either way).
 */
import { useState, type ReactNode } from 'react';
import type { TFunction } from 'i18next';
import type { ApiResult } from '../../shell/http.ts';
import { authText, CaptchaField, fetchCaptcha, needsCaptcha, solveCaptcha, type Captcha } from './captcha.tsx';

export type CaptchaToken = { ok: true; headers: Record<string, string> } | { ok: false; message: string };

export interface CaptchaGate {
  /** The picture and answer field (`name="captcha"`), or null while no captcha is asked. */
  field: ReactNode;
  /** The header for the next call, from the answer typed in `form` (none while no captcha is asked). */
  headers(form: HTMLFormElement | null): Promise<CaptchaToken>;
  /** After a call: the text to show when it was about the captcha, else null (a new picture is fetched when one was in use). */
  afterCall(result: ApiResult): Promise<string | null>;
}

export function useCaptchaGate(t: TFunction): CaptchaGate {
  const [captcha, setCaptcha] = useState<Captcha | null>(null);

  const renew = async (message: string): Promise<string> => {
    const next = await fetchCaptcha();
    setCaptcha(next);
    return next ? message : authText(t, 'captcha_unavailable');
  };

  return {
    field: captcha ? <CaptchaField captcha={captcha} onRefresh={() => void fetchCaptcha().then(setCaptcha)} t={t} /> : null,

    async headers(form): Promise<CaptchaToken> {
      if (!captcha) return { ok: true, headers: {} };
      const answer = form ? String(new FormData(form).get('captcha') ?? '') : '';
      const token = await solveCaptcha(captcha, answer);
      if (!token) return { ok: false, message: await renew(authText(t, 'captcha_wrong')) };
      return { ok: true, headers: { 'x-captcha': token } };
    },

    async afterCall(result) {
      // "Needed" comes after failed attempts and after many code requests alike: one neutral text.
      if (needsCaptcha(result)) return renew(authText(t, !result.ok && result.code === '100' ? 'phone_captcha_needed' : 'captcha_wrong'));
      if (captcha) {
        if (result.ok) setCaptcha(null);
        else await renew('');
      }
      return null;
    },
  };
}
