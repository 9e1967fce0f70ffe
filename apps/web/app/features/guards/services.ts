/**
 * The two services the guards need facts from on client navigation (SPEC §7):
 * the block service (retried per BLOCK_SERVICE_RETRY, `failed` after the last failure) and
 * the redirect service (answers cached per url in the domain's RedirectCache, 20 entries).
 */
import { BLOCK_SERVICE_RETRY, type RedirectCache, type BlockAnswer, type GuardContext, type RedirectAnswer } from '@betsite/domain';

export type Fetch = (input: string, init?: RequestInit) => Promise<Response>;
export type Sleep = (ms: number) => Promise<void>;

export const BLOCK_SERVICE_URL = '/blocks-api/api/v2/block';
export const REDIRECT_SERVICE_URL = '/redirects-api/api/v1/redirect-light';

const JSON_HEADERS = { 'content-type': 'application/json', accept: 'application/json', 'x-requested-with': 'XMLHttpRequest' };

function isNumberOrNull(v: unknown): v is number | null {
  return v === null || typeof v === 'number';
}

/** The block service's answer, or null when the body is not one (counted as a failure). */
export function parseBlockAnswer(body: unknown): BlockAnswer | null {
  if (typeof body !== 'object' || body === null) return null;
  const b = body as Record<string, unknown>;
  const reason = b['reason'] ?? null;
  const displayTypeId = b['displayTypeId'] ?? null;
  const templateTypeId = b['templateTypeId'] ?? null;
  if (!isNumberOrNull(reason) || !isNumberOrNull(displayTypeId) || !isNumberOrNull(templateTypeId)) return null;
  return { reason, displayTypeId, templateTypeId };
}

/** The redirect service's answer, or null when malformed (SPEC §8: format errors are logged). */
export function parseRedirectAnswer(body: unknown): RedirectAnswer | null {
  if (typeof body !== 'object' || body === null) return null;
  const b = body as Record<string, unknown>;
  if (typeof b['redirect'] !== 'boolean') return null;
  const strings = (v: unknown) => (Array.isArray(v) && v.every((s) => typeof s === 'string') ? (v as string[]) : undefined);
  const answer: RedirectAnswer = { redirect: b['redirect'] };
  if (typeof b['code'] === 'number') answer.code = b['code'];
  if (typeof b['url'] === 'string') answer.url = b['url'];
  const reasons = strings(b['reasons']);
  if (reasons) answer.reasons = reasons;
  const breadcrumbs = strings(b['breadcrumbs']);
  if (breadcrumbs) answer.breadcrumbs = breadcrumbs;
  return answer;
}

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
  for (let attempt = 1; ; attempt++) {
    try {
      const answer = parseBlockAnswer(await postJson(fetchFn, BLOCK_SERVICE_URL, body, signal));
      if (answer === null) throw new Error('block service answer has the wrong shape');
      return { kind: 'answer', answer };
    } catch (error) {
      if (signal?.aborted) throw error;
      if (attempt >= BLOCK_SERVICE_RETRY.attempts) return { kind: 'failed' };
      await sleep(BLOCK_SERVICE_RETRY.delayMs);
    }
  }
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
    const answer = parseRedirectAnswer(await postJson(fetchFn, REDIRECT_SERVICE_URL, { url }, signal));
    if (answer === null) {
      onError('redirect service answer has the wrong shape');
      return null;
    }
    cache.set(url, answer);
    return answer;
  } catch (error) {
    if (signal?.aborted) throw error;
    onError(`redirect service failed: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  }
}
