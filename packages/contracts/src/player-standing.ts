/**
 * The operator's say on a player's standing (issue 12, decision 0020): the ban level
 * (SPEC §3 ban_level: 0 none, 1 withdrawal only, higher everything closed) and whether
 * identification is required (SPEC §3 need_identification → is_need_identification).
 */
import { z } from 'zod';
import { ApiErrorSchema } from './errors.ts';
import type { ApiOperation } from './operations.ts';
import { UuidParamsSchema } from './params.ts';

export const PLAYER_STANDING_API = {
  /** `PATCH` operator: `{ banLevel?, needIdentification? }` → the standing. */
  standing: '/ops-api/v1/players/:id/standing',
} as const;

export const PlayerStandingPatchSchema = z
  .object({
    banLevel: z.number().int().min(0).max(9),
    needIdentification: z.boolean(),
  })
  .partial()
  .strict()
  .refine((patch) => Object.keys(patch).length > 0, { message: 'Nothing to change' });
export type PlayerStandingPatch = z.infer<typeof PlayerStandingPatchSchema>;

export const PlayerStandingSchema = z.object({
  userId: z.uuid(),
  banLevel: z.number().int(),
  /** Raised at each change of the ban level (SPEC §3 ban_version). */
  banVersion: z.number().int(),
  needIdentification: z.boolean(),
});
export type PlayerStanding = z.infer<typeof PlayerStandingSchema>;

export const PLAYER_STANDING_OPERATIONS: readonly ApiOperation[] = [
  {
    method: 'PATCH',
    path: PLAYER_STANDING_API.standing,
    tag: 'ops',
    auth: 'operator',
    summary: 'Set a player\'s ban level and whether identification is required',
    description: 'Ban level 0 none, 1 withdrawal only (code 53), higher everything closed but the allowed pages (code 45); the guards and the money paths read it at the player\'s next page or call. `needIdentification` sends an unverified player to the office identification page.',
    params: UuidParamsSchema,
    body: PlayerStandingPatchSchema,
    responses: { 200: PlayerStandingSchema, 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema },
  },
];
