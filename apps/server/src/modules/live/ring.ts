/**
 * The recent deltas of one stream on this node, consecutive by sequence number, as the
 * frames already serialised for the sockets: a reconnecting client gets the ones after its
 * `fromSeq` from here. Bounded; a gap (a lost bus message, a restarted counter) starts it over.
 */
export interface RingEntry {
  seq: number;
  frame: Buffer;
}

export class DeltaRing {
  private readonly entries: (RingEntry | undefined)[];
  private start = 0;
  private count = 0;
  /** Bumped by every change: equal versions mean the ring saw nothing in between. */
  private changes = 0;

  constructor(readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError('ring capacity must be a positive integer');
    this.entries = new Array<RingEntry | undefined>(capacity);
  }

  get size(): number {
    return this.count;
  }

  get version(): number {
    return this.changes;
  }

  /** The oldest sequence number held, or null when empty. */
  get lo(): number | null {
    return this.count === 0 ? null : this.at(0).seq;
  }

  /** The newest sequence number held, or null when empty. */
  get hi(): number | null {
    return this.count === 0 ? null : this.at(this.count - 1).seq;
  }

  /**
   * Adds the next delta. Answers false (and keeps nothing new) for a number at or below the
   * newest (a duplicate); a number past newest + 1 clears the older ones first.
   */
  push(seq: number, frame: Buffer): boolean {
    const hi = this.hi;
    if (hi !== null && seq <= hi) return false;
    if (hi !== null && seq !== hi + 1) this.clear();
    const entry = { seq, frame };
    this.changes++;
    if (this.count < this.capacity) {
      this.entries[(this.start + this.count) % this.capacity] = entry;
      this.count++;
    } else {
      this.entries[this.start] = entry;
      this.start = (this.start + 1) % this.capacity;
    }
    return true;
  }

  /**
   * The deltas after `seq`, when the ring holds every one of them (`seq` is within
   * [lo - 1, hi]); null when some are no longer (or not yet) here.
   */
  after(seq: number): RingEntry[] | null {
    const { lo, hi } = this;
    if (lo === null || hi === null || seq < lo - 1 || seq > hi) return null;
    const out: RingEntry[] = [];
    for (let i = seq - lo + 1; i < this.count; i++) out.push(this.at(i));
    return out;
  }

  clear(): void {
    this.changes++;
    this.entries.fill(undefined);
    this.start = 0;
    this.count = 0;
  }

  private at(index: number): RingEntry {
    const entry = this.entries[(this.start + index) % this.capacity];
    if (!entry) throw new Error('ring index out of range');
    return entry;
  }
}
