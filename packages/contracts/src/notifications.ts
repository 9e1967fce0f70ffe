/**
 * Messages the site sends (e-mail, SMS) as the development outbox shows them
 * (`GET /dev/outbox.json`, development and test only).
 */
import { z } from 'zod';

export const DeliveryChannelSchema = z.enum(['email', 'sms']);
export type DeliveryChannel = z.infer<typeof DeliveryChannelSchema>;

export const OutboxMessageSchema = z.object({
  id: z.string(),
  channel: DeliveryChannelSchema,
  to: z.string(),
  subject: z.string().nullable(),
  text: z.string(),
  html: z.string().nullable(),
  /** ISO 8601. */
  createdAt: z.string(),
});
export type OutboxMessage = z.infer<typeof OutboxMessageSchema>;

/** Newest first. */
export const OutboxResponseSchema = z.object({ messages: z.array(OutboxMessageSchema) });
export type OutboxResponse = z.infer<typeof OutboxResponseSchema>;
