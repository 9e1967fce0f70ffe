import { z } from 'zod';
import { text } from './text.ts';

/** Every 4xx/5xx answer of our APIs: a stable machine code and a human message. */
export const ApiErrorSchema = z.object({
  code: text(),
  message: text(),
  details: z.unknown().optional(),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;
