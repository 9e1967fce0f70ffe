/**
 * Terms changes (issue 12; SPEC §4 terms change, §5 terms confirmation, §7 agreement-rules
 * status, §8 451 → confirm terms): the site's current terms version, the player's status
 * and their acceptance.
 */
import { z } from 'zod';
import { ApiErrorSchema } from './errors.ts';
import type { ApiOperation } from './operations.ts';

/** Site config `terms`: the version players confirm and when it was published. */
export const TermsSettingsSchema = z.object({
  /** Raised by the operator when the terms change; players who accepted less must confirm. */
  version: z.number().int().min(1).max(1_000_000),
  /** When this version was published (ISO 8601): players registered since then accepted it at registration. */
  updatedAt: z.iso.datetime().nullable(),
});
export type TermsSettings = z.infer<typeof TermsSettingsSchema>;

export const DEFAULT_TERMS_SETTINGS: TermsSettings = { version: 1, updatedAt: null };

export const TERMS_API = {
  /** SPEC §7: `GET` → `{ result, updatedAt }` (signed-in players; `result` false while the option is off). */
  status: '/web-api/api-v3/v2/user/agreement-rules/status',
  /** `POST { version }` → 200 `{ result: true, version, acceptedAt }`: the player accepts the current terms. */
  accept: '/web-api/api-v3/v2/user/agreement-rules/accept',
} as const;

/** SPEC §7 agreement-rules status: `result` true when the player must confirm changed terms. */
export const TermsStatusResponseSchema = z.object({
  result: z.boolean(),
  /** When the current terms were published; null when not known (SPEC §8: a failed fetch reads as empty). */
  updatedAt: z.iso.datetime().nullable(),
  /** The version to accept. */
  version: z.number().int(),
});
export type TermsStatusResponse = z.infer<typeof TermsStatusResponseSchema>;

export const TermsAcceptRequestSchema = z
  .object({
    /** The version the player read; a version other than the current one is refused (409), so nobody accepts unseen terms. */
    version: z.number().int().min(1).max(1_000_000),
  })
  .strict();
export type TermsAcceptRequest = z.infer<typeof TermsAcceptRequestSchema>;

export const TermsAcceptResponseSchema = z.object({
  result: z.literal(true),
  version: z.number().int(),
  acceptedAt: z.iso.datetime(),
});
export type TermsAcceptResponse = z.infer<typeof TermsAcceptResponseSchema>;

/** SPEC §8: a player call refused until changed terms are confirmed answers 451 with this exception code. */
export const TERMS_EXCEPTION_CODE = 1;

export const TermsErrorCode = {
  /** 451: the terms changed and this player has not accepted them (body carries `exception_code: 1`). */
  notAccepted: 'terms_not_accepted',
  /** 409: the version sent is not the current one (the page is out of date). */
  versionMismatch: 'terms_version_mismatch',
  /** 401 */
  unauthorized: 'unauthorized',
} as const;
export type TermsErrorCode = (typeof TermsErrorCode)[keyof typeof TermsErrorCode];

/** 451 body: `ApiErrorSchema` plus SPEC §8 `exception_code`. */
export const TermsRefusalSchema = ApiErrorSchema.extend({ exception_code: z.literal(TERMS_EXCEPTION_CODE) });

export const TERMS_OPERATIONS: readonly ApiOperation[] = [
  {
    method: 'GET',
    path: TERMS_API.status,
    tag: 'terms',
    auth: 'player',
    summary: 'Whether the player must confirm changed terms (SPEC §7 agreement-rules status)',
    description: '`result` true while the confirm-terms option is on and the player accepted an older version than the site\'s current one (and registered before it was published). The site polls it every 60 s. Never cached.',
    responses: { 200: TermsStatusResponseSchema, 401: ApiErrorSchema },
  },
  {
    method: 'POST',
    path: TERMS_API.accept,
    tag: 'terms',
    auth: 'player',
    summary: 'Accept the current terms',
    description: 'Records the version and the time (a repeated accept keeps the first time). A version other than the current one answers 409. While terms are not accepted, other writes of the player under /web-api answer 451 with `exception_code: 1` (logout, withdrawal and the reality check excepted).',
    body: TermsAcceptRequestSchema,
    responses: { 200: TermsAcceptResponseSchema, 400: ApiErrorSchema, 401: ApiErrorSchema, 409: ApiErrorSchema, 451: TermsRefusalSchema },
  },
];
