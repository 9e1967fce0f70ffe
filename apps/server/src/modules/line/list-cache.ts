/**
 * A node's short memory of list answers (sports, champs, games, top, search, results, team
 * and champ pages): the same question within `ttlMs` gets the same answer, and identical
 * questions asked at once share one database read. Safe because lists are views, never
 * the authority: a browser's rows follow their games' live topics, whose snapshots are read
 * fresh, and bets are checked against the database when they are placed.
 */
import { TtlCache } from '../../lib/ttl-cache.ts';

export class ListCache {
  private readonly entries: TtlCache<Promise<unknown>>;

  constructor(
    ttlMs: number,
    maxEntries = 2_000,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.entries = new TtlCache(ttlMs, maxEntries);
  }

  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (!this.entries.enabled) return load();
    const now = this.now();
    const hit = this.entries.get(key, now);
    if (hit) return hit as Promise<T>;
    const answer = load();
    this.entries.set(key, answer, now);
    // A failed read is not remembered.
    answer.catch(() => {
      if (this.entries.get(key, this.now()) === answer) this.entries.delete(key);
    });
    return answer;
  }

  get size(): number {
    return this.entries.size;
  }
}
