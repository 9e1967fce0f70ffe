import { z } from 'zod';

/** Every 4xx/5xx answer of our APIs: a stable machine code and a human message. */
export const ApiErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
  details: z.unknown().optional(),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;
