/**
 * The player's state the route guards read (issue 12, decision 0020): ban level, terms to
 * confirm, identification due — from one row of `users`, on every page a player loads
 * (SSR) and in the root data the browser guards with.
 */
import type { Kysely } from 'kysely';
import type { SiteConfig } from '@betsite/contracts';
import type { Database } from '@betsite/db';
import { isVerified, playerGuardFacts, termsChanged, type PlayerGuardFacts } from '@betsite/domain';

export interface PlayerTermsRow {
  ban_level: number;
  need_identification: boolean;
  internal_verification_status: number;
  verification_status_group_code: string | null;
  requested_additional_document: boolean;
  terms_accepted_version: number;
  created_at: Date;
}

async function playerRow(db: Kysely<Database>, userId: string): Promise<PlayerTermsRow | undefined> {
  return db
    .selectFrom('users')
    .select([
      'ban_level',
      'need_identification',
      'internal_verification_status',
      'verification_status_group_code',
      'requested_additional_document',
      'terms_accepted_version',
      'created_at',
    ])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/** Whether this player must confirm changed terms now (SPEC §4/§5). */
export function mustConfirmTerms(row: Pick<PlayerTermsRow, 'terms_accepted_version' | 'created_at'>, site: SiteConfig): boolean {
  return termsChanged(site.flags.confirmTermsEnabled, site.terms, {
    acceptedVersion: row.terms_accepted_version,
    registeredAt: row.created_at.getTime(),
  });
}

/** The guard facts of a player; null when there is no such player (a session of a deleted user). */
export async function loadPlayerGuardFacts(db: Kysely<Database>, userId: string, site: SiteConfig): Promise<PlayerGuardFacts | null> {
  const row = await playerRow(db, userId);
  if (!row) return null;
  return playerGuardFacts({
    banLevel: row.ban_level,
    termsChanged: mustConfirmTerms(row, site),
    needIdentification: row.need_identification,
    verified: isVerified({
      internalVerificationStatus: row.internal_verification_status,
      verificationStatusGroupCode: row.verification_status_group_code,
      requestedAdditionalDocument: row.requested_additional_document,
    }),
  });
}

/** Whether the player must confirm changed terms, read fresh (the 451 check and the status call). */
export async function loadMustConfirmTerms(db: Kysely<Database>, userId: string, site: SiteConfig): Promise<boolean> {
  if (!site.flags.confirmTermsEnabled) return false;
  const row = await db.selectFrom('users').select(['terms_accepted_version', 'created_at']).where('id', '=', userId).executeTakeFirst();
  return row !== undefined && mustConfirmTerms(row, site);
}
