/**
 * The two services the guards need facts from on client navigation (SPEC §7):
 * the block service (retried per BLOCK_SERVICE_RETRY, `failed` after the last failure) and
 * the redirect service (answers cached per url in the domain's RedirectCache, 20 entries).
 */
import { BLOCK_SERVICE_RETRY, retry, type RedirectCache, type GuardContext, type RedirectAnswer } from '@betsite/domain';
import { BlockResponseSchema, RedirectResponseSchema } from '@betsite/contracts';

export type Fetch = (input: string, init?: RequestInit) => Promise<Response>;
export type Sleep = (ms: number) => Promise<void>;

export const BLOCK_SERVICE_URL = '/blocks-api/api/v2/block';
export const REDIRECT_SERVICE_URL = '/redirects-api/api/v1/redirect-light';

const JSON_HEADERS = { 'content-type': 'application/json', accept: 'application/json', 'x-requested-with': 'XMLHttpRequest' };

async function postJson(fetchFn: Fetch, url: string, body: unknown, signal?: AbortSignal): Promise<unknown> {
  const response = await fetchFn(url, {
    method: 'POST',
    headers: JSON_HEADERS,
    body: JSON.stringify(body),
    credentials: 'same-origin',
    ...(signal ? { signal } : {}),
  });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.json();
}

/**
 * Asks the block service: the first try plus retries, `delayMs` apart (SPEC §8: retried
 * twice, 100 ms apart); after the last failure the answer is `failed` (the guards then
 * treat the site as under maintenance).
 */
export async function askBlockService(
  fetchFn: Fetch,
  sleep: Sleep,
  body: { auth: boolean; url: string },
  signal?: AbortSignal,
): Promise<NonNullable<GuardContext['block']>> {
  const outcome = await retry(
    async () => BlockResponseSchema.parse(await postJson(fetchFn, BLOCK_SERVICE_URL, body, signal)),
    BLOCK_SERVICE_RETRY,
    sleep,
    () => signal?.aborted === true,
  );
  if (outcome.ok) return { kind: 'answer', answer: outcome.value };
  if (signal?.aborted) throw outcome.error;
  return { kind: 'failed' };
}

/** Asks the redirect service (cached per url); null when it cannot answer. */
export async function askRedirectService(
  fetchFn: Fetch,
  cache: RedirectCache,
  url: string,
  onError: (message: string) => void,
  signal?: AbortSignal,
): Promise<RedirectAnswer | null> {
  const cached = cache.get(url);
  if (cached !== undefined) return cached;
  try {
    const parsed = RedirectResponseSchema.safeParse(await postJson(fetchFn, REDIRECT_SERVICE_URL, { url }, signal));
    if (!parsed.success) {
      onError('redirect service answer has the wrong shape');
      return null;
    }
    const answer: RedirectAnswer = parsed.data;
    cache.set(url, answer);
    return answer;
  } catch (error) {
    if (signal?.aborted) throw error;
    onError(`redirect service failed: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  }
}
