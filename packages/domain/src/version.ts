/** Comparing app versions (`1.4.2`, `v2.0.0-rc.1+build7`) for the app-version guard. */

const VERSION = /^v?(\d+(?:\.\d+)*)(?:-([0-9a-z.-]+))?(?:\+[0-9a-z.-]+)?$/i;

interface ParsedVersion {
  release: number[];
  prerelease: string[];
}

function parse(version: string): ParsedVersion | null {
  const m = VERSION.exec(version.trim());
  if (m === null) return null;
  return { release: (m[1] ?? '').split('.').map(Number), prerelease: m[2]?.split('.') ?? [] };
}

function compareIdentifiers(a: string, b: string): number {
  const numA = /^\d+$/.test(a);
  const numB = /^\d+$/.test(b);
  if (numA && numB) return Math.sign(Number(a) - Number(b));
  if (numA !== numB) return numA ? -1 : 1; // semver: numeric identifiers rank lower
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Semver-style order: release numbers compared numerically (missing parts are 0), a
 * pre-release ranks below its release, build metadata is ignored. Returns -1, 0 or 1, or
 * null when either string is not a version (the caller then keeps what it has).
 */
export function compareVersions(a: string, b: string): -1 | 0 | 1 | null {
  const va = parse(a);
  const vb = parse(b);
  if (va === null || vb === null) return null;
  const length = Math.max(va.release.length, vb.release.length);
  for (let i = 0; i < length; i++) {
    const d = Math.sign((va.release[i] ?? 0) - (vb.release[i] ?? 0));
    if (d !== 0) return d as -1 | 1;
  }
  if (va.prerelease.length === 0 || vb.prerelease.length === 0) {
    return va.prerelease.length === vb.prerelease.length ? 0 : va.prerelease.length === 0 ? 1 : -1;
  }
  const pre = Math.max(va.prerelease.length, vb.prerelease.length);
  for (let i = 0; i < pre; i++) {
    const x = va.prerelease[i];
    const y = vb.prerelease[i];
    if (x === undefined || y === undefined) return x === undefined ? -1 : 1;
    const d = compareIdentifiers(x, y);
    if (d !== 0) return d as -1 | 1;
  }
  return 0;
}
