/**
 * SPEC §2: the office identification route exists only when identification is enabled
 * (the access guard answers 404 otherwise); the office shows its link only then, and to a
 * player the operator asked to identify (or one offered the identification bonus).
 */
import type { SiteConfig, UserConfig } from '@betsite/contracts';

export function identificationAvailable(site: Pick<SiteConfig, 'flags' | 'unavailableRoutes'>): boolean {
  return site.flags.identificationEnabled && !site.unavailableRoutes.includes('office-identification');
}

export function showIdentificationLink(
  site: Pick<SiteConfig, 'flags' | 'unavailableRoutes'>,
  config: Pick<UserConfig, 'is_need_identification' | 'is_identification_bonus' | 'is_verified'> | null,
): boolean {
  if (!identificationAvailable(site) || config === null) return false;
  return !config.is_verified && (config.is_need_identification || config.is_identification_bonus);
}
