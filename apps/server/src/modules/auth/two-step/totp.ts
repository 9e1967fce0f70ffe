/**
 * TOTP (RFC 6238) through otplib: 20-byte secrets (160 bits, Base32), 6 digits, 30-second
 * steps, HMAC-SHA-1 — what every authenticator app reads from an `otpauth://` QR code.
 * Verification accepts the previous, current and next step (±1 step of clock drift) and
 * never a step at or before the last one accepted (`afterStep`), so a code works once.
 */
import { generateSecret, generateURI, verifySync } from 'otplib';
import { renderSVG } from 'uqr';

export const TOTP_PERIOD_S = 30;
const TOTP_DIGITS = 6;

export function newTotpSecret(): string {
  return generateSecret({ length: 20 });
}

export function otpauthUri({ issuer, label, secret }: { issuer: string; label: string; secret: string }): string {
  return generateURI({ issuer, label, secret, digits: TOTP_DIGITS, period: TOTP_PERIOD_S, algorithm: 'sha1' });
}

export function qrSvg(text: string): string {
  return renderSVG(text, { border: 2 });
}

/** The time step the code matched, or null (wrong, malformed, or not after `afterStep`). */
export function verifyTotp(secret: string, code: string, nowMs: number, afterStep: number | null): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  try {
    const result = verifySync({
      secret,
      token: code,
      digits: TOTP_DIGITS,
      period: TOTP_PERIOD_S,
      algorithm: 'sha1',
      epoch: Math.floor(nowMs / 1000),
      epochTolerance: TOTP_PERIOD_S,
      ...(afterStep !== null ? { afterTimeStep: afterStep } : {}),
    });
    // `verifySync` also serves HOTP; only a TOTP result carries the time step.
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  } catch {
    return null;
  }
}
