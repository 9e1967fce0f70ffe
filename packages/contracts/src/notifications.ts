/**
 * Messages the site sends (e-mail, SMS) as the development outbox shows them
 * (`GET /dev/outbox.json`, development and test only).
 */
import { z } from 'zod';
import { text } from './text.ts';

export const DeliveryChannelSchema = z.enum(['email', 'sms']);
export type DeliveryChannel = z.infer<typeof DeliveryChannelSchema>;

export const OutboxMessageSchema = z.object({
  id: text(),
  channel: DeliveryChannelSchema,
  to: text(),
  subject: text().nullable(),
  text: text(),
  html: text().nullable(),
  /** ISO 8601. */
  createdAt: text(),
});
export type OutboxMessage = z.infer<typeof OutboxMessageSchema>;

/** Newest first. */
export const OutboxResponseSchema = z.object({ messages: z.array(OutboxMessageSchema) });
export type OutboxResponse = z.infer<typeof OutboxResponseSchema>;
