/**
 * The hub's bookkeeping with a sequencer and bus under the test's control: what a
 * subscriber gets when bus messages arrive late, are lost, or arrive while its snapshot
 * loads, and how private streams are kept apart.
 */
import { describe, expect, it } from 'vitest';
import type { LiveErrorCode } from '@betsite/contracts';
import { LiveHub, type LiveSink, type LiveUser, type Subscription, type TopicFamily } from './hub.ts';
import type { LiveBusDelta, Sequencer } from './sequencer.ts';

/** Numbers like the real one; what it publishes waits in `bus` until the test delivers it. */
class FakeSequencer implements Sequencer {
  readonly kind = 'memory';
  readonly counters = new Map<string, number>();
  readonly bus: LiveBusDelta[] = [];
  async publish(stream: string, data: unknown) {
    const seq = (await this.current(stream)) + 1;
    this.counters.set(stream, seq);
    this.bus.push({ stream, seq, data });
    return seq;
  }
  async current(stream: string) {
    return this.counters.get(stream) ?? this.counters.set(stream, 1000).get(stream)!;
  }
  async close() {}
}

class FakeSink implements LiveSink {
  readonly subscriptions = new Map<string, Subscription>();
  readonly received: Record<string, unknown>[] = [];
  constructor(public user: LiveUser | null = null) {}
  send(frame: Buffer | string) {
    this.received.push(JSON.parse(String(frame)) as Record<string, unknown>);
  }
  error(code: LiveErrorCode, message: string, topic?: string) {
    this.received.push({ type: 'error', code, topic });
  }
  /** What arrived since the last call, as `type seq` lines. */
  take(): string[] {
    return this.received.splice(0).map((m) => `${String(m.type)} ${String(m.seq ?? m.code)}`);
  }
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

function setup(snapshot: TopicFamily<{ name: string }>['snapshot'] = async ({ name }) => ({ name })) {
  const sequencer = new FakeSequencer();
  const hub = new LiveHub({ sequencer, logger: { warn: () => undefined, error: () => undefined }, ringSize: 8 });
  let loads = 0;
  hub.registerFamily<{ name: string }>({
    name: 'odds',
    access: 'public',
    parse: (args) => (args.length === 1 ? { name: args[0]! } : null),
    snapshot: (params, user) => {
      loads++;
      return snapshot(params, user);
    },
  });
  /** Delivers what the sequencer published (or some of it) to the hub, as the bus would. */
  const deliver = (filter: (d: LiveBusDelta) => boolean = () => true) => {
    for (const delta of sequencer.bus.splice(0)) if (filter(delta)) hub.onBusDelta(delta);
  };
  return { hub, sequencer, deliver, loads: () => loads };
}

describe('LiveHub', () => {
  it('sends a snapshot, then each delta once; a lost bus message makes a new snapshot, not a gap', async () => {
    const { hub, sequencer, deliver } = setup();
    const sink = new FakeSink();
    await hub.subscribe(sink, 'odds:1');
    await settle();
    expect(sink.take()).toEqual(['snapshot 1000']);
    await hub.publish('odds:1', 'a');
    deliver();
    expect(sink.take()).toEqual(['delta 1001']);

    await hub.publish('odds:1', 'lost');
    await hub.publish('odds:1', 'b');
    deliver((d) => d.data !== 'lost');
    await settle();
    expect(sink.take()).toEqual(['snapshot 1003']);
    expect(sequencer.counters.get('odds:1')).toBe(1003);
    await hub.publish('odds:1', 'c');
    deliver();
    expect(sink.take()).toEqual(['delta 1004']);
  });

  it('skips deltas a snapshot already covers when the bus brings them late', async () => {
    const { hub, deliver } = setup();
    await hub.publish('odds:2', 'before');
    await hub.publish('odds:2', 'before');
    const sink = new FakeSink();
    await hub.subscribe(sink, 'odds:2');
    await settle();
    expect(sink.take()).toEqual(['snapshot 1002']);
    deliver(); // 1001 and 1002 arrive after the snapshot read 1002
    await hub.publish('odds:2', 'after');
    deliver();
    expect(sink.take()).toEqual(['delta 1003']);
  });

  it('catches up from the ring with what arrived while the snapshot loaded, and loads it once for everyone', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { hub, deliver, loads } = setup(async ({ name }) => {
      await gate;
      return { name };
    });
    const [a, b] = [new FakeSink(), new FakeSink()];
    await hub.subscribe(a, 'odds:3');
    await hub.subscribe(b, 'odds:3');
    await settle();
    await hub.publish('odds:3', 'x');
    await hub.publish('odds:3', 'y');
    deliver();
    expect(a.take()).toEqual([]); // pending: nothing yet
    release();
    await settle();
    await settle();
    expect(a.take()).toEqual(['snapshot 1000', 'delta 1001', 'delta 1002']);
    expect(b.take()).toEqual(['snapshot 1000', 'delta 1001', 'delta 1002']);
    expect(loads()).toBe(1);
  });

  it('resumes from the ring, from nothing missed, or answers a snapshot', async () => {
    const { hub, deliver } = setup();
    const watcher = new FakeSink();
    await hub.subscribe(watcher, 'odds:4');
    await settle();
    for (let i = 0; i < 3; i++) await hub.publish('odds:4', i);
    deliver();

    const resumer = new FakeSink();
    await hub.subscribe(resumer, 'odds:4', 1001);
    await settle();
    expect(resumer.take()).toEqual(['resumed 1001', 'delta 1002', 'delta 1003']);
    await hub.subscribe(resumer, 'odds:4', 1003);
    await settle();
    expect(resumer.take()).toEqual(['resumed 1003']);
    for (let i = 0; i < 10; i++) await hub.publish('odds:4', i); // beyond the ring of 8
    deliver();
    resumer.take();
    await hub.subscribe(resumer, 'odds:4', 1003);
    await settle();
    expect(resumer.take()).toEqual(['snapshot 1013']);
    await hub.subscribe(resumer, 'odds:4', 5000); // a number never published
    await settle();
    expect(resumer.take()).toEqual(['snapshot 1013']);
  });

  it('treats a client ahead of this node as resumed and skips what it already has', async () => {
    const { hub, sequencer, deliver } = setup();
    const watcher = new FakeSink();
    await hub.subscribe(watcher, 'odds:5');
    await settle();
    await hub.publish('odds:5', 'a');
    deliver();
    await hub.publish('odds:5', 'b'); // 1002: the client saw it on another node; this one has not yet
    const resumer = new FakeSink();
    await hub.subscribe(resumer, 'odds:5', 1002);
    await settle();
    expect(resumer.take()).toEqual(['resumed 1002']);
    deliver();
    await hub.publish('odds:5', 'c');
    deliver();
    expect(resumer.take()).toEqual(['delta 1003']);
    expect(sequencer.counters.get('odds:5')).toBe(1003);
  });

  it('drops a ring that never connects to a snapshot instead of reloading forever', async () => {
    const { hub, loads } = setup();
    const sink = new FakeSink();
    await hub.subscribe(sink, 'odds:6');
    await settle();
    hub.onBusDelta({ stream: 'odds:6', seq: 5000, data: 'from nowhere' }); // ahead of the sequencer
    for (let i = 0; i < 10; i++) await settle();
    expect(loads()).toBeLessThanOrEqual(1 + 1 + 3);
    expect(sink.take().every((line) => line.startsWith('snapshot'))).toBe(true);
  });

  it('keeps private streams per player and refuses them to visitors', async () => {
    const { hub } = setup();
    hub.registerFamily<Record<string, never>>({
      name: 'wallet',
      access: 'private',
      sequencing: 'node',
      parse: (args) => (args.length === 0 ? {} : null),
      snapshot: async (_params, user) => ({ owner: user?.userId }),
    });
    const [alice, bob, visitor] = [new FakeSink({ userId: 'alice', tokenHash: null }), new FakeSink({ userId: 'bob', tokenHash: null }), new FakeSink()];
    for (const sink of [alice, bob, visitor]) await hub.subscribe(sink, 'wallet');
    await settle();
    expect(alice.received[0]).toMatchObject({ type: 'snapshot', data: { owner: 'alice' } });
    expect(bob.received[0]).toMatchObject({ type: 'snapshot', data: { owner: 'bob' } });
    expect(visitor.take()).toEqual(['error forbidden']);
    const aliceStart = alice.received[0]!.seq as number;
    alice.take();
    bob.take();
    hub.deliverLocal('wallet', { n: 1 }, { userId: 'alice' });
    hub.deliverLocal('wallet', { n: 1 }, { userId: 'carol' }); // nobody follows carol here: dropped
    expect(alice.take()).toEqual([`delta ${aliceStart + 1}`]);
    expect(bob.take()).toEqual([]);

    hub.endPrivate(alice);
    expect(alice.take()).toEqual(['error session_ended']);
    hub.deliverLocal('wallet', { n: 2 }, { userId: 'alice' });
    expect(alice.take()).toEqual([]);
    await expect(hub.publish('wallet', {}, { userId: 'alice' })).rejects.toThrow(/node-sequenced/);
    expect(() => hub.deliverLocal('odds:1', {})).toThrow(/global-sequenced/);
  });

  it('reports a failed snapshot and forgets the subscription', async () => {
    const { hub } = setup(async () => {
      throw new Error('database down');
    });
    const sink = new FakeSink();
    await hub.subscribe(sink, 'odds:7');
    await settle();
    expect(sink.take()).toEqual(['error snapshot_failed']);
    expect(sink.subscriptions.size).toBe(0);
    expect(hub.stats().subscriptions).toBe(0);
  });

  it('forgets the least recently idle streams beyond its bound', async () => {
    const sequencer = new FakeSequencer();
    const hub = new LiveHub({ sequencer, logger: { warn: () => undefined, error: () => undefined }, maxIdleStreams: 2 });
    hub.registerFamily<{ n: string }>({ name: 'g', access: 'public', parse: (args) => (args.length === 1 ? { n: args[0]! } : null), snapshot: async () => null });
    const sink = new FakeSink();
    for (const topic of ['g:1', 'g:2', 'g:3']) {
      await hub.subscribe(sink, topic);
      hub.unsubscribe(sink, topic);
    }
    expect(hub.stats()).toEqual({ streams: 2, idleStreams: 2, subscriptions: 0 });
  });
});
