/**
 * Terms changes (contracts `terms.ts`; SPEC §7 agreement-rules status, §8). Types only from
 * the contracts (their values would bundle zod into the page): the paths are repeated and
 * `satisfies` keeps the copies honest.
 */
import type { TERMS_API as CONTRACT_API, TermsAcceptResponse, TermsStatusResponse } from '@betsite/contracts';
import { api, type ApiClient } from '../../shell/http.ts';

export const TERMS_API = {
  status: '/web-api/api-v3/v2/user/agreement-rules/status',
  accept: '/web-api/api-v3/v2/user/agreement-rules/accept',
} as const satisfies typeof CONTRACT_API;

/** SPEC §9: the terms status is polled every 60 s. */
export const TERMS_POLL_MS = 60_000;

/** SPEC §8 "failed terms-status fetch": flags false, empty updated-at, logged. */
export const FAILED_TERMS_STATUS: TermsStatusResponse = { result: false, updatedAt: null, version: 0 };

export async function fetchTermsStatus(client: ApiClient = api, log: (m: string) => void = (m) => console.warn(m)): Promise<TermsStatusResponse> {
  const answer = await client.get<TermsStatusResponse>(TERMS_API.status);
  if (answer.ok && typeof answer.body?.result === 'boolean') return answer.body;
  log(`terms status failed: HTTP ${answer.status}`);
  return FAILED_TERMS_STATUS;
}

export type AcceptOutcome = { ok: true; acceptedAt: string } | { ok: false; outdated: boolean };

export async function acceptTerms(version: number, client: ApiClient = api): Promise<AcceptOutcome> {
  const answer = await client.post<TermsAcceptResponse>(TERMS_API.accept, { version });
  if (answer.ok) return { ok: true, acceptedAt: answer.body.acceptedAt };
  return { ok: false, outdated: answer.status === 409 };
}
