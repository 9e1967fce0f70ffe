import { Writable } from 'node:stream';
import type { EntryContext, RouterContextProvider } from 'react-router';
import { ServerRouter } from 'react-router';
import { isbot } from 'isbot';
import type { RenderToPipeableStreamOptions } from 'react-dom/server';
import { renderToPipeableStream } from 'react-dom/server';
import { pageServicesContext } from './config/page-context.ts';
import { COOKIE } from './config/cookies.ts';

// The server sets page services on this very context object (see apps/server/src/ssr).
export { pageServicesContext };

/** Cookies that change what a page renders; the server's page cache keys visitors' pages by them. */
export const RENDER_COOKIES: readonly string[] = Object.values(COOKIE);

/**
 * Page kinds whose loaders read only the line API (home.tsx, sports.tsx), which answers a
 * player differently from a visitor only by the sports they hide: the server renders such a
 * page once for every player with the same url, display cookies, guard facts and hidden
 * sports (decision 0032). A page kind whose loaders read anything else of the player must
 * not be listed.
 */
export const PLAYER_SHARED_PAGE_KINDS: readonly string[] = ['home', 'sports', 'multi', 'results', 'statistic', 'champs', 'cyber'];

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.get(pageServicesContext).nonce;

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get('user-agent');
    // Crawlers get the whole document at once; people get the shell as early as possible.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady';

    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          // The document is answered in one piece (the same bytes as streamed): React writes
          // it in many small chunks, and passing each through web streams to its own socket
          // write cost a tenth of a page's CPU. Pages stream nothing late: loaders await
          // their data and lazy parts resolve synchronously once loaded.
          pipe(collect((body) => {
            clearTimeout(timeoutId);
            timeoutId = undefined;
            resolve(new Response(body, { headers: responseHeaders, status: responseStatusCode }));
          }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}

/** A sink that hands over everything written to it, as one buffer, when the stream ends. */
function collect(done: (body: Uint8Array<ArrayBuffer>) => void): Writable {
  const chunks: Uint8Array[] = [];
  let length = 0;
  return new Writable({
    write(chunk: Uint8Array, _encoding, callback) {
      chunks.push(chunk);
      length += chunk.length;
      callback();
    },
    final(callback) {
      const body = new Uint8Array(length);
      let at = 0;
      for (const chunk of chunks) {
        body.set(chunk, at);
        at += chunk.length;
      }
      done(body);
      callback();
    },
  });
}
