import { z } from 'zod';

/** `POST /ops-api/v1/clock/advance` (only with FAKE_CLOCK=1). */
export const ClockAdvanceSchema = z.object({ seconds: z.number().int().min(0).max(10 * 365 * 86400) }).strict();
export type ClockAdvance = z.infer<typeof ClockAdvanceSchema>;

export const ClockStateSchema = z.object({ now: z.iso.datetime(), fake: z.boolean() });
export type ClockState = z.infer<typeof ClockStateSchema>;

export const HealthSchema = z.object({ status: z.enum(['ok', 'unavailable']), database: z.enum(['up', 'down']) });
