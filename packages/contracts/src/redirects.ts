import { z } from 'zod';
import { text } from './text.ts';

/** `POST /redirects-api/api/v1/redirect-light` — SPEC §7: body url. */
export const RedirectRequestSchema = z.object({ url: text().min(1).max(2048) });
export type RedirectRequest = z.infer<typeof RedirectRequestSchema>;

/**
 * SPEC §3 redirect response. The client applies it only when code, url, reasons and
 * breadcrumbs are all present (SPEC §5); `redirect: false` answers carry none of them.
 */
export const RedirectResponseSchema = z.object({
  redirect: z.boolean(),
  code: z.union([z.literal(301), z.literal(302), z.literal(307), z.literal(308)]).optional(),
  url: text().optional(),
  reasons: z.array(text()).optional(),
  breadcrumbs: z.array(text()).optional(),
});
export type RedirectResponse = z.infer<typeof RedirectResponseSchema>;

export const RedirectRuleInputSchema = z
  .object({
    /** Source path, with or without the language prefix (matched exactly). */
    fromPath: text().regex(/^\//).max(1024),
    toUrl: text().min(1).max(2048),
    code: z.union([z.literal(301), z.literal(302), z.literal(307), z.literal(308)]),
    reason: text().min(1).max(200),
  })
  .strict();
export type RedirectRuleInput = z.infer<typeof RedirectRuleInputSchema>;

export const RedirectRuleSchema = RedirectRuleInputSchema.extend({ id: text(), createdAt: text() });
export type RedirectRule = z.infer<typeof RedirectRuleSchema>;
