import { describe, expect, it } from 'vitest';
import { LOGIN_MODES, nextTabIndex } from './login-modes.tsx';

describe('login mode tabs: keyboard', () => {
  it('has the four SPEC §4 modes, the password mode first', () => {
    expect(LOGIN_MODES).toEqual(['login_password', 'phone_password', 'sms', 'qr']);
  });

  it.each([
    ['ArrowRight', 0, 1],
    ['ArrowRight', 3, 0],
    ['ArrowLeft', 0, 3],
    ['ArrowLeft', 2, 1],
    ['Home', 2, 0],
    ['End', 1, 3],
    ['Tab', 1, null],
    ['Enter', 1, null],
  ] as const)('%s from tab %i → %s', (key, current, expected) => {
    expect(nextTabIndex(key, current, 4)).toBe(expected);
  });

  it('mirrors the arrows right to left', () => {
    expect(nextTabIndex('ArrowLeft', 0, 4, true)).toBe(1);
    expect(nextTabIndex('ArrowRight', 0, 4, true)).toBe(3);
  });

  it('moves nowhere without tabs', () => {
    expect(nextTabIndex('ArrowRight', 0, 0)).toBeNull();
  });
});
