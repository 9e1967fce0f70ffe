import { z } from 'zod';
import { text } from './text.ts';

/** `POST /blocks-api/api/v2/block` — SPEC §7: body auth, url. */
export const BlockRequestSchema = z.object({
  /** Whether the caller is logged in (the user id comes from the session, never the body). */
  auth: z.boolean(),
  url: text().max(2048),
});
export type BlockRequest = z.infer<typeof BlockRequestSchema>;

/** SPEC §2 block reasons: 1,2,3,5,14 block; 4 site-updates; 8 coming-soon; 13 block-ua; 16 suspension; 17 block-ie. */
export const BLOCK_REASONS = [1, 2, 3, 4, 5, 8, 13, 14, 16, 17] as const;
export const BlockReasonSchema = z.union(BLOCK_REASONS.map((n) => z.literal(n)));
export type BlockReason = z.infer<typeof BlockReasonSchema>;

/** SPEC §3 block response: displayTypeId, templateTypeId; `reason` null means no block applies. */
export const BlockResponseSchema = z.object({
  reason: BlockReasonSchema.nullable(),
  displayTypeId: z.number().int().nullable(),
  templateTypeId: z.number().int().nullable(),
});
export type BlockResponse = z.infer<typeof BlockResponseSchema>;

/** A block rule as the operator manages it: exactly one of country, IP range (CIDR) or user id. */
export const BlockRuleInputSchema = z
  .object({
    reason: BlockReasonSchema,
    country: text().regex(/^[A-Z]{2}$/).optional(),
    ipRange: text().max(64).optional(),
    userId: text().max(64).optional(),
    displayTypeId: z.number().int().optional(),
    templateTypeId: z.number().int().optional(),
  })
  .strict()
  .refine((r) => [r.country, r.ipRange, r.userId].filter((v) => v !== undefined).length === 1, {
    message: 'exactly one of country, ipRange or userId is required',
  });
export type BlockRuleInput = z.infer<typeof BlockRuleInputSchema>;

export const BlockRuleSchema = z.object({
  id: text(),
  reason: BlockReasonSchema,
  country: text().nullable(),
  ipRange: text().nullable(),
  userId: text().nullable(),
  displayTypeId: z.number().int().nullable(),
  templateTypeId: z.number().int().nullable(),
  createdAt: text(),
});
export type BlockRule = z.infer<typeof BlockRuleSchema>;
