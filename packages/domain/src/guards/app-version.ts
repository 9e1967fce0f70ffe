/** Stage `app-version`: a client running an older app than the server ships reloads. */
import { compareVersions } from '../version.ts';
import { proceed } from './context.ts';
import type { Guard } from './types.ts';

/** Only client navigation can be stale; the first request is served by the current build. */
export const appVersionGuard: Guard = (ctx) =>
  ctx.phase === 'navigation' && compareVersions(ctx.loadedAppVersion, ctx.site.appVersion) === -1
    ? { kind: 'reload' }
    : proceed;
