import { describe, expect, it } from 'vitest';
import { authRedirectGuard } from './auth-redirect.ts';
import { testContext } from './test-context.ts';

describe('auth-redirect guard', () => {
  it.each<[string, boolean, string | null]>([
    ['/en/user/passwordreset', true, '/en/'],
    ['/en/user/passwordreset', false, null],
    ['/en/user/login', true, null],
    ['/en/line', true, null],
  ])('%s (logged in %s) → %s', (url, loggedIn, target) => {
    expect(authRedirectGuard(testContext({ url, user: { loggedIn } }))).toEqual(
      target === null ? { kind: 'continue' } : { kind: 'redirect', url: target, status: 302 },
    );
  });
});
