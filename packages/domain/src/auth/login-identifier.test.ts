import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { classifyLogin } from './login-identifier.ts';

describe('classifyLogin', () => {
  it.each([
    ['jane@example.com', { kind: 'email', email: 'jane@example.com', key: 'email:jane@example.com' }],
    ['  Jane.Doe+bets@Example.CO.UK ', { kind: 'email', email: 'jane.doe+bets@example.co.uk', key: 'email:jane.doe+bets@example.co.uk' }],
    ['100000001', { kind: 'account', accountNumber: '100000001', key: 'account:100000001' }],
    [' 42 ', { kind: 'account', accountNumber: '42', key: 'account:42' }],
  ] as const)('%j', (login, expected) => {
    expect(classifyLogin(login)).toEqual(expected);
  });

  it.each(['', 'jane', 'jane@', '@example.com', 'jane@example', 'ja ne@example.com', '0123', '1234567890123456789', '12a', '+447700900123'])(
    '%j is neither an e-mail nor an account number',
    (login) => {
      expect(classifyLogin(login).kind).toBe('invalid');
    },
  );

  it('gives the same key to the same login however it is typed (property)', () => {
    fc.assert(
      fc.property(fc.emailAddress(), fc.boolean(), (email, upper) => {
        const typed = ` ${upper ? email.toUpperCase() : email} `;
        const a = classifyLogin(email);
        const b = classifyLogin(typed);
        expect(b.key).toBe(a.key);
      }),
    );
  });

  it('accepts every positive account number that fits a bigint (property)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 999_999_999_999_999_999n }), (n) => {
        expect(classifyLogin(String(n))).toMatchObject({ kind: 'account', accountNumber: String(n) });
      }),
    );
  });
});
