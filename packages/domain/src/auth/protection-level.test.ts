import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  PROTECTION_METHODS,
  PROTECTION_WEIGHTS,
  protectionLevel,
  protectionStatus,
  type ProtectionMethod,
  type ProtectionMethods,
} from './protection-level.ts';

const none: ProtectionMethods = {
  is_changed_password: false,
  enable_two_factor_auth: false,
  enable_phone_binding: false,
  enable_security_question: false,
  enable_email_auth: false,
};
const methodsArb = fc.record(Object.fromEntries(PROTECTION_METHODS.map((m) => [m, fc.boolean()])) as Record<ProtectionMethod, fc.Arbitrary<boolean>>);
const only = (...on: ProtectionMethod[]): ProtectionMethods => ({ ...none, ...Object.fromEntries(on.map((m) => [m, true])) });

describe('protection status (SPEC §4)', () => {
  it.each([
    [null, 'none'],
    [Number.NaN, 'none'],
    [0, 'bad'],
    [30, 'bad'],
    [30.5, 'normal'],
    [31, 'normal'],
    [69, 'normal'],
    [70, 'good'],
    [99, 'good'],
    [100, 'full'],
  ] as const)('level %s is %s', (level, status) => {
    expect(protectionStatus(level)).toBe(status);
  });

  it('never goes down as the level goes up', () => {
    const order = ['bad', 'normal', 'good', 'full'];
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 100 }), (a, b) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        expect(order.indexOf(protectionStatus(low))).toBeLessThanOrEqual(order.indexOf(protectionStatus(high)));
      }),
    );
  });
});

describe('protection level', () => {
  it('weights add up to exactly 100, each positive', () => {
    expect(Object.values(PROTECTION_WEIGHTS).reduce((a, b) => a + b, 0)).toBe(100);
    for (const method of PROTECTION_METHODS) expect(PROTECTION_WEIGHTS[method]).toBeGreaterThan(0);
  });

  it.each([
    [[], 0, 'bad'],
    [['is_changed_password', 'enable_email_auth'], 30, 'bad'],
    [['enable_two_factor_auth'], 40, 'normal'],
    [['enable_two_factor_auth', 'enable_phone_binding', 'enable_email_auth'], 75, 'good'],
    [[...PROTECTION_METHODS], 100, 'full'],
  ] as const)('%j → %i (%s)', (on, level, status) => {
    expect(protectionLevel(only(...on))).toBe(level);
    expect(protectionStatus(protectionLevel(only(...on)))).toBe(status);
  });

  it('is between 0 and 100, and full only with every method on', () => {
    fc.assert(
      fc.property(methodsArb, (methods) => {
        const level = protectionLevel(methods);
        expect(level).toBeGreaterThanOrEqual(0);
        expect(level).toBeLessThanOrEqual(100);
        expect(level === 100).toBe(PROTECTION_METHODS.every((m) => methods[m]));
      }),
    );
  });

  it('turning a method on raises the level by its weight', () => {
    fc.assert(
      fc.property(methodsArb, fc.constantFrom(...PROTECTION_METHODS), (methods, method) => {
        const off = protectionLevel({ ...methods, [method]: false });
        const on = protectionLevel({ ...methods, [method]: true });
        expect(on - off).toBe(PROTECTION_WEIGHTS[method]);
      }),
    );
  });
});
