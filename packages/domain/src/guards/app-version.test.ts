import { describe, expect, it } from 'vitest';
import { appVersionGuard } from './app-version.ts';
import { testContext } from './test-context.ts';

describe('app-version guard', () => {
  it.each<[string, string, 'document' | 'navigation', string]>([
    ['0.9.0', '1.0.0', 'navigation', 'reload'],
    ['1.0.0', '1.0.0', 'navigation', 'continue'],
    ['1.1.0', '1.0.0', 'navigation', 'continue'],
    ['0.9.0', '1.0.0', 'document', 'continue'],
    ['1.0.0-rc.1', '1.0.0', 'navigation', 'reload'],
    ['unknown', '1.0.0', 'navigation', 'continue'],
  ])('loaded %s, site %s, %s → %s', (loadedAppVersion, appVersion, phase, kind) => {
    expect(appVersionGuard(testContext({ loadedAppVersion, site: { appVersion }, phase })).kind).toBe(kind);
  });
});
