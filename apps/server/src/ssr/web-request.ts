import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { lendSession } from '../modules/auth/lent-sessions.ts';
import { sendDocument } from './document-encoding.ts';
import { reusableFor, type ReusedAnswers } from './reused-answers.ts';

/**
 * Fastify request → Fetch API `Request` for React Router. Pages are read with GET and HEAD
 * only (other methods answer 405 before this), so the request has no body.
 */
export function toWebRequest(request: FastifyRequest, signal: AbortSignal): Request {
  const origin = `${request.protocol}://${request.host}`;
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else headers.set(name, value);
  }
  return new Request(new URL(request.url, origin), { method: request.method, headers, signal });
}

/** Fetch API `Response` → Fastify reply (keeps every Set-Cookie header). */
export async function sendWebResponse(reply: FastifyReply, response: Response): Promise<void> {
  reply.status(response.status);
  for (const [name, value] of response.headers) {
    if (name === 'set-cookie') continue;
    reply.header(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  if (response.body === null) return reply.send();
  // Documents come whole from the web entry (entry.server.tsx): compressed whole, one write, with a length.
  if (response.headers.get('content-type')?.startsWith('text/html')) return sendDocument(reply, Buffer.from(await response.arrayBuffer()));
  return reply.send(Readable.fromWeb(response.body as NodeReadableStream));
}

/** Headers a page's own API calls carry over from the page request (who is asking, in what language). */
const FORWARDED_HEADERS = ['cookie', 'x-auth', 'accept-language', 'user-agent', 'x-forwarded-for', 'x-request-id'];

const pathOf = (url: URL) => url.pathname + url.search;

/** An in-process answer as the web app's API client reads it (apps/web shell/http.ts `ApiAnswer`). */
export interface InjectedAnswer {
  readonly ok: boolean;
  readonly status: number;
  json(): Promise<unknown>;
}

/** The web app's `ApiFetch`: the client's url and `fetch` options. */
export type InjectFetch = (url: string, init: RequestInit) => Promise<InjectedAnswer>;

/**
 * The transport of page loaders' API client on the server: calls our own API in-process
 * (`app.inject`, no socket) as the visitor of `request`, so loaders use the same client code
 * as the browser. The answer is its status and parsed body only: a `Response` with a body
 * stream, read back through it, cost more than the call. A GET whose answer may be used again
 * (reused-answers.ts) is taken from `reused` while it is fresh, unless `fresh`: a client
 * navigation's or revalidation's data, which the browser asks for because something changed
 * (a live game left the list), reads the API and keeps its answer for the next documents.
 */
export function injectFetch(request: FastifyRequest, reused: ReusedAnswers, { fresh = false } = {}): InjectFetch {
  return async (target, init) => {
    const headers: Record<string, string> = {};
    for (const name of FORWARDED_HEADERS) {
      const value = request.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    new Headers(init.headers).forEach((value, name) => {
      headers[name] = value;
    });
    const method = (init.method ?? 'GET').toUpperCase();
    const body = typeof init.body === 'string' ? init.body : undefined;
    const url = target.startsWith('/') ? target : pathOf(new URL(target));
    const question = method === 'GET' && body === undefined ? questionOf(url, headers, request.ip) : null;
    let answer = question !== null && !fresh ? reused.get(question) : undefined;
    if (answer === undefined) {
      const viewer = request.userId ?? null;
      const generation = reused.generationOf(viewer);
      const injected = await inject(request, method, url, headers, body);
      answer = { status: injected.statusCode, payload: injected.statusCode === 204 || injected.statusCode === 304 ? '' : injected.payload };
      if (question !== null && answer.status === 200) {
        reused.keep(question, answer, reusableFor(headerText(injected.headers['cache-control']), headerText(injected.headers['vary'])), viewer, generation);
      }
    }
    const { status, payload } = answer;
    return {
      ok: status >= 200 && status < 300,
      status,
      json: async () => JSON.parse(payload) as unknown,
    };
  };
}

/** What makes two in-process GETs the same question: the url and what the browser sent that could change the answer. */
function questionOf(url: string, headers: Record<string, string>, ip: string): string {
  const { 'x-request-id': _id, 'user-agent': _agent, ...asked } = headers;
  return JSON.stringify([url, ip, Object.entries(asked).sort(([a], [b]) => (a < b ? -1 : 1))]);
}

/** The call itself, with the page's session, already resolved, lent to it (not resolved again from its token). */
async function inject(request: FastifyRequest, method: string, url: string, headers: Record<string, string>, body: string | undefined) {
  const loan = request.authSession ? lendSession(request.authSession) : null;
  return request.server
    .inject({
      method: method as 'GET',
      url,
      headers: { ...headers, ...loan?.header },
      remoteAddress: request.ip,
      ...(body !== undefined ? { payload: body } : {}),
    })
    .finally(() => loan?.release());
}

const headerText = (value: string | string[] | number | undefined) => (value === undefined ? undefined : String(value));
