/** The session request started before React loads (see main.tsx). */
import { createRgsApi, type RgsApi } from './api.ts';
import { sessionIdFromHash } from './hash.ts';
import type { RgsSession } from './rgs-types.ts';

export type Boot = { readonly api: RgsApi; readonly session: Promise<RgsSession> } | { readonly api: null; readonly session: null };

export function startBoot(hash: string, create: (id: string) => RgsApi = (id) => createRgsApi(id)): Boot {
  const id = sessionIdFromHash(hash);
  if (!id) return { api: null, session: null };
  const api = create(id);
  const session = api.session();
  // Handled where it is awaited; this keeps an early failure from being reported as unhandled.
  session.catch(() => undefined);
  return { api, session };
}
