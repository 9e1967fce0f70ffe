/**
 * The topic registry and fan-out of this node (`app.live`).
 *
 * Modules register topic families; a client subscription names a topic, which maps to a
 * stream (the topic itself, or `topic@userId` for a private family, so a player only ever
 * reaches their own). Per stream this node keeps its local subscribers and a ring of recent
 * deltas, serialised once and written as the same bytes to every socket.
 *
 * Two ways deltas are numbered (decision 0009):
 * - `publish` (sequencing `global`): the shared sequencer numbers the delta and the bus
 *   carries it to every node (`live.delta`); a client can resume on any node;
 * - `deliverLocal` (sequencing `node`): for events that already reach every node through
 *   their own bus topic (`balance.changed`): each node numbers them for its own subscribers;
 *   a client resuming on another node gets a snapshot.
 *
 * Every subscription is `pending` until its snapshot (or resume) is sent, then `live`; a
 * live subscription receives exactly the next number, and anything else (a lost bus
 * message, a counter that restarted) sends it a fresh snapshot instead of a gap.
 */
import { LiveErrorCode, type LiveErrorCode as LiveErrorCodeType } from '@betsite/contracts';
import type { BusLogger } from '../../lib/bus.ts';
import { DeltaRing } from './ring.ts';
import { epochBase, type LiveBusDelta, type Sequencer } from './sequencer.ts';

/** The player behind a connection. */
export interface LiveUser {
  userId: string;
  /** The session's token hash (to notice its end); null when not known. */
  tokenHash: string | null;
}

export interface TopicFamily<P> {
  /** The topic's first segment: `balance`, `game`, `sport`, … */
  name: string;
  /** `private`: only for a connection with a player, a stream per player, ended with the session. */
  access: 'public' | 'private';
  /** Default `global`. */
  sequencing?: 'global' | 'node';
  /** The segments after the name as parameters; null refuses the topic (`unknown_topic`). */
  parse(args: readonly string[]): P | null;
  /** Default: anyone for public, a player for private families. */
  authorize?(params: P, user: LiveUser | null): boolean | Promise<boolean>;
  /**
   * The state deltas apply to. Public snapshots are shared by every subscriber of the
   * stream, so they get no user; private ones get the stream's player.
   */
  snapshot(params: P, user: LiveUser | null): Promise<unknown>;
}

/** What the hub needs of a connection. */
export interface LiveSink {
  readonly user: LiveUser | null;
  readonly subscriptions: Map<string, Subscription>;
  send(frame: Buffer | string): void;
  error(code: LiveErrorCodeType, message: string, topic?: string): void;
}

interface Stream {
  key: string;
  /** The topic name clients use (the same for every subscriber of the stream). */
  topic: string;
  family: TopicFamily<unknown>;
  params: unknown;
  user: LiveUser | null;
  subscribers: Set<Subscription>;
  ring: DeltaRing;
  /** The node's own counter, for `node` sequencing. */
  localSeq: number;
  /** The snapshot being loaded, shared by every subscriber waiting for one. */
  flight: Promise<LoadedSnapshot> | null;
  /** The last snapshot loaded, kept a few seconds for the next subscribers (see `reusable`). */
  recent: { loaded: LoadedSnapshot; at: number; ringVersion: number } | null;
}

interface LoadedSnapshot {
  seq: number;
  frame: Buffer;
}

export interface Subscription {
  readonly sink: LiveSink;
  readonly topic: string;
  readonly stream: Stream;
  state: 'pending' | 'live' | 'ended';
  lastSeq: number;
  /** Bumped by every (re)start and by the end: async work of an older generation is dropped. */
  generation: number;
  /** Snapshots in a row after which the ring still did not connect (see `catchUp`). */
  retries: number;
}

/** A family's snapshot throws it for a topic that names nothing (a game that does not exist): the client hears `unknown_topic`. */
export class UnknownTopicError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnknownTopicError';
  }
}

/**
 * How long a loaded snapshot serves later subscribers of its stream: a crowd joining a game
 * (5,000 sockets after a deploy) costs one read of it, not one each.
 */
const SNAPSHOT_REUSE_MS = 5_000;

/** Beyond this many, a ring that never connects to a fresh snapshot is dropped rather than retried. */
const MAX_CATCH_UP_RETRIES = 3;

export interface LiveHubOptions {
  sequencer: Sequencer;
  logger: BusLogger;
  /** Recent deltas kept per stream for resuming (default 256). */
  ringSize?: number;
  /** Streams without subscribers kept for resuming, least recently used dropped first (default 5,000). */
  maxIdleStreams?: number;
  /** Snapshots loaded at once on this node; more wait (default 16). */
  maxSnapshotLoads?: number;
  maxSubscriptions?: number;
}

export interface PublishOptions {
  /** The player of a private family's stream. */
  userId?: string;
}

export interface LiveHubStats {
  streams: number;
  idleStreams: number;
  subscriptions: number;
}

export class LiveHub {
  private readonly families = new Map<string, TopicFamily<unknown>>();
  private readonly streams = new Map<string, Stream>();
  /** Keys of streams without subscribers, oldest first. */
  private readonly idle = new Map<string, true>();
  private readonly ringSize: number;
  private readonly maxIdleStreams: number;
  private readonly maxSubscriptions: number;
  private readonly loads: Semaphore;
  /** Snapshot loads and resumes under way (they read the database): shutdown waits for them. */
  private readonly working = new Set<Promise<unknown>>();
  private subscriptionCount = 0;

  constructor(private readonly options: LiveHubOptions) {
    this.ringSize = options.ringSize ?? 256;
    this.maxIdleStreams = options.maxIdleStreams ?? 5_000;
    this.maxSubscriptions = options.maxSubscriptions ?? 200;
    this.loads = new Semaphore(options.maxSnapshotLoads ?? 16);
  }

  registerFamily<P>(family: TopicFamily<P>): void {
    if (this.families.has(family.name)) throw new Error(`live topic family ${family.name} is already registered`);
    this.families.set(family.name, family as TopicFamily<unknown>);
  }

  /** Numbers a delta of a `global` family and sends it to every node's subscribers; answers its number. */
  async publish(topic: string, data: unknown, options: PublishOptions = {}): Promise<number> {
    const family = this.familyOf(topic, 'global');
    return this.options.sequencer.publish(streamKey(topic, family, options.userId), data ?? null);
  }

  /** Numbers a delta of a `node` family for this node's subscribers (call it on every node). */
  deliverLocal(topic: string, data: unknown, options: PublishOptions = {}): void {
    const family = this.familyOf(topic, 'node');
    const stream = this.streams.get(streamKey(topic, family, options.userId));
    // Nobody here follows it: nothing to number (a later subscriber starts from a snapshot).
    if (!stream) return;
    stream.localSeq += 1;
    this.deliver(stream, stream.localSeq, data ?? null);
  }

  /** A delta numbered by the sequencer, from the bus. */
  onBusDelta(delta: LiveBusDelta): void {
    if (typeof delta?.stream !== 'string' || !Number.isSafeInteger(delta.seq)) return;
    const stream = this.streams.get(delta.stream);
    if (stream) this.deliver(stream, delta.seq, delta.data ?? null);
  }

  /** Starts (or restarts) the sink's subscription to `topic`: a snapshot, or a resume after `fromSeq`. */
  async subscribe(sink: LiveSink, topic: string, fromSeq?: number): Promise<void> {
    const existing = sink.subscriptions.get(topic);
    if (existing) this.end(existing);
    else if (sink.subscriptions.size >= this.maxSubscriptions) {
      sink.error(LiveErrorCode.tooManySubscriptions, `At most ${this.maxSubscriptions} topics per connection`, topic);
      return;
    }
    const [name, ...args] = topic.split(':');
    const family = this.families.get(name ?? '');
    const params = family?.parse(args) ?? null;
    if (!family || params === null) {
      sink.error(LiveErrorCode.unknownTopic, `No topic ${topic}`, topic);
      return;
    }
    const user = sink.user;
    if (family.access === 'private' && !user) {
      sink.error(LiveErrorCode.forbidden, 'Log in to follow this topic', topic);
      return;
    }
    // Held while authorising, so the limit counts it and a second subscribe replaces it.
    const placeholder = this.attach(sink, topic, family, params, user);
    let allowed: boolean;
    try {
      allowed = family.authorize ? await family.authorize(params, user) : true;
    } catch (err) {
      this.options.logger.error({ err, topic }, 'live authorize failed');
      allowed = false;
    }
    if (placeholder.state === 'ended') return;
    if (!allowed) {
      this.end(placeholder);
      sink.error(LiveErrorCode.forbidden, 'You may not follow this topic', topic);
      return;
    }
    // Neither waits for its answer: a slow snapshot must not hold the connection's next messages.
    if (fromSeq === undefined) this.snapshot(placeholder);
    else void this.track(this.resume(placeholder, fromSeq));
  }

  /** Resolves when no snapshot load or resume started so far is still reading (shutdown). */
  async settled(): Promise<void> {
    while (this.working.size > 0) await Promise.allSettled([...this.working]);
  }

  private track<T>(work: Promise<T>): Promise<T> {
    this.working.add(work);
    const done = () => this.working.delete(work);
    work.then(done, done);
    return work;
  }

  unsubscribe(sink: LiveSink, topic: string): void {
    const subscription = sink.subscriptions.get(topic);
    if (subscription) this.end(subscription);
  }

  /** Ends every subscription of the sink (its socket closed). */
  drop(sink: LiveSink): void {
    for (const subscription of [...sink.subscriptions.values()]) this.end(subscription);
  }

  /** Ends the sink's private subscriptions, telling the client why (its session ended). */
  endPrivate(sink: LiveSink): void {
    for (const subscription of [...sink.subscriptions.values()]) {
      if (subscription.stream.family.access !== 'private') continue;
      this.end(subscription);
      sink.error(LiveErrorCode.sessionEnded, 'Your session ended', subscription.topic);
    }
  }

  stats(): LiveHubStats {
    return { streams: this.streams.size, idleStreams: this.idle.size, subscriptions: this.subscriptionCount };
  }

  private familyOf(topic: string, sequencing: 'global' | 'node'): TopicFamily<unknown> {
    const name = topic.split(':', 1)[0] ?? '';
    const family = this.families.get(name);
    if (!family) throw new Error(`no live topic family ${name}`);
    if ((family.sequencing ?? 'global') !== sequencing) {
      throw new Error(`live family ${name} is ${family.sequencing ?? 'global'}-sequenced: use ${sequencing === 'global' ? 'deliverLocal' : 'publish'}`);
    }
    return family;
  }

  private attach(sink: LiveSink, topic: string, family: TopicFamily<unknown>, params: unknown, user: LiveUser | null): Subscription {
    const key = streamKey(topic, family, family.access === 'private' ? user?.userId : undefined);
    let stream = this.streams.get(key);
    if (!stream) {
      stream = {
        key,
        topic,
        family,
        params,
        user: family.access === 'private' ? user : null,
        subscribers: new Set(),
        ring: new DeltaRing(this.ringSize),
        localSeq: epochBase(),
        flight: null,
        recent: null,
      };
      this.streams.set(key, stream);
    }
    this.idle.delete(key);
    const subscription: Subscription = { sink, topic, stream, state: 'pending', lastSeq: 0, generation: 0, retries: 0 };
    stream.subscribers.add(subscription);
    sink.subscriptions.set(topic, subscription);
    this.subscriptionCount++;
    return subscription;
  }

  private end(subscription: Subscription): void {
    if (subscription.state === 'ended') return;
    subscription.state = 'ended';
    subscription.generation++;
    const { sink, stream } = subscription;
    if (sink.subscriptions.get(subscription.topic) === subscription) sink.subscriptions.delete(subscription.topic);
    stream.subscribers.delete(subscription);
    this.subscriptionCount--;
    if (stream.subscribers.size === 0) {
      stream.recent = null;
      this.idle.set(stream.key, true);
      while (this.idle.size > this.maxIdleStreams) {
        const oldest = this.idle.keys().next().value;
        if (oldest === undefined) break;
        this.idle.delete(oldest);
        this.streams.delete(oldest);
      }
    }
  }

  private deliver(stream: Stream, seq: number, data: unknown): void {
    const frame = Buffer.from(`{"type":"delta","topic":${JSON.stringify(stream.topic)},"seq":${seq},"data":${JSON.stringify(data)}}`);
    if (!stream.ring.push(seq, frame)) return; // a duplicate
    for (const subscription of stream.subscribers) {
      if (subscription.state !== 'live' || seq <= subscription.lastSeq) continue;
      if (seq === subscription.lastSeq + 1) {
        subscription.lastSeq = seq;
        subscription.sink.send(frame);
      } else {
        this.snapshot(subscription); // a gap: start over rather than skip
      }
    }
  }

  private snapshot(subscription: Subscription): void {
    subscription.state = 'pending';
    const generation = ++subscription.generation;
    const { stream, sink } = subscription;
    const recent = this.reusable(stream);
    if (recent) {
      sink.send(recent.frame);
      subscription.lastSeq = recent.seq;
      subscription.state = 'live';
      this.catchUp(subscription);
      return;
    }
    if (!stream.flight) {
      const ringVersion = stream.ring.version;
      const flight = this.track(this.load(stream));
      stream.flight = flight;
      const settle = () => {
        if (stream.flight === flight) stream.flight = null;
      };
      flight.then((loaded) => {
        settle();
        // Public streams only: a crowd shares them; a player's own stream has one reader.
        if (stream.subscribers.size > 0 && stream.family.access === 'public') stream.recent = { loaded, at: performance.now(), ringVersion };
      }, settle);
    }
    stream.flight.then(
      (loaded) => {
        if (subscription.generation !== generation) return;
        sink.send(loaded.frame);
        subscription.lastSeq = loaded.seq;
        subscription.state = 'live';
        this.catchUp(subscription);
      },
      (err: unknown) => {
        if (subscription.generation !== generation) return;
        this.end(subscription);
        if (err instanceof UnknownTopicError) {
          sink.error(LiveErrorCode.unknownTopic, err.message, subscription.topic);
          return;
        }
        this.options.logger.error({ err, topic: subscription.topic }, 'live snapshot failed');
        sink.error(LiveErrorCode.snapshotFailed, 'The topic could not be loaded; subscribe again later', subscription.topic);
      },
    );
  }

  /**
   * The stream's last snapshot, when it is young and this node's deltas connect to it: the
   * ring saw nothing since the load began, or holds every delta after the snapshot's number
   * (the subscriber then catches up from the ring, as after a fresh load).
   */
  private reusable(stream: Stream): LoadedSnapshot | null {
    const recent = stream.recent;
    if (!recent || performance.now() - recent.at > SNAPSHOT_REUSE_MS) return null;
    if (stream.ring.version === recent.ringVersion || stream.ring.after(recent.loaded.seq)) return recent.loaded;
    return null;
  }

  private async load(stream: Stream): Promise<LoadedSnapshot> {
    const release = await this.loads.acquire();
    try {
      // The number first: deltas up to it are committed, so the state read next includes them.
      const seq = await this.seqOf(stream);
      const data = await stream.family.snapshot(stream.params, stream.user);
      const frame = Buffer.from(`{"type":"snapshot","topic":${JSON.stringify(stream.topic)},"seq":${seq},"data":${JSON.stringify(data ?? null)}}`);
      return { seq, frame };
    } finally {
      release();
    }
  }

  /** Never rejects: a sequencer failure answers a snapshot (whose own failure is reported). */
  private async resume(subscription: Subscription, fromSeq: number): Promise<void> {
    const generation = subscription.generation;
    if (this.resumeFromRing(subscription, fromSeq)) return;
    let current: number;
    try {
      current = await this.seqOf(subscription.stream);
    } catch (err) {
      this.options.logger.warn({ err, topic: subscription.topic }, 'live sequence unavailable; answering a snapshot');
      current = Number.NaN;
    }
    if (subscription.generation !== generation) return;
    if (!(fromSeq <= current)) return this.snapshot(subscription); // another counter's number (or none)
    if (this.resumeFromRing(subscription, fromSeq)) return;
    const hi = subscription.stream.ring.hi;
    // Nothing published since, or this node has not yet heard what the client already has.
    if (hi === null ? fromSeq === current : fromSeq > hi) this.resumed(subscription, fromSeq, []);
    else this.snapshot(subscription);
  }

  private resumeFromRing(subscription: Subscription, fromSeq: number): boolean {
    const missed = subscription.stream.ring.after(fromSeq);
    if (!missed) return false;
    this.resumed(subscription, fromSeq, missed);
    return true;
  }

  private resumed(subscription: Subscription, fromSeq: number, missed: readonly { seq: number; frame: Buffer }[]): void {
    const { sink } = subscription;
    sink.send(JSON.stringify({ type: 'resumed', topic: subscription.topic, seq: fromSeq }));
    subscription.lastSeq = fromSeq;
    for (const delta of missed) {
      sink.send(delta.frame);
      subscription.lastSeq = delta.seq;
    }
    subscription.state = 'live';
  }

  /** After a snapshot: the deltas this node received while it was loading. */
  private catchUp(subscription: Subscription): void {
    const { ring } = subscription.stream;
    const missed = ring.after(subscription.lastSeq);
    if (missed || ring.hi === null || ring.hi <= subscription.lastSeq) {
      for (const delta of missed ?? []) {
        subscription.sink.send(delta.frame);
        subscription.lastSeq = delta.seq;
      }
      subscription.retries = 0;
      return;
    }
    // The ring holds newer deltas but not the next one: more arrived than it keeps, or this
    // node lost a bus message. A fresher snapshot connects to it, as the sequencer is ahead
    // of all it received; a ring ahead of the sequencer (which cannot happen) is dropped
    // instead of retried forever.
    if (++subscription.retries <= MAX_CATCH_UP_RETRIES) {
      this.snapshot(subscription);
      return;
    }
    this.options.logger.warn({ topic: subscription.topic, lastSeq: subscription.lastSeq, ringHi: ring.hi }, 'live ring ahead of the sequencer; dropped');
    ring.clear();
    subscription.retries = 0;
  }

  private seqOf(stream: Stream): Promise<number> {
    return (stream.family.sequencing ?? 'global') === 'node' ? Promise.resolve(stream.localSeq) : this.options.sequencer.current(stream.key);
  }
}

function streamKey(topic: string, family: TopicFamily<unknown>, userId: string | undefined): string {
  if (family.access === 'public') return topic;
  if (!userId) throw new Error(`live family ${family.name} is private: a userId is required`);
  return `${topic}@${userId}`;
}

/** At most `limit` holders at once; the others wait in order. */
class Semaphore {
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  constructor(private readonly limit: number) {}

  async acquire(): Promise<() => void> {
    if (this.active >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.active++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiting.shift();
      if (next) next();
      else this.active--;
    };
  }
}
