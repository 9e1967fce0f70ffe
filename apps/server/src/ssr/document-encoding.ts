/**
 * A rendered document's compression: in one piece, in libuv's thread pool. The compress
 * plugin would pipe the page through a zlib stream on the event loop (a fifth of an uncached
 * render's main-thread time went to that pipeline and its deflate); a page is whole when it is
 * sent (entry.server.tsx), so it is compressed whole, off the event loop, at settings that
 * cost half of zlib's defaults for a few per cent more bytes.
 */
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip, type BrotliOptions, type ZlibOptions } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyReply } from 'fastify';

const brotli = promisify<Buffer, BrotliOptions, Buffer>(brotliCompress);
const gzipAsync = promisify<Buffer, ZlibOptions, Buffer>(gzip);

/** Brotli where the client takes it (smaller and cheaper), else gzip. No answer cache: the header is the client's to choose. */
const negotiator = new Negotiator({ supportedValues: ['br', 'gzip'] });

/** Quality 4 / level 4: a home page (~65 KB) in ~0.6–0.8 ms of a pool thread, 13.4 / 14.9 KB (the defaults: 3–5 ms / ~1 ms, 12.0 / 14.0 KB). */
const brotliFor = (size: number): BrotliOptions => ({
  params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_SIZE_HINT]: size },
});
const GZIP: ZlibOptions = { level: 4 };

/** `body` in the encoding the client prefers of the two, or as is (null) for a client that takes neither. */
export async function encodeDocument(body: Buffer, acceptEncoding: string | undefined): Promise<{ encoding: 'br' | 'gzip' | null; body: Buffer }> {
  const encoding = negotiator.negotiate(acceptEncoding ?? '');
  if (encoding === 'br') return { encoding, body: await brotli(body, brotliFor(body.length)) };
  if (encoding === 'gzip') return { encoding, body: await gzipAsync(body, GZIP) };
  return { encoding: null, body };
}

/** Sends a whole document, compressed for this client (the compress plugin leaves an encoded reply alone). */
export async function sendDocument(reply: FastifyReply, body: Buffer | string): Promise<void> {
  const encoded = await encodeDocument(typeof body === 'string' ? Buffer.from(body, 'utf8') : body, reply.request.headers['accept-encoding']);
  reply.header('vary', 'accept-encoding');
  if (encoded.encoding !== null) reply.header('content-encoding', encoded.encoding);
  return reply.header('content-length', encoded.body.length).send(encoded.body);
}
