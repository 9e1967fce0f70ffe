import { z } from 'zod';
import { BlockRuleSchema } from './blocks.ts';
import { RedirectRuleSchema } from './redirects.ts';

/** `:id` of `DELETE /ops-api/v1/block-rules/:id` and `DELETE /ops-api/v1/redirects/:id`. */
export const RuleIdParamsSchema = z.object({ id: z.uuid() });
export type RuleIdParams = z.infer<typeof RuleIdParamsSchema>;

/** `GET /ops-api/v1/block-rules`, newest first. */
export const BlockRuleListSchema = z.object({ rules: z.array(BlockRuleSchema) });
export type BlockRuleList = z.infer<typeof BlockRuleListSchema>;

/** `GET /ops-api/v1/redirects`, by source path. */
export const RedirectRuleListSchema = z.object({ rules: z.array(RedirectRuleSchema) });
export type RedirectRuleList = z.infer<typeof RedirectRuleListSchema>;
