/** User-agent facts the guards need: search-engine crawlers and iPads posing as Macs. */

/**
 * Well-known crawlers and link-preview fetchers. Deliberately small: a bot we miss is
 * treated as a visitor, which only costs it a redirect or a cookie.
 */
const SEO_BOT =
  /googlebot|google-inspectiontool|adsbot-google|bingbot|bingpreview|yandex(?:bot|images|mobilebot)|duckduckbot|baiduspider|applebot|facebookexternalhit|facebot|twitterbot|linkedinbot|slurp|petalbot|seznambot|telegrambot|whatsapp/i;

export function isSeoBot(userAgent: string): boolean {
  return SEO_BOT.test(userAgent);
}

/**
 * SPEC §2: iPadOS Safari reports a desktop Mac; only touch support gives it away
 * (`navigator.maxTouchPoints` > 1, which real Macs report as 0). Unknown on the server.
 */
export function isTabletPosingAsMac(userAgent: string, maxTouchPoints: number | null): boolean {
  return /macintosh/i.test(userAgent) && maxTouchPoints !== null && maxTouchPoints > 1;
}
