/**
 * The line answers a node sent lately (a game's page, a listing), each kept with the
 * version of the rows it was built from, and sent again while the database says those rows
 * are the same (decision 0033).
 *
 * Every request still runs its one statement. A game's page is built from 170 rows (the
 * game, its list row, 44 markets, 125 outcomes) and a listing sends 75 KB of stored cards,
 * though a pre-match game's prices change every few seconds at most while its page and its
 * listing are asked for many times a second. A row's `xmin` is the transaction that wrote
 * its version: any insert, update or delete writes a version with a new transaction id, and
 * a row lock does not. So the statement lists the `xmin` of the rows the answer is built
 * from (with a listing's count and page order), compares the list with the kept answer's,
 * and builds the answer only when they differ; otherwise it answers that the kept one holds.
 * The list and the answer come from one statement, so from one snapshot: an answer is kept
 * with the exact versions of the rows it was built from, and is never older than the read.
 *
 * The body is kept as bytes: sent again as they are, the compressor finds them at once
 * (compressed-answers.ts).
 */

/** An answer and the version of its rows. */
export interface Kept {
  version: string;
  body: Buffer;
}

/** Answers by question (a game's id, a listing's url and viewer); the least recently asked go first past `capacity`. */
export class KeptAnswers {
  readonly #answers = new Map<string, Kept>();

  constructor(readonly capacity: number) {}

  get(key: string): Kept | undefined {
    const kept = this.#answers.get(key);
    if (kept) {
      this.#answers.delete(key);
      this.#answers.set(key, kept);
    }
    return kept;
  }

  /** Keeps `body` as the answer to `key` at `version`; answers `body`. */
  set(key: string, version: string, body: Buffer): Buffer {
    if (this.capacity <= 0) return body;
    this.#answers.delete(key);
    this.#answers.set(key, { version, body });
    if (this.#answers.size > this.capacity) this.#answers.delete(this.#answers.keys().next().value!);
    return body;
  }

  get size(): number {
    return this.#answers.size;
  }
}
