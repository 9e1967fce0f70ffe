/**
 * What a game in the host's iframe may tell the page (postMessage, contracts `rgs.ts`):
 * `{ source: 'rgs', type: 'ready' }` once drawn, `{ type: 'balance', balance, currency }`
 * after a round, `{ type: 'error', code }` when its session ends. Anything else, or from
 * anywhere but the game's own origin and frame, is ignored.
 */
export type RgsMessage = { type: 'ready' } | { type: 'balance'; balance: string; currency: string } | { type: 'error'; code: string };

export function parseRgsMessage(data: unknown): RgsMessage | null {
  if (typeof data !== 'object' || data === null) return null;
  const m = data as Record<string, unknown>;
  if (m['source'] !== 'rgs') return null;
  switch (m['type']) {
    case 'ready':
      return { type: 'ready' };
    case 'balance': {
      const balance = typeof m['balance'] === 'number' && Number.isSafeInteger(m['balance']) ? String(m['balance']) : m['balance'];
      if (typeof balance !== 'string' || !/^-?\d+$/.test(balance)) return null;
      return { type: 'balance', balance, currency: typeof m['currency'] === 'string' ? m['currency'] : '' };
    }
    case 'error':
      return { type: 'error', code: typeof m['code'] === 'string' && m['code'] !== '' ? m['code'].slice(0, 64) : 'game_error' };
    default:
      return null;
  }
}

/** The origin a game at `url` (relative to the page) posts from. */
export function appOrigin(url: string, page: string): string | null {
  try {
    return new URL(url, page).origin;
  } catch {
    return null;
  }
}
