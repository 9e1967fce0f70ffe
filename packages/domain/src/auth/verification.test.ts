import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  activationTypeWith,
  areContactsFilled,
  banCode,
  faceIdGroupCode,
  isProfileComplete,
  isVerified,
  missingProfileFields,
  playerRights,
  remainingDaysToActivate,
  REQUIRED_PROFILE_FIELDS,
  type ActivationType,
  type PlayerState,
  type UserData,
} from './verification.ts';

const complete: UserData = {
  date_birthday: '1990-05-17',
  document_type_id: 1,
  inn: null,
  name: 'Anna',
  passport: '4509 123456',
  passport_date: '2010-06-01',
  passport_end_date: null,
  registration_address: 'Moscow, Tverskaya 1',
  surname: 'Ivanova',
};

describe('required profile fields (SPEC §5)', () => {
  it('are complete with birth date, name, surname, passport, passport date and address', () => {
    expect(isProfileComplete(complete)).toBe(true);
    expect(missingProfileFields(complete)).toEqual([]);
  });

  it.each(REQUIRED_PROFILE_FIELDS)('are incomplete without %s (null, empty or blank)', (field) => {
    for (const value of [null, '', '   ', undefined]) {
      const data = { ...complete, [field]: value };
      expect(isProfileComplete(data)).toBe(false);
      expect(missingProfileFields(data)).toEqual([field]);
    }
  });

  it('do not need the optional fields (inn, document type, passport end date)', () => {
    expect(isProfileComplete({ ...complete, inn: null, document_type_id: null, passport_end_date: null })).toBe(true);
  });

  it('report the missing fields in SPEC order', () => {
    expect(missingProfileFields({})).toEqual([...REQUIRED_PROFILE_FIELDS]);
    expect(missingProfileFields({ name: 'A', passport: 'P' })).toEqual(['date_birthday', 'surname', 'passport_date', 'registration_address']);
  });

  it('complete exactly when nothing is missing (property)', () => {
    const value = fc.option(fc.oneof(fc.constant(''), fc.constant(' '), fc.string({ minLength: 1 })), { nil: null });
    fc.assert(
      fc.property(fc.record(Object.fromEntries(REQUIRED_PROFILE_FIELDS.map((f) => [f, value]))), (data) => {
        expect(isProfileComplete(data)).toBe(missingProfileFields(data).length === 0);
      }),
    );
  });
});

describe('contact fields (SPEC §5)', () => {
  it.each([
    ['+447700900123', 'a@example.com', true],
    ['+447700900123', null, false],
    [null, 'a@example.com', false],
    ['', 'a@example.com', false],
    [null, null, false],
  ])('phone %s and e-mail %s → %s', (phone, email, filled) => {
    expect(areContactsFilled({ phone, email })).toBe(filled);
  });
});

describe('verified (SPEC §5)', () => {
  it.each([
    [1, null, false, true],
    [0, 'VERIFICATION_SUCCESSFUL', false, true],
    [1, 'VERIFICATION_SUCCESSFUL', false, true],
    [1, null, true, false],
    [0, 'VERIFICATION_SUCCESSFUL', true, false],
    [0, null, false, false],
    [2, 'VERIFICATION_DENIED', false, false],
    [null, 'VERIFICATION_PENDING', false, false],
    [0, 'verification_successful', false, false],
  ])('internal status %s, group %s, extra document %s → %s', (internal, group, extra, verified) => {
    expect(isVerified({ internalVerificationStatus: internal, verificationStatusGroupCode: group, requestedAdditionalDocument: extra })).toBe(verified);
  });

  it('is never verified while an extra document is requested (property)', () => {
    fc.assert(
      fc.property(fc.option(fc.integer({ min: -1, max: 5 }), { nil: null }), fc.option(fc.string(), { nil: null }), (internal, group) => {
        expect(isVerified({ internalVerificationStatus: internal, verificationStatusGroupCode: group, requestedAdditionalDocument: true })).toBe(false);
      }),
    );
  });
});

describe('face-id results (SPEC §4)', () => {
  it('map Closed to denied, Active to successful, UNVERIFIED to pending', () => {
    expect(faceIdGroupCode('Closed')).toBe('VERIFICATION_DENIED');
    expect(faceIdGroupCode('Active')).toBe('VERIFICATION_SUCCESSFUL');
    expect(faceIdGroupCode('UNVERIFIED')).toBe('VERIFICATION_PENDING');
  });

  it('an Active result verifies a player without extra documents', () => {
    expect(isVerified({ internalVerificationStatus: 0, verificationStatusGroupCode: faceIdGroupCode('Active'), requestedAdditionalDocument: false })).toBe(true);
    expect(isVerified({ internalVerificationStatus: 0, verificationStatusGroupCode: faceIdGroupCode('Closed'), requestedAdditionalDocument: false })).toBe(false);
  });
});

describe('activation type (SPEC §3, §4 phone update)', () => {
  it.each([
    [0, 'phone', 3],
    [1, 'phone', 2],
    [2, 'phone', 2],
    [3, 'phone', 3],
    [0, 'email', 1],
    [3, 'email', 2],
    [1, 'email', 1],
    [2, 'email', 2],
  ] as const)('%i with a proven %s becomes %i', (type, proven, expected) => {
    expect(activationTypeWith(type, proven)).toBe(expected);
  });

  it('only ever adds contacts, and both proofs in any order give 2 (property)', () => {
    const type = fc.constantFrom<ActivationType>(0, 1, 2, 3);
    fc.assert(
      fc.property(type, (t) => {
        expect(activationTypeWith(activationTypeWith(t, 'email'), 'phone')).toBe(2);
        expect(activationTypeWith(activationTypeWith(t, 'phone'), 'email')).toBe(2);
        expect(activationTypeWith(activationTypeWith(t, 'phone'), 'phone')).toBe(activationTypeWith(t, 'phone'));
      }),
    );
  });
});

describe('remaining days to activate', () => {
  const DAY = 24 * 3600 * 1000;
  const registeredAt = Date.UTC(2026, 0, 1);
  const days = (now: number, extra: Partial<Parameters<typeof remainingDaysToActivate>[0]> = {}) =>
    remainingDaysToActivate({ needsEmailActivation: true, emailVerifiedAt: null, registeredAt, now, periodDays: 14, ...extra });

  it('counts whole days left, rounded up, down to 0', () => {
    expect(days(registeredAt)).toBe(14);
    expect(days(registeredAt + 1)).toBe(14);
    expect(days(registeredAt + DAY)).toBe(13);
    expect(days(registeredAt + 14 * DAY - 1)).toBe(1);
    expect(days(registeredAt + 14 * DAY)).toBe(0);
    expect(days(registeredAt + 100 * DAY)).toBe(0);
  });

  it('is null once confirmed, or with nothing to confirm', () => {
    expect(days(registeredAt, { emailVerifiedAt: registeredAt })).toBeNull();
    expect(days(registeredAt, { needsEmailActivation: false })).toBeNull();
  });

  it('never grows as time passes and stays within the period (property)', () => {
    fc.assert(
      fc.property(fc.nat(40 * DAY), fc.nat(40 * DAY), fc.integer({ min: 1, max: 60 }), (a, b, periodDays) => {
        const [early, late] = a <= b ? [a, b] : [b, a];
        const first = days(registeredAt + early, { periodDays })!;
        const second = days(registeredAt + late, { periodDays })!;
        expect(second).toBeLessThanOrEqual(first);
        expect(first).toBeGreaterThanOrEqual(0);
        expect(first).toBeLessThanOrEqual(periodDays);
      }),
    );
  });
});

describe('player rights', () => {
  const player: PlayerState = {
    banLevel: 0,
    internalVerificationStatus: 0,
    verificationStatusGroupCode: null,
    requestedAdditionalDocument: false,
    remainingDaysToActivate: null,
    needsIdentification: false,
  };

  it('lets a player in good standing do everything', () => {
    expect(playerRights(player)).toEqual({ canBet: true, canPlayCasino: true, canDeposit: true, canWithdraw: true, banCode: null });
  });

  it('ban level 1 may only withdraw (code 53); higher levels nothing (code 45)', () => {
    expect(playerRights({ ...player, banLevel: 1 })).toEqual({ canBet: false, canPlayCasino: false, canDeposit: false, canWithdraw: true, banCode: 53 });
    expect(playerRights({ ...player, banLevel: 2 })).toEqual({ canBet: false, canPlayCasino: false, canDeposit: false, canWithdraw: false, banCode: 45 });
    expect(banCode(0)).toBeNull();
  });

  it('an unconfirmed e-mail may play and deposit in the period but never withdraw; after it, nothing', () => {
    expect(playerRights({ ...player, remainingDaysToActivate: 3 })).toMatchObject({ canBet: true, canDeposit: true, canWithdraw: false });
    expect(playerRights({ ...player, remainingDaysToActivate: 0 })).toMatchObject({ canBet: false, canPlayCasino: false, canDeposit: false, canWithdraw: false });
  });

  it('a player sent to identification withdraws only once verified', () => {
    expect(playerRights({ ...player, needsIdentification: true }).canWithdraw).toBe(false);
    expect(playerRights({ ...player, needsIdentification: true, internalVerificationStatus: 1 }).canWithdraw).toBe(true);
  });

  it('a banned player never bets or deposits, whatever else holds (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 9 }),
        fc.option(fc.nat(30), { nil: null }),
        fc.boolean(),
        fc.option(fc.integer({ min: 0, max: 2 }), { nil: null }),
        (banLevel, remaining, needsIdentification, internal) => {
          const rights = playerRights({ ...player, banLevel, remainingDaysToActivate: remaining, needsIdentification, internalVerificationStatus: internal });
          expect(rights.canBet || rights.canDeposit || rights.canPlayCasino).toBe(false);
          expect(rights.banCode).not.toBeNull();
          if (banLevel > 1) expect(rights.canWithdraw).toBe(false);
        },
      ),
    );
  });
});
