/**
 * The player's own state as the guards read it (issue 12): ban level, terms to confirm,
 * identification due. Server and browser both build `UserFacts` through here, so the
 * first request and client navigation judge the same player the same way.
 */
import { plainUserFacts, type UserFacts } from './types.ts';

/** What the site publishes about its terms (site config `terms`). */
export interface TermsPublication {
  /** The current terms version; players confirm this number. */
  version: number;
  /** When that version was published (ISO 8601), or null when not known. */
  updatedAt: string | null;
}

export interface PlayerTermsState {
  /** The terms version the player last accepted (0: none since registration). */
  acceptedVersion: number;
  /** Epoch ms of registration. */
  registeredAt: number;
}

/**
 * SPEC §4/§5: terms changed for a player who accepted an older version — unless they
 * registered after the current version was published (registering accepts the terms
 * then in force). Only while the site's confirm-terms option is on.
 */
export function termsChanged(confirmTermsEnabled: boolean, terms: TermsPublication, player: PlayerTermsState): boolean {
  if (!confirmTermsEnabled || player.acceptedVersion >= terms.version) return false;
  const publishedAt = terms.updatedAt === null ? Number.NaN : Date.parse(terms.updatedAt);
  return !(Number.isFinite(publishedAt) && player.registeredAt >= publishedAt);
}

export interface PlayerGuardState {
  banLevel: number;
  termsChanged: boolean;
  /** The operator asked for identification (`need_identification`) … */
  needIdentification: boolean;
  /** … and the player has not passed it yet (domain `isVerified`). */
  verified: boolean;
}

/** The parts of `UserFacts` the player's record decides; serialisable (the browser gets it in the root data). */
export interface PlayerGuardFacts {
  banLevel: number;
  termsChanged: boolean;
  identificationRequired: boolean;
}

export function playerGuardFacts(state: PlayerGuardState): PlayerGuardFacts {
  return {
    banLevel: Math.max(0, Math.trunc(state.banLevel)),
    termsChanged: state.termsChanged,
    identificationRequired: state.needIdentification && !state.verified,
  };
}

/** `UserFacts` for the guards: plain defaults for a visitor, the player's facts when logged in. */
export function userFactsOf(loggedIn: boolean, player: PlayerGuardFacts | null): UserFacts {
  const plain = plainUserFacts(loggedIn);
  if (!loggedIn || player === null) return plain;
  return { ...plain, banLevel: player.banLevel, termsChanged: player.termsChanged, identificationRequired: player.identificationRequired };
}
