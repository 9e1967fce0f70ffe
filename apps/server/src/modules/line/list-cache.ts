/**
 * A node's short memory of list answers (sports, champs, games, top, search, results, team
 * and champ pages): the same question within `ttlMs` gets the same answer, and identical
 * questions asked at once share one database read. Safe because lists are views, never
 * the authority: a browser's rows follow their games' live topics, whose snapshots are read
 * fresh, and bets are checked against the database when they are placed.
 */
export class ListCache {
  private readonly entries = new Map<string, { expires: number; answer: Promise<unknown> }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 2_000,
    private readonly now: () => number = () => performance.now(),
  ) {}

  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (this.ttlMs <= 0) return load();
    const now = this.now();
    const hit = this.entries.get(key);
    if (hit && hit.expires > now) return hit.answer as Promise<T>;
    const answer = load();
    this.entries.delete(key);
    this.entries.set(key, { expires: now + this.ttlMs, answer });
    // A failed read is not remembered.
    answer.catch(() => {
      if (this.entries.get(key)?.answer === answer) this.entries.delete(key);
    });
    this.evict(now);
    return answer;
  }

  get size(): number {
    return this.entries.size;
  }

  /** Expired entries first, then the oldest, down to the limit (Map order is insertion order). */
  private evict(now: number) {
    if (this.entries.size <= this.maxEntries) return;
    for (const [key, entry] of this.entries) if (entry.expires <= now) this.entries.delete(key);
    for (const key of this.entries.keys()) {
      if (this.entries.size <= this.maxEntries) break;
      this.entries.delete(key);
    }
  }
}
