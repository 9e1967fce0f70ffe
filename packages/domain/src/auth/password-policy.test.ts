import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORDS } from './common-passwords.ts';
import { checkPassword, isCommonPassword, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, passwordLength } from './password-policy.ts';

describe('password policy', () => {
  it.each([
    ['', 'too_short'],
    ['Tr0ub4d', 'too_short'],
    ['Tr0ub4d&', null],
    ['correct horse battery staple', null],
    ['a'.repeat(64) + 'Zz9!', null],
    ['x'.repeat(PASSWORD_MAX_LENGTH), null],
    ['x'.repeat(PASSWORD_MAX_LENGTH + 1), 'too_long'],
    ['password', 'common'],
    ['PassWord1', 'common'],
    ['QWERTYUIOP', 'common'],
    ['iloveyou', 'common'],
    ['12345678', 'common'],
  ] as const)('%j → %s', (password, problem) => {
    expect(checkPassword(password)).toBe(problem);
  });

  it('counts characters as the user sees them (code points), not UTF-16 units', () => {
    expect(passwordLength('🎲🎲🎲🎲🎲🎲🎲')).toBe(7);
    expect(checkPassword('🎲🎲🎲🎲🎲🎲🎲')).toBe('too_short');
    expect(checkPassword('🎲🎲🎲🎲🎲🎲🎲🎲')).toBeNull();
  });

  it('refuses the login, the e-mail and its local part, ignoring case', () => {
    const identifiers = ['Jane.Doe.Example@mail.test', '100000123', null];
    expect(checkPassword('jane.doe.example@mail.test', { identifiers })).toBe('same_as_login');
    expect(checkPassword('JANE.DOE.EXAMPLE', { identifiers })).toBe('same_as_login');
    expect(checkPassword('100000123', { identifiers })).toBe('same_as_login');
    expect(checkPassword('jane.doe.example!', { identifiers })).toBeNull();
  });

  it('bundles about a thousand common passwords, all long enough to pass the length rule', () => {
    expect(COMMON_PASSWORDS.size).toBeGreaterThan(1000);
    for (const word of COMMON_PASSWORDS) {
      expect(word).toBe(word.toLowerCase());
      expect(word.length).toBeGreaterThanOrEqual(PASSWORD_MIN_LENGTH);
      expect(checkPassword(word.toUpperCase())).toBe('common');
    }
  });

  it('accepts every long enough, uncommon password and refuses every short one (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', minLength: 0, maxLength: 140 }), (password) => {
        const problem = checkPassword(password);
        const length = passwordLength(password);
        if (length < PASSWORD_MIN_LENGTH) expect(problem).toBe('too_short');
        else if (length > PASSWORD_MAX_LENGTH) expect(problem).toBe('too_long');
        else expect(problem).toBe(isCommonPassword(password) ? 'common' : null);
      }),
    );
  });
});
