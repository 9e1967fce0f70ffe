/**
 * A page compressed once, with holes for what every response changes (the CSP nonce, the
 * player's id): decision 0032. A cached page is sent to many people, each with their own
 * nonce; compressing ~140 KB of HTML for each of them (gzip level 6, ~3–6 ms of CPU) cost
 * more than the rest of serving it. So the text between the holes is deflated once, each
 * piece ending on a byte boundary (a sync flush, no back-reference into another piece), and a
 * response is those pieces with the hole values between them as stored blocks, a final empty
 * block, the gzip header and trailer (RFC 1951 §3.2.4, RFC 1952).
 */
import { promisify } from 'node:util';
import { constants, crc32, deflateRaw, type ZlibOptions } from 'node:zlib';

const deflate = promisify<Buffer, ZlibOptions, Buffer>(deflateRaw);

/** gzip member header: magic, deflate, no flags, no mtime, no extra flags, unknown OS. */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xff]);
/** A final, empty stored block (BFINAL=1, BTYPE=00, LEN 0, NLEN 0xffff). */
const FINAL_BLOCK = Buffer.from([0x01, 0x00, 0x00, 0xff, 0xff]);
/** deflate's window: how far back a piece's dictionary can reach. */
const WINDOW = 32 * 1024;
/** A piece's dictionary is at most this many times its length (setting one costs its length). */
const DICTIONARY_PER_BYTE = 8;
const MIN_DICTIONARY = 1024;
/** Longest stored block (its LEN is 16 bits). */
const MAX_STORED = 0xffff;

/** Non-final stored blocks holding `data` as is (hole values are a few dozen bytes). */
function storedBlocks(data: Buffer): Buffer[] {
  const blocks: Buffer[] = [];
  for (let at = 0; at < data.length; at += MAX_STORED) {
    const part = data.subarray(at, at + MAX_STORED);
    const head = Buffer.alloc(5);
    head[0] = 0x00;
    head.writeUInt16LE(part.length, 1);
    head.writeUInt16LE(~part.length & 0xffff, 3);
    blocks.push(head, part);
  }
  return blocks;
}

export class GzipTemplate {
  private constructor(
    /** Text between the holes, plain (for the checksum) and deflated. */
    private readonly plain: readonly Buffer[],
    private readonly deflated: readonly Buffer[],
    /** Which hole comes after each piece but the last (an index into `render`'s values). */
    private readonly holes: readonly number[],
    /** Each hole's length in bytes: a value must have it. */
    private readonly sizes: readonly number[],
  ) {}

  /**
   * `body` with every occurrence of each of `holes` (non-empty strings, none inside another)
   * cut out; `render` puts a value of the same length in each.
   *
   * Each piece is deflated with the 32 KB before it as its dictionary, so it compresses as it
   * would in one stream, with the holes' bytes there as NULs: a page's text has none, so no
   * back-reference can land in a hole and the pieces stay right whatever fills them (a body
   * that has NULs gets pieces deflated on their own: right too, a little larger). The pieces
   * are deflated in libuv's thread pool, not on the event loop.
   */
  static async of(body: string, holes: readonly string[]): Promise<GzipTemplate> {
    const wanted = holes.filter((h) => h.length > 0);
    const plain: Buffer[] = [];
    const order: number[] = [];
    let from = 0;
    for (;;) {
      // The nearest occurrence of any hole from here (a page has a few dozen).
      let at = -1;
      let which = -1;
      for (const hole of wanted) {
        const found = body.indexOf(hole, from);
        if (found !== -1 && (at === -1 || found < at)) [at, which] = [found, holes.indexOf(hole)];
      }
      if (at === -1) break;
      plain.push(Buffer.from(body.slice(from, at), 'utf8'));
      order.push(which);
      from = at + (holes[which] ?? '').length;
    }
    plain.push(Buffer.from(body.slice(from), 'utf8'));
    const sizes = holes.map((h) => Buffer.byteLength(h, 'utf8'));
    const shareWindow = !body.includes('\0');
    const jobs: Promise<Buffer>[] = [];
    let before = Buffer.alloc(0);
    plain.forEach((piece, i) => {
      const dictionary = before.subarray(-Math.max(MIN_DICTIONARY, piece.length * DICTIONARY_PER_BYTE));
      jobs.push(
        piece.length === 0
          ? Promise.resolve(piece)
          : deflate(piece, { level: 6, finishFlush: constants.Z_SYNC_FLUSH, ...(dictionary.length > 0 ? { dictionary } : {}) }),
      );
      const hole = order[i];
      const after = hole === undefined ? piece : Buffer.concat([piece, Buffer.alloc(sizes[hole] ?? 0)]);
      if (shareWindow) before = Buffer.concat([before, after]).subarray(-WINDOW);
    });
    const deflated = await Promise.all(jobs);
    return new GzipTemplate(plain, deflated, order, sizes);
  }

  /**
   * The gzip of the body with `values[i]` in place of every occurrence of `holes[i]`; null
   * when a value's length differs from its hole's (the caller compresses the page itself).
   */
  render(values: readonly string[]): Buffer | null {
    const filled = values.map((v) => Buffer.from(v, 'utf8'));
    if (this.sizes.some((size, i) => filled[i]?.length !== size)) return null;
    const parts: Buffer[] = [GZIP_HEADER];
    let crc = 0;
    let size = 0;
    this.plain.forEach((piece, i) => {
      parts.push(this.deflated[i]!);
      crc = crc32(piece, crc);
      size += piece.length;
      const hole = this.holes[i];
      if (hole === undefined) return;
      const value = filled[hole] ?? Buffer.alloc(0);
      parts.push(...storedBlocks(value));
      crc = crc32(value, crc);
      size += value.length;
    });
    const trailer = Buffer.alloc(8);
    trailer.writeUInt32LE(crc >>> 0, 0);
    trailer.writeUInt32LE(size >>> 0, 4);
    parts.push(FINAL_BLOCK, trailer);
    return Buffer.concat(parts);
  }
}
