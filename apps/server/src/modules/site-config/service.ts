import type { z } from 'zod';
import { SiteConfigSchema, type SiteConfig, type SiteConfigPatch } from '@betsite/contracts';
import { announce } from '../../lib/bus.ts';
import type { ServiceDeps } from '../../lib/service-deps.ts';
import { cachedValue } from '../../lib/cached-value.ts';
import { AppError } from '../../lib/errors.ts';
import { toIssues } from '../../lib/validate.ts';
import { applyMergePatch } from './merge-patch.ts';
import { lockSiteConfig, readSiteConfig, writeSiteConfig, type StoredSiteConfig } from './repository.ts';

export interface VersionedSiteConfig {
  config: SiteConfig;
  /** Bumped by every change; decimal string (the SQL column is bigint). */
  version: string;
}

export interface SiteConfigService {
  /** The current site config (cached; every change invalidates it on every node). */
  get(): Promise<SiteConfig>;
  /** The current site config with its version. */
  getVersioned(): Promise<VersionedSiteConfig>;
  /** Applies a merge patch; 400 `invalid_site_config` (with details) when the result is invalid. */
  patch(patch: SiteConfigPatch): Promise<VersionedSiteConfig>;
  close(): Promise<void>;
}

/** A safety net only: changes arrive through the bus. */
const MAX_AGE_MS = 60_000;

export async function createSiteConfigService(deps: ServiceDeps): Promise<SiteConfigService> {
  const { db, bus, clock, logger } = deps;
  const cache = cachedValue(async () => toVersioned(await readSiteConfig(db)), { clock, maxAgeMs: MAX_AGE_MS });
  const unsubscribe = await bus.subscribe('site-config.changed', () => cache.invalidate());

  return {
    get: async () => (await cache.get()).config,
    getVersioned: () => cache.get(),
    async patch(patch) {
      const updated = await db.transaction().execute(async (trx) => {
        const current = toVersioned(await lockSiteConfig(trx));
        const result = SiteConfigSchema.superRefine(defaultLanguageOffered).safeParse(applyMergePatch(current.config, patch));
        if (!result.success) {
          throw new AppError(400, 'invalid_site_config', 'The patched site config is invalid', toIssues(result.error));
        }
        const version = await writeSiteConfig(trx, result.data, new Date(clock.now()));
        return { config: result.data, version: String(version) };
      });
      cache.invalidate();
      await announce(bus, logger, 'site-config.changed', { version: updated.version });
      return updated;
    },
    close: unsubscribe,
  };
}

/** Language resolution falls back to the default language (SPEC §5): it must be one the site offers. */
function defaultLanguageOffered(config: SiteConfig, ctx: z.RefinementCtx): void {
  if (!config.languages.some((language) => language.code === config.defaultLanguage)) {
    ctx.addIssue({ code: 'custom', path: ['defaultLanguage'], message: 'must be one of languages' });
  }
}

function toVersioned(stored: StoredSiteConfig | undefined): VersionedSiteConfig {
  if (!stored) throw new AppError(503, 'site_config_missing', 'The site config has not been set up');
  // A stored document that no longer matches the schema is a deployment bug: fail loudly (500).
  return { config: SiteConfigSchema.parse(stored.document), version: String(stored.version) };
}
