import { z } from 'zod';

/**
 * `:id` path parameters that are our UUIDs (payments, withdrawals, payment requests, QR
 * logins). A path whose id is not one names nothing: the routes answer it like an unknown
 * id, before any database query.
 */
export const UuidParamsSchema = z.object({ id: z.uuid() });
export type UuidParams = z.infer<typeof UuidParamsSchema>;
