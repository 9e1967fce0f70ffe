/**
 * The line's answers compressed once per content: many requests in a row get the same bytes
 * (a game's page until its prices move, a listing until one of its cards does), and
 * compressing them was the biggest part of a line request's CPU on the event loop (gzip of a
 * 20 KB page ~0.25 ms, of a 75 KB listing ~0.7 ms: a third of the listing's CPU, profiled).
 *
 * A zlib stand-in for @fastify/compress (its `zlib` option): each synchronous compressor
 * remembers what it compressed lately, by content, and answers the same input with the
 * same output. The compress plugin still negotiates the encoding and writes the headers;
 * the bytes are those of one compression of the answer, as before. Every request still reads
 * the database: only equal text is reused, so nothing can be older than the read.
 */
import zlib from 'node:zlib';

type SyncCompressor = (input: Buffer, options?: object) => Buffer;

/** Inputs remembered per encoding: the answers asked for most (the game pages and listings of the moment). */
export const REMEMBERED_ANSWERS = 64;

/** Smaller inputs are compressed every time (the compress plugin sends none under 1 KB anyway). */
const MIN_REMEMBERED = 16;

/** Remembers the outputs of the last `size` distinct inputs, found by length, then bytes. */
export class CompressionMemo {
  readonly #entries = new Map<string, { input: Buffer; output: Buffer }>();
  #hits = 0;
  #misses = 0;

  constructor(
    private readonly compress: SyncCompressor,
    private readonly size = REMEMBERED_ANSWERS,
  ) {}

  /** Same `options` for every call (the plugin's for this encoding): they are not part of the key. */
  run(input: Buffer, options?: object): Buffer {
    if (input.length < MIN_REMEMBERED) return this.compress(input, options);
    // Inputs of one length are few; the key adds two words of the input, and equal bytes decide.
    const key = `${input.length}:${input.readUInt32LE((input.length >> 1) - 4)}:${input.readUInt32LE(input.length - 4)}`;
    const found = this.#entries.get(key);
    // A kept answer (kept-answers.ts) comes as the same bytes object: no need to compare them.
    if (found && (found.input === input || found.input.equals(input))) {
      this.#hits++;
      this.#entries.delete(key);
      this.#entries.set(key, found);
      return found.output;
    }
    this.#misses++;
    const output = this.compress(input, options);
    this.#entries.delete(key);
    // The plugin made `input` for this answer alone (from the answer's text): kept as it is.
    this.#entries.set(key, { input, output });
    if (this.#entries.size > this.size) this.#entries.delete(this.#entries.keys().next().value!);
    return output;
  }

  get stats(): { hits: number; misses: number; entries: number } {
    return { hits: this.#hits, misses: this.#misses, entries: this.#entries.size };
  }
}

/**
 * A `zlib` for @fastify/compress whose synchronous compressors remember (the stream ones,
 * and zstd where Node has it, are zlib's own).
 */
export function rememberingZlib(size = REMEMBERED_ANSWERS) {
  const memo = (compress: SyncCompressor) => {
    const m = new CompressionMemo(compress, size);
    return (input: Buffer, options?: object) => m.run(input, options);
  };
  return {
    gzipSync: memo((input, options) => zlib.gzipSync(input, options)),
    deflateSync: memo((input, options) => zlib.deflateSync(input, options)),
    brotliCompressSync: memo((input, options) => zlib.brotliCompressSync(input, options)),
  };
}
