/**
 * JSON merge patch (RFC 7396) for the site config, with one deliberate difference: `null`
 * sets a member to null instead of removing it. Every site config member is required, so
 * removal could only produce an invalid document, while setting nullable members to null
 * (`mobileSiteUrl`, maintenance times) is an everyday operator action — and the
 * contracts' `SiteConfigPatchSchema` already accepts `null` exactly there.
 * Objects merge member by member; arrays and scalars replace.
 */
export function applyMergePatch(target: unknown, patch: unknown): unknown {
  if (!isPlainObject(patch)) return patch;
  const result: Record<string, unknown> = isPlainObject(target) ? { ...target } : {};
  for (const [key, value] of Object.entries(patch)) {
    result[key] = isPlainObject(value) ? applyMergePatch(result[key], value) : value;
  }
  return result;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
