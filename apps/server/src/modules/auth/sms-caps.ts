/**
 * The caps on SMS we send at a caller's request (issue 10; SPEC §7 "send sms"): per address
 * and per phone number, over a sliding hour of the app clock, counted on every node
 * (`app.quota`: Redis with REDIS_URL). Every path that texts a number a caller typed
 * counts here: phone registration and SMS-login codes (`sms/send`), password reset by SMS
 * and phone binding.
 *
 * A captcha never buys more: the caps are checked before anything else and a solved
 * captcha only lets a request reach them. What a captcha guards is the part of the
 * address's hourly budget beyond `freePerAddressPerHour` (see the phone routes).
 *
 * The per-address budgets scale with RATE_LIMITS_SCALE; the per-number one does not (it
 * protects the number's holder, whoever asks). A refusal is 429 `too_many_requests` with
 * Retry-After, the same whether or not the number belongs to a player.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors.ts';
import { addressKey } from '../../plugins/rate-limits.ts';

export interface SmsCapLimits {
  /** SMS an address may have sent per hour, captcha or not. */
  perAddressPerHour: number;
  /** Of those, how many need no captcha (`sms/send`). */
  freePerAddressPerHour: number;
  /** SMS to one number per hour, from any address. */
  perPhonePerHour: number;
}

export const DEFAULT_SMS_CAPS: SmsCapLimits = { perAddressPerHour: 5, freePerAddressPerHour: 3, perPhonePerHour: 5 };

const HOUR_MS = 60 * 60 * 1000;

export interface SmsCaps {
  /** The address's free SMS per hour (scaled): beyond it `sms/send` asks for a captcha. */
  readonly freePerAddress: number;
  /** Before any other check: 429 when the address or the number has no SMS left; how many the address has used. */
  check(request: FastifyRequest, reply: FastifyReply, phone: string): Promise<{ addressUsed: number }>;
  /** Right before sending: counts one SMS for the address and the number (429 if either ran out meanwhile). */
  take(request: FastifyRequest, reply: FastifyReply, phone: string): Promise<void>;
}

export function createSmsCaps(app: FastifyInstance, limits: Partial<SmsCapLimits> = {}): SmsCaps {
  const { perAddressPerHour, freePerAddressPerHour, perPhonePerHour } = { ...DEFAULT_SMS_CAPS, ...limits };
  const perAddress = app.quota('sms-per-address', { max: app.scaleRateLimit(perAddressPerHour), windowMs: HOUR_MS });
  const perPhone = app.quota('sms-per-phone', { max: perPhonePerHour, windowMs: HOUR_MS });

  const refuse = (reply: FastifyReply, retryAfterMs: number) => {
    reply.header('retry-after', String(Math.max(1, Math.ceil(retryAfterMs / 1000))));
    return new AppError(429, 'too_many_requests', 'Too many codes asked for; try again later', { retryAfterMs });
  };

  return {
    freePerAddress: Math.min(app.scaleRateLimit(freePerAddressPerHour), app.scaleRateLimit(perAddressPerHour)),

    async check(request, reply, phone) {
      const [address, number] = await Promise.all([perAddress.peek(addressKey(request.ip)), perPhone.peek(phone)]);
      const full = [address, number].filter((state) => state.used >= state.max);
      if (full.length > 0) throw refuse(reply, Math.max(...full.map((state) => state.retryAfterMs)));
      return { addressUsed: address.used };
    },

    async take(request, reply, phone) {
      const address = await perAddress.take(addressKey(request.ip));
      if (!address.taken) throw refuse(reply, address.retryAfterMs);
      const number = await perPhone.take(phone);
      if (!number.taken) throw refuse(reply, number.retryAfterMs);
    },
  };
}
