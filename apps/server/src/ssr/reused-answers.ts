/**
 * Answers of a page's in-process API reads, used again while they are fresh, as the visitor's own
 * browser would use them (decision 0044). A GET answered 200 whose `Cache-Control` gives a
 * `max-age` (and neither `no-store` nor `no-cache`), varying by nothing but the encoding, is kept
 * that many seconds for the same question: url, cookies, `X-Auth`, language and address. So one
 * visitor's (or one player's) pages within a line list's two seconds read it once; nobody is
 * answered with what was answered to someone else. A player's answers are forgotten when what
 * the line shows them changes (`player-view.changed`: the sports they hide), on every node.
 *
 * An in-process call (`app.inject`) was an eighth of a home page's render: two calls, each
 * through the whole request emulation, for answers the line had just given.
 */

import { LRUCache } from 'lru-cache';

/** A kept answer: its status, its body as sent, and until when it may be used. */
export interface ReusableAnswer {
  readonly status: number;
  readonly payload: string;
}

interface Kept extends ReusableAnswer {
  readonly until: number;
  /** The player asking (null for a visitor). */
  readonly viewer: string | null;
}

const DIRECTIVE = /^\s*([a-z-]+)\s*(?:=\s*"?(\d+)"?)?\s*$/i;

/** Seconds an answer with these headers may be used again by the browser that asked; 0 when never. */
export function reusableFor(cacheControl: string | undefined, vary: string | undefined): number {
  if (cacheControl === undefined) return 0;
  if (vary !== undefined && vary.split(',').some((name) => name.trim().toLowerCase() !== 'accept-encoding')) return 0;
  let maxAge = 0;
  for (const part of cacheControl.split(',')) {
    const [, name, value] = DIRECTIVE.exec(part) ?? [];
    const directive = name?.toLowerCase();
    if (directive === 'no-store' || directive === 'no-cache') return 0;
    if (directive === 'max-age' && value !== undefined) maxAge = Number(value);
  }
  return maxAge;
}

/** Kept answers by question, the least recently used going first past `maxChars` characters of bodies (lru-cache). */
export class ReusedAnswers {
  readonly #answers: LRUCache<string, Kept>;
  /** Times each player's answers were forgotten: an answer asked for before that is not kept. */
  readonly #generations = new Map<string, number>();

  constructor(
    readonly maxChars: number,
    private readonly now: () => number = Date.now,
  ) {
    this.#answers = new LRUCache({ maxSize: maxChars, maxEntrySize: maxChars, sizeCalculation: (kept) => Math.max(1, kept.payload.length) });
  }

  get(question: string): ReusableAnswer | undefined {
    const kept = this.#answers.get(question);
    if (kept === undefined || kept.until > this.now()) return kept;
    this.#answers.delete(question);
    return undefined;
  }

  /** The generation of `viewer`'s answers, to give `keep` for an answer asked for now. */
  generationOf(viewer: string | null): number {
    return viewer === null ? 0 : (this.#generations.get(viewer) ?? 0);
  }

  /**
   * Keeps `viewer`'s `answer` for `seconds` (nothing when 0, when it alone is over the budget,
   * or when the viewer's answers were forgotten since `generation`).
   */
  keep(question: string, answer: ReusableAnswer, seconds: number, viewer: string | null, generation: number): void {
    this.#answers.delete(question);
    if (seconds <= 0 || generation !== this.generationOf(viewer)) return;
    this.#answers.set(question, { status: answer.status, payload: answer.payload, until: this.now() + seconds * 1000, viewer });
  }

  /** Forgets `viewer`'s answers, and any asked for before now that would be kept later. */
  forgetViewer(viewer: string): void {
    this.#generations.set(viewer, this.generationOf(viewer) + 1);
    const theirs = [...this.#answers.entries()].filter(([, kept]) => kept.viewer === viewer);
    for (const [question] of theirs) this.#answers.delete(question);
  }

  get size(): number {
    return this.#answers.size;
  }
}
