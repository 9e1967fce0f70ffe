/**
 * Brand-book custom properties (site config `brandBook`, SPEC §3) → a `:root { … }` rule.
 * Only well-formed names and harmless values get through: a value can never close the
 * rule, open another, load a url or break out of the <style> element. Pixel values are
 * converted at 16 px per em (SPEC §9).
 */
import type { BrandBookProp } from '@betsite/contracts';

const NAME = /^--[a-z0-9]+(?:-[a-z0-9]+)*$/;
const VALUE = /^[#%(),.\-\s\w'"]*$/;
const FORBIDDEN = /url\s*\(|expression\s*\(|image-set\s*\(|@import|\/\*|\*\/|\\|<|>|[;{}]/i;
const MAX_VALUE = 200;

/** `12px` → `0.75em` (16 px per em); other units are kept. */
export function pxToEm(value: string): string {
  return value.replace(/(-?\d*\.?\d+)px\b/g, (_, n: string) => `${Number((Number(n) / 16).toFixed(4))}em`);
}

export function sanitizeBrandProp(prop: BrandBookProp): [string, string] | null {
  const name = prop.css_prop.trim();
  const value = prop.css_value.trim();
  if (!NAME.test(name) || value === '' || value.length > MAX_VALUE) return null;
  if (!VALUE.test(value) || FORBIDDEN.test(value)) return null;
  // Balanced quotes and parentheses only, so nothing can leak past the declaration.
  if ((value.match(/"/g)?.length ?? 0) % 2 !== 0 || (value.match(/'/g)?.length ?? 0) % 2 !== 0) return null;
  let depth = 0;
  for (const ch of value) {
    if (ch === '(') depth++;
    if (ch === ')' && --depth < 0) return null;
  }
  if (depth !== 0) return null;
  return [name, pxToEm(value)];
}

/**
 * The sanitised properties as a style object for `<html style>`: inline style attributes
 * are allowed by the site's CSP (style-src-attr), while a `<style>` element would need the
 * style nonce, which the page services do not carry.
 */
export function brandBookVars(props: readonly BrandBookProp[]): Record<string, string> {
  const vars: Record<string, string> = {};
  for (const d of props.map(sanitizeBrandProp)) if (d !== null) vars[d[0]] = d[1];
  return vars;
}

export function brandBookCss(props: readonly BrandBookProp[]): string {
  const declarations = props
    .map(sanitizeBrandProp)
    .filter((d): d is [string, string] => d !== null)
    .map(([name, value]) => `${name}:${value}`);
  return declarations.length === 0 ? '' : `:root{${declarations.join(';')}}`;
}
