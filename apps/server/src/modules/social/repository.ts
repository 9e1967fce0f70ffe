/**
 * Social sign-in storage: round trips in progress, pending registrations, identities,
 * spent one-tap credentials, and the one transaction that creates a social player.
 * Secrets are looked up by their SHA-256 only.
 */
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, JsonObject } from '@betsite/db';

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** What the start of a sign-in chose, carried to its end. */
export interface SignInChoices {
  language: string;
  currency: string | null;
  country: string | null;
  bonusChoice: number | null;
  referral: Readonly<Record<string, string>>;
  returnTo: string | null;
}

export interface NewState extends SignInChoices {
  state: string;
  browser: string;
  provider: string;
  intent: 'login' | 'registration';
  codeVerifier: string;
  nonce: string;
  redirectUri: string;
  expiresAt: Date;
}

export interface StoredState extends SignInChoices {
  provider: string;
  intent: 'login' | 'registration';
  codeVerifier: string;
  nonce: string;
  redirectUri: string;
}

/** The identity a provider vouched for. */
export interface ProviderIdentity {
  provider: string;
  subject: string;
  /** Only when the provider says it verified it; otherwise null. */
  verifiedEmail: string | null;
  /** Any e-mail the provider gave (kept on the identity for support). */
  email: string | null;
  name: string | null;
}

export interface PendingRegistration extends SignInChoices {
  provider: string;
  subject: string;
  email: string | null;
  name: string | null;
  expiresAt: Date;
}

export interface NewSocialPlayer {
  identity: ProviderIdentity;
  passwordHash: string;
  currency: string;
  country: string;
  language: string;
  bonusChoice: number | null;
  referral: Readonly<Record<string, string>>;
}

export type StateLookup = { ok: true; state: StoredState } | { ok: false; reason: 'invalid' | 'expired' };

class IdentityTaken extends Error {}

const choicesOf = (row: {
  language: string;
  currency: string | null;
  country: string | null;
  bonus_choice: number | null;
  referral: JsonObject;
  return_to: string | null;
}): SignInChoices => ({
  language: row.language,
  currency: row.currency,
  country: row.country,
  bonusChoice: row.bonus_choice,
  referral: Object.fromEntries(Object.entries(row.referral).filter((e): e is [string, string] => typeof e[1] === 'string')),
  returnTo: row.return_to,
});

export function createSocialRepository(db: Kysely<Database>) {
  return {
    async saveState(state: NewState, now: Date): Promise<void> {
      await db
        .insertInto('social_auth_states')
        .values({
          state_hash: sha256(state.state),
          browser_hash: sha256(state.browser),
          provider: state.provider,
          intent: state.intent,
          code_verifier: state.codeVerifier,
          nonce: state.nonce,
          redirect_uri: state.redirectUri,
          language: state.language,
          currency: state.currency,
          country: state.country,
          bonus_choice: state.bonusChoice,
          referral: JSON.stringify(state.referral),
          return_to: state.returnTo,
          created_at: now,
          expires_at: state.expiresAt,
        })
        .execute();
    },

    /**
     * Spends the round trip named by `state`, if this browser started it: exactly once.
     * Unknown, foreign, used and expired states all end here.
     */
    async takeState(state: string, browser: string | undefined, now: Date): Promise<StateLookup> {
      const stateHash = sha256(state);
      const row = await db.selectFrom('social_auth_states').selectAll().where('state_hash', '=', stateHash).executeTakeFirst();
      if (!row || row.used_at !== null || !browser || sha256(browser) !== row.browser_hash) return { ok: false, reason: 'invalid' };
      if (row.expires_at.getTime() <= now.getTime()) return { ok: false, reason: 'expired' };
      const spent = await db
        .updateTable('social_auth_states')
        .set({ used_at: now })
        .where('state_hash', '=', stateHash)
        .where('used_at', 'is', null)
        .returning('state_hash')
        .executeTakeFirst();
      if (!spent) return { ok: false, reason: 'invalid' };
      return {
        ok: true,
        state: {
          ...choicesOf(row),
          provider: row.provider,
          intent: row.intent,
          codeVerifier: row.code_verifier,
          nonce: row.nonce,
          redirectUri: row.redirect_uri,
        },
      };
    },

    /** The player behind a provider's subject, noting this sign-in. */
    async touchIdentity(provider: string, subject: string, email: string | null, now: Date): Promise<string | null> {
      const row = await db
        .updateTable('social_identities')
        .set({ last_login_at: now, email })
        .where('provider', '=', provider)
        .where('subject', '=', subject)
        .returning('user_id')
        .executeTakeFirst();
      return row?.user_id ?? null;
    },

    async savePending(ticket: string, identity: ProviderIdentity, choices: SignInChoices, now: Date, expiresAt: Date): Promise<void> {
      await db
        .insertInto('social_pending_registrations')
        .values({
          ticket_hash: sha256(ticket),
          provider: identity.provider,
          subject: identity.subject,
          email: identity.verifiedEmail,
          name: identity.name,
          language: choices.language,
          currency: choices.currency,
          country: choices.country,
          bonus_choice: choices.bonusChoice,
          referral: JSON.stringify(choices.referral),
          return_to: choices.returnTo,
          created_at: now,
          expires_at: expiresAt,
        })
        .execute();
    },

    async findPending(ticket: string, now: Date): Promise<PendingRegistration | null> {
      const row = await db
        .selectFrom('social_pending_registrations')
        .selectAll()
        .where('ticket_hash', '=', sha256(ticket))
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      return row ? { ...choicesOf(row), provider: row.provider, subject: row.subject, email: row.email, name: row.name, expiresAt: row.expires_at } : null;
    },

    /** Spends a pending registration, exactly once. */
    async takePending(ticket: string, now: Date): Promise<PendingRegistration | null> {
      const row = await db
        .updateTable('social_pending_registrations')
        .set({ used_at: now })
        .where('ticket_hash', '=', sha256(ticket))
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .returningAll()
        .executeTakeFirst();
      return row ? { ...choicesOf(row), provider: row.provider, subject: row.subject, email: row.email, name: row.name, expiresAt: row.expires_at } : null;
    },

    /** Records a one-tap credential as used; false when it already was (a replay). */
    async spendCredential(credential: string, expiresAt: Date): Promise<boolean> {
      const row = await db
        .insertInto('social_one_tap_uses')
        .values({ credential_hash: sha256(credential), expires_at: expiresAt })
        .onConflict((oc) => oc.column('credential_hash').doNothing())
        .returning('credential_hash')
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * Creates a soc_reg player and links the identity, in one transaction. A verified e-mail
     * is stored when no player has it; when one does, the player is created without it
     * (`emailTaken`): the address is neither linked to the other account nor revealed. When
     * the identity got linked meanwhile (the same identity finishing twice at once), nothing
     * is created and that player is answered (`created: false`).
     */
    async createSocialPlayer(input: NewSocialPlayer, now: Date): Promise<{ userId: string; created: boolean; emailTaken: boolean }> {
      const { identity } = input;
      try {
        return await db.transaction().execute(async (trx) => {
          const insert = (email: string | null) =>
            trx
              .insertInto('users')
              .values({
                email,
                password_hash: input.passwordHash,
                registration_type: 'soc_reg',
                country: input.country,
                currency: input.currency,
                language: input.language,
                bonus_choice: input.bonusChoice,
                referral: JSON.stringify(input.referral),
                email_verified_at: email ? now : null,
                activation_type: email ? 1 : 0,
                created_at: now,
              })
              .onConflict((oc) => oc.doNothing())
              .returning('id')
              .executeTakeFirst();
          let user = await insert(identity.verifiedEmail);
          const emailTaken = !user && identity.verifiedEmail !== null;
          if (!user && emailTaken) user = await insert(null);
          if (!user) throw new Error('social registration inserted no user');
          const linked = await trx
            .insertInto('social_identities')
            .values({ user_id: user.id, provider: identity.provider, subject: identity.subject, email: identity.email, created_at: now, last_login_at: now })
            .onConflict((oc) => oc.columns(['provider', 'subject']).doNothing())
            .returning('id')
            .executeTakeFirst();
          if (!linked) throw new IdentityTaken();
          return { userId: user.id, created: true, emailTaken };
        });
      } catch (error) {
        if (!(error instanceof IdentityTaken)) throw error;
        const row = await db
          .selectFrom('social_identities')
          .select('user_id')
          .where('provider', '=', identity.provider)
          .where('subject', '=', identity.subject)
          .executeTakeFirstOrThrow();
        return { userId: row.user_id, created: false, emailTaken: false };
      }
    },
  };
}

export type SocialRepository = ReturnType<typeof createSocialRepository>;
