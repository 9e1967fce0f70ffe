/**
 * The tab's one live client: created on first use, in the browser only (on the server,
 * during rendering, there is none and `getLiveClient` answers null).
 */
import { createLiveClient, type LiveClient, type LiveEnvironment } from './client.ts';

/** The server's live socket (contracts `LIVE_WS_PATH`). */
export const LIVE_PATH = '/web-api/live/v1/ws';

let client: LiveClient | null = null;

export function getLiveClient(): LiveClient | null {
  if (typeof window === 'undefined' || typeof WebSocket === 'undefined') return null;
  client ??= createLiveClient(browserEnvironment());
  return client;
}

function browserEnvironment(): LiveEnvironment {
  return {
    url: () => `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}${LIVE_PATH}`,
    createSocket: (url) => new WebSocket(url),
    setTimer: (callback, ms) => window.setTimeout(callback, ms),
    clearTimer: (handle) => window.clearTimeout(handle as number),
    isHidden: () => document.visibilityState === 'hidden',
    onVisibilityChange(listener) {
      document.addEventListener('visibilitychange', listener);
      return () => document.removeEventListener('visibilitychange', listener);
    },
    random: Math.random,
  };
}
