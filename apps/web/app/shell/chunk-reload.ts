/**
 * SPEC §8: a route chunk that fails to load (a deploy replaced it) triggers one full page
 * reload, at most once per minute; the time of the last reload is kept in sessionStorage.
 */
export const CHUNK_RELOAD_KEY = 'chunk_reload_at';
export const CHUNK_RELOAD_INTERVAL_MS = 60_000;

const CHUNK_ERROR =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|ChunkLoadError|Loading chunk [\w-]+ failed/i;

export function isChunkLoadError(error: unknown): boolean {
  if (error instanceof Error) return CHUNK_ERROR.test(`${error.name}: ${error.message}`);
  return typeof error === 'string' && CHUNK_ERROR.test(error);
}

export function mayReloadForChunkError(lastReloadAt: number | null, now: number): boolean {
  return lastReloadAt === null || !Number.isFinite(lastReloadAt) || now - lastReloadAt >= CHUNK_RELOAD_INTERVAL_MS || now < lastReloadAt;
}

/** Reloads the page when allowed; answers whether it did. */
export function reloadForChunkError(
  storage: Pick<Storage, 'getItem' | 'setItem'>,
  reload: () => void,
  now: number,
): boolean {
  let last: number | null = null;
  try {
    const raw = storage.getItem(CHUNK_RELOAD_KEY);
    last = raw === null ? null : Number(raw);
  } catch {
    last = null;
  }
  if (!mayReloadForChunkError(last, now)) return false;
  try {
    storage.setItem(CHUNK_RELOAD_KEY, String(now));
  } catch {
    // Storage may be unavailable (private mode); without it a reload could loop, so do not reload.
    return false;
  }
  reload();
  return true;
}
