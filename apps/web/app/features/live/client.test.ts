import { describe, expect, it } from 'vitest';
import { LIVE_BALANCE_TOPIC, LIVE_WS_PATH } from '@betsite/contracts';
import { createLiveClient, DEFAULT_LIVE_OPTIONS, parseMessage, type LiveEnvironment, type LiveSocket, type LiveTopicHandlers } from './client.ts';
import { LIVE_PATH } from './browser.ts';
import { LIVE_TOPICS } from './index.ts';

class FakeSocket implements LiveSocket {
  readyState = 0;
  readonly sent: Record<string, unknown>[] = [];
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: unknown) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  closedByClient = false;

  send(data: string) {
    if (this.readyState !== 1) throw new Error('send on a socket that is not open');
    this.sent.push(JSON.parse(data) as Record<string, unknown>);
  }
  close() {
    this.closedByClient = true;
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  receive(message: object) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
  /** The server or the network ends it. */
  lose() {
    this.readyState = 3;
    this.onerror?.({});
    this.onclose?.({});
  }
}

/** Sockets, timers and visibility under the test's control. */
class FakeEnvironment implements LiveEnvironment {
  readonly sockets: FakeSocket[] = [];
  private timers = new Map<number, { at: number; callback: () => void }>();
  private nextId = 1;
  now = 0;
  hidden = false;
  private visibilityListeners = new Set<() => void>();

  url = () => 'ws://test/web-api/live/v1/ws';
  createSocket = () => {
    const socket = new FakeSocket();
    this.sockets.push(socket);
    return socket;
  };
  setTimer = (callback: () => void, ms: number) => {
    const id = this.nextId++;
    this.timers.set(id, { at: this.now + ms, callback });
    return id;
  };
  clearTimer = (handle: unknown) => {
    this.timers.delete(handle as number);
  };
  isHidden = () => this.hidden;
  onVisibilityChange = (listener: () => void) => {
    this.visibilityListeners.add(listener);
    return () => this.visibilityListeners.delete(listener);
  };
  random = () => 1; // back-off without jitter: exactly the nominal delay

  get socket(): FakeSocket {
    const last = this.sockets[this.sockets.length - 1];
    if (!last) throw new Error('no socket yet');
    return last;
  }
  setHidden(hidden: boolean) {
    this.hidden = hidden;
    for (const listener of [...this.visibilityListeners]) listener();
  }
  /** Moves time forward, firing due timers in order. */
  advance(ms: number) {
    const until = this.now + ms;
    for (;;) {
      const due = [...this.timers.entries()].filter(([, t]) => t.at <= until).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      this.timers.delete(due[0]);
      this.now = due[1].at;
      due[1].callback();
    }
    this.now = until;
  }
}

function recorder() {
  const events: unknown[] = [];
  const handlers: LiveTopicHandlers = {
    onSnapshot: (data, seq) => events.push(['snapshot', seq, data]),
    onDelta: (data, seq) => events.push(['delta', seq, data]),
    onError: (error) => events.push(['error', error.code]),
  };
  return { events, handlers };
}

const setup = () => {
  const env = new FakeEnvironment();
  const client = createLiveClient(env);
  return { env, client };
};

describe('the live client', () => {
  it('opens one socket lazily for all topics and subscribes once it is open', () => {
    const { env, client } = setup();
    expect(env.sockets).toHaveLength(0);
    expect(client.status()).toBe('idle');
    client.subscribe('test:a', {});
    client.subscribe('test:b', {});
    expect(env.sockets).toHaveLength(1);
    expect(client.status()).toBe('connecting');
    env.socket.open();
    expect(client.status()).toBe('open');
    expect(env.socket.sent).toEqual([
      { type: 'subscribe', topic: 'test:a' },
      { type: 'subscribe', topic: 'test:b' },
    ]);
    client.subscribe('test:c', {});
    expect(env.socket.sent[2]).toEqual({ type: 'subscribe', topic: 'test:c' });
    expect(env.sockets).toHaveLength(1);
  });

  it('hands over the snapshot and each delta once, in order, ignoring repeats and other topics', () => {
    const { env, client } = setup();
    const { events, handlers } = recorder();
    client.subscribe('test:a', handlers);
    env.socket.open();
    env.socket.receive({ type: 'delta', topic: 'test:a', seq: 4, data: 'before any snapshot' });
    env.socket.receive({ type: 'snapshot', topic: 'test:a', seq: 5, data: { v: 0 } });
    env.socket.receive({ type: 'delta', topic: 'test:a', seq: 6, data: { v: 1 } });
    env.socket.receive({ type: 'delta', topic: 'test:a', seq: 6, data: { v: 1 } });
    env.socket.receive({ type: 'delta', topic: 'test:b', seq: 7, data: 'not ours' });
    env.socket.receive({ type: 'delta', topic: 'test:a', seq: 7, data: { v: 2 } });
    expect(events).toEqual([
      ['snapshot', 5, { v: 0 }],
      ['delta', 6, { v: 1 }],
      ['delta', 7, { v: 2 }],
    ]);
  });

  it('reconnects with a growing back-off and resumes each topic from its last number', () => {
    const { env, client } = setup();
    const { events, handlers } = recorder();
    client.subscribe('test:a', handlers);
    client.subscribe('test:fresh', {});
    env.socket.open();
    env.socket.receive({ type: 'snapshot', topic: 'test:a', seq: 10, data: 'state' });
    env.socket.receive({ type: 'delta', topic: 'test:a', seq: 11, data: 'd11' });

    env.socket.lose();
    expect(client.status()).toBe('reconnecting');
    env.advance(DEFAULT_LIVE_OPTIONS.initialBackoffMs - 1);
    expect(env.sockets).toHaveLength(1);
    env.advance(1);
    expect(env.sockets).toHaveLength(2);
    env.socket.lose(); // refused again: the next wait doubles
    env.advance(DEFAULT_LIVE_OPTIONS.initialBackoffMs * 2 - 1);
    expect(env.sockets).toHaveLength(2);
    env.advance(1);
    expect(env.sockets).toHaveLength(3);

    env.socket.open();
    expect(env.socket.sent).toEqual([
      { type: 'subscribe', topic: 'test:a', fromSeq: 11 },
      { type: 'subscribe', topic: 'test:fresh' },
    ]);
    env.socket.receive({ type: 'resumed', topic: 'test:a', seq: 11 });
    env.socket.receive({ type: 'delta', topic: 'test:a', seq: 12, data: 'd12' });
    expect(events).toEqual([
      ['snapshot', 10, 'state'],
      ['delta', 11, 'd11'],
      ['delta', 12, 'd12'],
    ]);

    // The server answered, so the back-off starts over.
    env.socket.lose();
    env.advance(DEFAULT_LIVE_OPTIONS.initialBackoffMs);
    expect(env.sockets).toHaveLength(4);
  });

  it('gives up on a handshake that hangs, and on a socket that cannot even be created', () => {
    const { env, client } = setup();
    client.subscribe('test:a', {});
    env.advance(DEFAULT_LIVE_OPTIONS.pongTimeoutMs);
    expect(env.sockets[0]!.closedByClient).toBe(true);
    expect(client.status()).toBe('reconnecting');

    let refuse = true;
    const create = env.createSocket;
    env.createSocket = () => {
      if (refuse) throw new Error('blocked');
      return create();
    };
    env.advance(DEFAULT_LIVE_OPTIONS.initialBackoffMs);
    expect(env.sockets).toHaveLength(1);
    refuse = false;
    env.advance(DEFAULT_LIVE_OPTIONS.initialBackoffMs * 2);
    expect(env.sockets).toHaveLength(2);
  });

  it('doubles the back-off up to its cap', () => {
    const { env, client } = setup();
    client.subscribe('test:a', {});
    const waits: number[] = [];
    for (let i = 0; i < 9; i++) {
      env.socket.lose();
      const count = env.sockets.length;
      let waited = 0;
      while (env.sockets.length === count) {
        env.advance(100);
        waited += 100;
      }
      waits.push(waited);
    }
    expect(waits).toEqual([500, 1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
  });

  it('pauses 30 s after the tab is hidden and resumes every topic when it is visible again', () => {
    const env = new FakeEnvironment();
    const client = createLiveClient(env, { pingAfterMs: 3_600_000 }); // this server never answers pings
    const { events, handlers } = recorder();
    client.subscribe('test:a', handlers);
    env.socket.open();
    env.socket.receive({ type: 'snapshot', topic: 'test:a', seq: 3, data: 's' });

    env.setHidden(true);
    env.advance(29_999);
    expect(env.socket.closedByClient).toBe(false);
    env.setHidden(false); // back in time: nothing happens
    env.setHidden(true);
    env.advance(29_999);
    expect(env.socket.closedByClient).toBe(false);
    env.advance(1);
    expect(env.socket.closedByClient).toBe(true);
    expect(client.status()).toBe('paused');

    env.advance(10 * 60_000); // no reconnect while hidden
    expect(env.sockets).toHaveLength(1);
    client.subscribe('test:b', {}); // nor for a new topic
    expect(env.sockets).toHaveLength(1);

    env.setHidden(false);
    expect(env.sockets).toHaveLength(2);
    env.socket.open();
    expect(env.socket.sent).toEqual([
      { type: 'subscribe', topic: 'test:a', fromSeq: 3 },
      { type: 'subscribe', topic: 'test:b' },
    ]);
    env.socket.receive({ type: 'snapshot', topic: 'test:a', seq: 900, data: 'newer' });
    expect(events).toEqual([
      ['snapshot', 3, 's'],
      ['snapshot', 900, 'newer'],
    ]);
  });

  it('pauses a socket opened in a hidden tab too', () => {
    const { env, client } = setup();
    env.hidden = true;
    client.subscribe('test:a', {});
    env.socket.open();
    env.advance(30_000);
    expect(env.socket.closedByClient).toBe(true);
    expect(client.status()).toBe('paused');
  });

  it('pings after a quiet spell and reconnects when nothing answers', () => {
    const { env, client } = setup();
    client.subscribe('test:a', {});
    env.socket.open();
    env.advance(DEFAULT_LIVE_OPTIONS.pingAfterMs);
    expect(env.socket.sent.at(-1)).toEqual({ type: 'ping' });
    env.socket.receive({ type: 'pong' });
    env.advance(DEFAULT_LIVE_OPTIONS.pongTimeoutMs + 1);
    expect(env.sockets).toHaveLength(1);

    env.advance(DEFAULT_LIVE_OPTIONS.pingAfterMs);
    env.advance(DEFAULT_LIVE_OPTIONS.pongTimeoutMs);
    expect(env.sockets[0]!.closedByClient).toBe(true);
    env.advance(DEFAULT_LIVE_OPTIONS.initialBackoffMs);
    expect(env.sockets).toHaveLength(2);
  });

  it('gives a listener joining a followed topic the last snapshot and the deltas since', () => {
    const { env } = setup();
    const client = createLiveClient(env, { maxCachedDeltas: 2 });
    client.subscribe('test:a', {});
    env.socket.open();
    env.socket.receive({ type: 'snapshot', topic: 'test:a', seq: 1, data: 's' });
    env.socket.receive({ type: 'delta', topic: 'test:a', seq: 2, data: 'd2' });
    const late = recorder();
    client.subscribe('test:a', late.handlers);
    expect(late.events).toEqual([
      ['snapshot', 1, 's'],
      ['delta', 2, 'd2'],
    ]);
    expect(env.socket.sent).toHaveLength(1);

    // Past the cache's bound, a later listener makes the topic start over with a snapshot for all.
    env.socket.receive({ type: 'delta', topic: 'test:a', seq: 3, data: 'd3' });
    env.socket.receive({ type: 'delta', topic: 'test:a', seq: 4, data: 'd4' });
    const later = recorder();
    client.subscribe('test:a', later.handlers);
    expect(later.events).toEqual([]);
    expect(env.socket.sent.at(-1)).toEqual({ type: 'subscribe', topic: 'test:a' });
    env.socket.receive({ type: 'delta', topic: 'test:a', seq: 5, data: 'ignored until the snapshot' });
    env.socket.receive({ type: 'snapshot', topic: 'test:a', seq: 5, data: 's5' });
    expect(later.events).toEqual([['snapshot', 5, 's5']]);
    expect(late.events.at(-1)).toEqual(['snapshot', 5, 's5']);
  });

  it('unsubscribes when the last listener leaves and closes the idle socket a little later', () => {
    const { env, client } = setup();
    const off1 = client.subscribe('test:a', {});
    const off2 = client.subscribe('test:a', {});
    env.socket.open();
    off1();
    off1(); // twice is harmless
    expect(env.socket.sent).toEqual([{ type: 'subscribe', topic: 'test:a' }]);
    off2();
    expect(env.socket.sent.at(-1)).toEqual({ type: 'unsubscribe', topic: 'test:a' });
    env.advance(DEFAULT_LIVE_OPTIONS.idleCloseMs - 1);
    const off3 = client.subscribe('test:b', {}); // a new page's topic arrives in time
    env.advance(DEFAULT_LIVE_OPTIONS.idleCloseMs);
    expect(env.socket.closedByClient).toBe(false);
    off3();
    env.advance(DEFAULT_LIVE_OPTIONS.idleCloseMs);
    expect(env.socket.closedByClient).toBe(true);
    expect(client.status()).toBe('idle');
    client.subscribe('test:c', {});
    expect(env.sockets).toHaveLength(2);
  });

  it('reports refusals; a refused topic is not asked again on reconnect, a failed snapshot is', () => {
    const { env, client } = setup();
    const refused = recorder();
    const failing = recorder();
    client.subscribe('balance', refused.handlers);
    client.subscribe('test:a', failing.handlers);
    env.socket.open();
    env.socket.receive({ type: 'error', code: 'forbidden', message: 'Log in', topic: 'balance' });
    env.socket.receive({ type: 'error', code: 'snapshot_failed', message: 'later', topic: 'test:a' });
    env.socket.receive({ type: 'error', code: 'rate_limited', message: 'no topic' });
    expect(refused.events).toEqual([['error', 'forbidden']]);
    expect(failing.events).toEqual([['error', 'snapshot_failed']]);
    env.advance(DEFAULT_LIVE_OPTIONS.maxBackoffMs / 3);
    expect(env.socket.sent.at(-1)).toEqual({ type: 'subscribe', topic: 'test:a' });

    env.socket.lose();
    env.advance(DEFAULT_LIVE_OPTIONS.initialBackoffMs);
    env.socket.open();
    expect(env.socket.sent).toEqual([{ type: 'subscribe', topic: 'test:a' }]);
  });

  it('starts every topic over on reconnect() (another player)', () => {
    const { env, client } = setup();
    client.subscribe('balance', {});
    env.socket.open();
    env.socket.receive({ type: 'snapshot', topic: 'balance', seq: 8, data: {} });
    client.reconnect();
    expect(env.sockets[0]!.closedByClient).toBe(true);
    env.socket.open();
    expect(env.socket.sent).toEqual([{ type: 'subscribe', topic: 'balance' }]);
  });

  it('stops everything on dispose', () => {
    const { env, client } = setup();
    client.subscribe('test:a', {});
    env.socket.open();
    client.dispose();
    expect(env.socket.closedByClient).toBe(true);
    env.advance(120_000);
    expect(env.sockets).toHaveLength(1);
  });

  it('reads only well-formed server messages', () => {
    expect(parseMessage('{"type":"delta","topic":"t","seq":1,"data":null}')).toEqual({ type: 'delta', topic: 't', seq: 1, data: null });
    for (const bad of ['nope', 'null', '{"type":"delta","topic":"t","seq":-1,"data":1}', '{"type":"delta","topic":"t","seq":1}', '{"type":"snapshot","seq":1,"data":1}', '{"type":"error","code":1,"message":"x"}', '{"type":"other"}']) {
      expect(parseMessage(bad)).toBeNull();
    }
  });

  it('uses the server’s path and topic names', () => {
    expect(LIVE_PATH).toBe(LIVE_WS_PATH);
    expect(LIVE_TOPICS.balance).toBe(LIVE_BALANCE_TOPIC);
  });
});
