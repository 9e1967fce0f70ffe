import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { runGuardPipeline } from './pipeline.ts';
import { playerGuardFacts, termsChanged, userFactsOf } from './player-state.ts';
import { testContext } from './test-context.ts';
import { plainUserFacts } from './types.ts';

const PUBLISHED = '2026-06-01T00:00:00.000Z';
const terms = { version: 3, updatedAt: PUBLISHED };
const before = Date.parse(PUBLISHED) - 1;

describe('termsChanged (SPEC §4/§5 terms change)', () => {
  it('an older accepted version must be confirmed; the current one need not', () => {
    expect(termsChanged(true, terms, { acceptedVersion: 2, registeredAt: before })).toBe(true);
    expect(termsChanged(true, terms, { acceptedVersion: 3, registeredAt: before })).toBe(false);
    expect(termsChanged(true, terms, { acceptedVersion: 4, registeredAt: before })).toBe(false);
  });

  it('only while the confirm-terms option is on', () => {
    expect(termsChanged(false, terms, { acceptedVersion: 0, registeredAt: before })).toBe(false);
  });

  it('a player who registered after the version was published accepted it then', () => {
    expect(termsChanged(true, terms, { acceptedVersion: 0, registeredAt: Date.parse(PUBLISHED) })).toBe(false);
    expect(termsChanged(true, { version: 3, updatedAt: null }, { acceptedVersion: 0, registeredAt: Date.parse(PUBLISHED) })).toBe(true);
  });

  it('property: accepting the current version always clears it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1000 }), fc.integer({ min: 0, max: 1000 }), fc.boolean(), fc.integer({ min: 0, max: 2 ** 42 }), (version, accepted, on, registeredAt) => {
        const publication = { version, updatedAt: PUBLISHED };
        expect(termsChanged(on, publication, { acceptedVersion: version, registeredAt })).toBe(false);
        if (termsChanged(on, publication, { acceptedVersion: accepted, registeredAt })) {
          expect(on && accepted < version && registeredAt < Date.parse(PUBLISHED)).toBe(true);
        }
      }),
    );
  });
});

describe('player facts for the guards', () => {
  it('identification is required when asked for and not verified', () => {
    expect(playerGuardFacts({ banLevel: 0, termsChanged: false, needIdentification: true, verified: false }).identificationRequired).toBe(true);
    expect(playerGuardFacts({ banLevel: 0, termsChanged: false, needIdentification: true, verified: true }).identificationRequired).toBe(false);
    expect(playerGuardFacts({ banLevel: 0, termsChanged: false, needIdentification: false, verified: false }).identificationRequired).toBe(false);
  });

  it('a visitor keeps the plain facts whatever a record says', () => {
    const facts = { banLevel: 2, termsChanged: true, identificationRequired: true };
    expect(userFactsOf(false, facts)).toEqual(plainUserFacts(false));
    expect(userFactsOf(true, null)).toEqual(plainUserFacts(true));
    expect(userFactsOf(true, facts)).toMatchObject({ loggedIn: true, ...facts, navigationBlocked: false });
  });

  const pipeline = (url: string, user: ReturnType<typeof userFactsOf>, from: string | null = null) =>
    runGuardPipeline(testContext({ url, from, user })).decision;

  it('the pipeline sends a changed-terms player to confirm, and back home once accepted', () => {
    const changed = userFactsOf(true, { banLevel: 0, termsChanged: true, identificationRequired: false });
    expect(pipeline('/en/line', changed)).toEqual({ kind: 'redirect', url: '/en/confirm', status: 302 });
    expect(pipeline('/en/office/deduce', changed).kind).toBe('continue');
    const accepted = userFactsOf(true, { banLevel: 0, termsChanged: false, identificationRequired: false });
    expect(pipeline('/en/confirm', accepted)).toEqual({ kind: 'redirect', url: '/en/', status: 302 });
  });

  it('the pipeline sends a player who must identify to the office identification route', () => {
    const must = userFactsOf(true, { banLevel: 0, termsChanged: false, identificationRequired: true });
    expect(pipeline('/en/line', must)).toEqual({ kind: 'redirect', url: '/en/office/identification', status: 302 });
    expect(pipeline('/en/office/identification', must).kind).toBe('continue');
  });

  it('a ban decides before terms and identification', () => {
    const all = userFactsOf(true, { banLevel: 2, termsChanged: true, identificationRequired: true });
    expect(pipeline('/en/line', all, '/en/contacts')).toEqual({ kind: 'cancel', reason: 'banned', code: 45 });
  });
});
