/**
 * The tab's live connection (ARCHITECTURE "Live data", decision 0009), without React and
 * without the DOM: the socket, timers and page visibility come in through `LiveEnvironment`
 * so the logic is unit-tested with fakes.
 *
 * - One socket for every topic of the tab, opened on the first subscription and closed a
 *   little after the last one ends.
 * - Per topic it keeps the last sequence number applied; after a reconnect it subscribes
 *   with `fromSeq`, and the server answers the missed deltas (or a new snapshot).
 * - Reconnects with exponential back-off and jitter.
 * - SPEC §4 "page timers pause 30 s after the tab is hidden and refresh when it returns":
 *   30 s after the tab is hidden the socket closes; when it is visible again the socket
 *   reopens and every topic resumes.
 * - Pings the server when it has been quiet, and reconnects when no answer comes.
 * - A listener joining a topic already followed gets the last snapshot and the deltas since.
 */
import type { LiveError, LiveServerMessage } from '@betsite/contracts';

/** An event handler property checked bivariantly, as the DOM's own handler properties are. */
type Handler<E> = { bivariance(event: E): void }['bivariance'];

/** What the client needs of a WebSocket (the browser's fits). */
export interface LiveSocket {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: Handler<unknown> | null;
  onmessage: Handler<{ data: unknown }> | null;
  onclose: Handler<unknown> | null;
  onerror: Handler<unknown> | null;
}

export interface LiveEnvironment {
  url(): string;
  createSocket(url: string): LiveSocket;
  setTimer(callback: () => void, ms: number): unknown;
  clearTimer(handle: unknown): void;
  isHidden(): boolean;
  /** Calls `listener` when the page's visibility changes; answers how to stop. */
  onVisibilityChange(listener: () => void): () => void;
  random(): number;
}

export interface LiveClientOptions {
  /** SPEC §4 tab-hidden pause (default 30 s). */
  hiddenPauseMs: number;
  /** First reconnect delay; doubles up to `maxBackoffMs`. */
  initialBackoffMs: number;
  maxBackoffMs: number;
  /** Quiet time after which the client pings, and how long it waits for any answer. */
  pingAfterMs: number;
  pongTimeoutMs: number;
  /** The socket stays open this long after the last topic ends (a page change resubscribes). */
  idleCloseMs: number;
  /** Deltas kept per topic for a listener that joins later; beyond it the topic is subscribed again. */
  maxCachedDeltas: number;
}

export const DEFAULT_LIVE_OPTIONS: LiveClientOptions = {
  hiddenPauseMs: 30_000,
  initialBackoffMs: 500,
  maxBackoffMs: 30_000,
  pingAfterMs: 25_000,
  pongTimeoutMs: 10_000,
  idleCloseMs: 5_000,
  maxCachedDeltas: 200,
};

export type LiveStatus = 'idle' | 'connecting' | 'open' | 'paused' | 'reconnecting';

export interface LiveTopicHandlers<S = unknown, D = unknown> {
  /** The whole state; replaces whatever the listener had. */
  onSnapshot?(data: S, seq: number): void;
  /** The next change, in order, never twice. */
  onDelta?(data: D, seq: number): void;
  /** The server refused or ended the topic (`forbidden`, `session_ended`, …). */
  onError?(error: Pick<LiveError, 'code' | 'message'>): void;
}

export interface LiveClient {
  /** Follows `topic` until the answered function is called. */
  subscribe<S = unknown, D = unknown>(topic: string, handlers: LiveTopicHandlers<S, D>): () => void;
  status(): LiveStatus;
  onStatus(listener: (status: LiveStatus) => void): () => void;
  /** Opens a new socket and takes every topic from a snapshot again (another player logged in). */
  reconnect(): void;
  dispose(): void;
}

const OPEN = 1;
/** Refusals after which subscribing again as the same connection cannot help. */
const FINAL_ERRORS = new Set(['forbidden', 'unknown_topic', 'session_ended', 'too_many_subscriptions']);

interface TopicState {
  listeners: Set<LiveTopicHandlers>;
  /** The last number applied; null until a snapshot arrives. */
  lastSeq: number | null;
  /** For listeners that join later; null when too many deltas piled up (they get a new snapshot). */
  cache: { snapshot: unknown; seq: number; deltas: { data: unknown; seq: number }[] } | null;
  /** Refused by the server for good: not subscribed again on reconnect. */
  refused: boolean;
  retryTimer: unknown;
}

export function createLiveClient(env: LiveEnvironment, overrides: Partial<LiveClientOptions> = {}): LiveClient {
  const options = { ...DEFAULT_LIVE_OPTIONS, ...overrides };
  const topics = new Map<string, TopicState>();
  const statusListeners = new Set<(status: LiveStatus) => void>();
  let socket: LiveSocket | null = null;
  let status: LiveStatus = 'idle';
  let attempts = 0;
  let reconnectTimer: unknown = null;
  let pauseTimer: unknown = null;
  let idleTimer: unknown = null;
  let pingTimer: unknown = null;
  let pongTimer: unknown = null;
  let disposed = false;

  const setStatus = (next: LiveStatus) => {
    if (next === status) return;
    status = next;
    for (const listener of statusListeners) listener(next);
  };
  const clear = (handle: unknown) => {
    if (handle !== null) env.clearTimer(handle);
    return null;
  };

  const send = (message: object) => {
    if (socket && socket.readyState === OPEN) socket.send(JSON.stringify(message));
  };
  const sendSubscribe = (topic: string, state: TopicState) => {
    send(state.lastSeq === null ? { type: 'subscribe', topic } : { type: 'subscribe', topic, fromSeq: state.lastSeq });
  };

  function connect(): void {
    reconnectTimer = clear(reconnectTimer);
    if (disposed || socket || topics.size === 0) return;
    if (env.isHidden() && status === 'paused') return;
    setStatus(attempts === 0 ? 'connecting' : 'reconnecting');
    // Opened in a hidden tab: the pause applies from now.
    if (env.isHidden() && pauseTimer === null) pauseTimer = env.setTimer(pause, options.hiddenPauseMs);
    let current: LiveSocket;
    try {
      current = env.createSocket(env.url());
    } catch {
      scheduleReconnect();
      return;
    }
    socket = current;
    // A handshake that neither opens nor fails in time counts as failed.
    pongTimer = env.setTimer(() => {
      pongTimer = null;
      dropSocket();
      scheduleReconnect();
    }, options.pongTimeoutMs);
    current.onopen = () => {
      if (socket !== current) return;
      setStatus('open');
      for (const [topic, state] of topics) if (!state.refused) sendSubscribe(topic, state);
      armPing();
    };
    current.onmessage = (event) => {
      if (socket !== current) return;
      // The back-off starts over once the server answers, not merely accepts.
      attempts = 0;
      armPing();
      if (typeof event.data === 'string') receive(event.data);
    };
    current.onclose = () => {
      if (socket !== current) return;
      dropSocket();
      scheduleReconnect();
    };
    current.onerror = () => {
      // A close event follows; it decides what to do.
    };
  }

  /** Forgets the socket (its events no longer count) and closes it. */
  function dropSocket(): void {
    const current = socket;
    socket = null;
    pingTimer = clear(pingTimer);
    pongTimer = clear(pongTimer);
    if (current) {
      current.onopen = current.onmessage = current.onclose = current.onerror = null;
      if (current.readyState <= OPEN) current.close(1000);
    }
  }

  function scheduleReconnect(): void {
    if (disposed || topics.size === 0 || reconnectTimer !== null) {
      if (topics.size === 0) setStatus('idle');
      return;
    }
    const base = Math.min(options.maxBackoffMs, options.initialBackoffMs * 2 ** attempts);
    attempts++;
    setStatus('reconnecting');
    reconnectTimer = env.setTimer(connect, Math.round(base * (0.5 + env.random() / 2)));
  }

  /** Pings after a quiet spell; no answer in time means the connection is gone. */
  function armPing(): void {
    pongTimer = clear(pongTimer);
    pingTimer = clear(pingTimer);
    pingTimer = env.setTimer(() => {
      pingTimer = null;
      send({ type: 'ping' });
      pongTimer = env.setTimer(() => {
        pongTimer = null;
        dropSocket();
        scheduleReconnect();
      }, options.pongTimeoutMs);
    }, options.pingAfterMs);
  }

  function receive(text: string): void {
    const message = parseMessage(text);
    if (!message || message.type === 'pong') return;
    if (message.type === 'error') {
      if (message.topic !== undefined) topicError(message.topic, message.code, message.message);
      return;
    }
    const state = topics.get(message.topic);
    if (!state) return;
    if (message.type === 'snapshot') {
      state.lastSeq = message.seq;
      state.refused = false;
      state.cache = { snapshot: message.data, seq: message.seq, deltas: [] };
      for (const listener of [...state.listeners]) listener.onSnapshot?.(message.data, message.seq);
    } else if (message.type === 'resumed') {
      state.lastSeq = message.seq;
    } else {
      if (state.lastSeq === null || message.seq <= state.lastSeq) return;
      state.lastSeq = message.seq;
      if (state.cache) {
        state.cache.deltas.push({ data: message.data, seq: message.seq });
        if (state.cache.deltas.length > options.maxCachedDeltas) state.cache = null;
      }
      for (const listener of [...state.listeners]) listener.onDelta?.(message.data, message.seq);
    }
  }

  function topicError(topic: string, code: string, text: string): void {
    const state = topics.get(topic);
    if (!state) return;
    state.lastSeq = null;
    state.cache = null;
    if (FINAL_ERRORS.has(code)) state.refused = true;
    else if (code === 'snapshot_failed' && state.retryTimer === null) {
      // A passing failure on the server: ask again later.
      state.retryTimer = env.setTimer(() => {
        state.retryTimer = null;
        if (topics.get(topic) === state) sendSubscribe(topic, state);
      }, options.maxBackoffMs / 3);
    }
    for (const listener of [...state.listeners]) listener.onError?.({ code, message: text });
  }

  function pause(): void {
    pauseTimer = null;
    if (!socket && reconnectTimer === null) return;
    reconnectTimer = clear(reconnectTimer);
    dropSocket();
    setStatus('paused');
  }

  const stopVisibility = env.onVisibilityChange(() => {
    if (disposed) return;
    if (env.isHidden()) {
      if (pauseTimer === null && status !== 'idle') pauseTimer = env.setTimer(pause, options.hiddenPauseMs);
      return;
    }
    pauseTimer = clear(pauseTimer);
    if (status === 'paused') {
      attempts = 0;
      setStatus('idle');
      connect();
    }
  });

  function closeWhenIdle(): void {
    idleTimer = clear(idleTimer);
    idleTimer = env.setTimer(() => {
      idleTimer = null;
      if (topics.size > 0) return;
      reconnectTimer = clear(reconnectTimer);
      pauseTimer = clear(pauseTimer);
      dropSocket();
      attempts = 0;
      setStatus('idle');
    }, options.idleCloseMs);
  }

  return {
    subscribe<S, D>(topic: string, handlers: LiveTopicHandlers<S, D>) {
      const listener = handlers as LiveTopicHandlers;
      idleTimer = clear(idleTimer);
      let state = topics.get(topic);
      if (!state) {
        state = { listeners: new Set(), lastSeq: null, cache: null, refused: false, retryTimer: null };
        topics.set(topic, state);
        state.listeners.add(listener);
        if (socket) sendSubscribe(topic, state);
        else if (status !== 'paused' && reconnectTimer === null) connect();
      } else {
        state.listeners.add(listener);
        if (state.refused) {
          // A new listener is a new attempt (the player may have logged in since).
          state.refused = false;
          sendSubscribe(topic, state);
        } else if (state.cache) {
          const { snapshot, seq, deltas } = state.cache;
          listener.onSnapshot?.(snapshot, seq);
          for (const delta of deltas) listener.onDelta?.(delta.data, delta.seq);
        } else if (state.lastSeq !== null) {
          // Too much happened to replay: every listener of the topic gets a new snapshot.
          state.lastSeq = null;
          sendSubscribe(topic, state);
        }
      }
      const own = state;
      return () => {
        if (!own.listeners.delete(listener) || own.listeners.size > 0 || topics.get(topic) !== own) return;
        topics.delete(topic);
        own.retryTimer = clear(own.retryTimer);
        send({ type: 'unsubscribe', topic });
        if (topics.size === 0) closeWhenIdle();
      };
    },
    status: () => status,
    onStatus(listener) {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
    reconnect() {
      for (const state of topics.values()) {
        state.lastSeq = null;
        state.cache = null;
        state.refused = false;
      }
      dropSocket();
      attempts = 0;
      pauseTimer = clear(pauseTimer);
      if (status === 'paused' && env.isHidden()) return;
      setStatus('idle');
      connect();
    },
    dispose() {
      disposed = true;
      for (const handle of [reconnectTimer, pauseTimer, idleTimer]) clear(handle);
      for (const state of topics.values()) clear(state.retryTimer);
      reconnectTimer = pauseTimer = idleTimer = null;
      stopVisibility();
      dropSocket();
      topics.clear();
      setStatus('idle');
    },
  };
}

/** A light shape check (zod stays out of the browser bundle; the server validates what it sends). */
export function parseMessage(text: string): LiveServerMessage | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const m = value as Record<string, unknown>;
  const seqOk = typeof m.seq === 'number' && Number.isSafeInteger(m.seq) && m.seq >= 0;
  switch (m.type) {
    case 'snapshot':
    case 'delta':
      return typeof m.topic === 'string' && seqOk && 'data' in m ? (m as LiveServerMessage) : null;
    case 'resumed':
      return typeof m.topic === 'string' && seqOk ? (m as LiveServerMessage) : null;
    case 'pong':
      return { type: 'pong' };
    case 'error':
      return typeof m.code === 'string' && typeof m.message === 'string' && (m.topic === undefined || typeof m.topic === 'string') ? (m as LiveServerMessage) : null;
    default:
      return null;
  }
}
