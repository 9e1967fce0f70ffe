/**
 * One client's WebSocket: reads its messages (validated with the contracts; a bad one is
 * answered with an `error`, never a crash), applies the per-connection limits, and writes
 * the hub's frames, dropping a client that stops reading (its buffer would grow without
 * bound; it reconnects and resumes).
 */
import { performance } from 'node:perf_hooks';
import { WebSocket, type RawData } from 'ws';
import { LIVE_LIMITS, LiveClientMessageSchema, LiveErrorCode, type LiveClientMessage, type LiveErrorCode as LiveErrorCodeType } from '@betsite/contracts';
import type { BusLogger } from '../../lib/bus.ts';
import type { LiveHub, LiveSink, LiveUser, Subscription } from './hub.ts';

export interface ConnectionLimits {
  maxMessageLength: number;
  /** Bytes queued for the socket beyond which the client counts as gone. */
  maxBufferedBytes: number;
  /** Token bucket of client messages: burst and refill per second. */
  messageBurst: number;
  messagesPerSecond: number;
}

export const DEFAULT_CONNECTION_LIMITS: ConnectionLimits = {
  maxMessageLength: LIVE_LIMITS.maxMessageLength,
  maxBufferedBytes: 4 * 1024 * 1024,
  // A page subscribing to its topics at once (up to maxSubscriptions) stays within the burst.
  messageBurst: 250,
  messagesPerSecond: 50,
};

/** Messages dropped for the rate limit before the connection is closed. */
const MAX_DROPPED = 500;
const TEXT = { binary: false } as const;

/**
 * A hub frame (one delta, written as the same bytes to every subscriber) with its WebSocket
 * framing, made by the first socket that writes it and reused by the rest: the fan-out
 * writes it whole to each socket, one write each, instead of `ws` framing it for every
 * socket (a header made and two buffers corked and written per socket: 13% more CPU in a
 * 2,000-socket broadcast). Weak: a frame's framing goes when the hub drops the frame.
 */
const framed = new WeakMap<Buffer, Buffer>();

/** A final, unmasked text frame (RFC 6455 5.2), as a server sends one. */
export function textFrame(payload: Buffer): Buffer {
  const length = payload.length;
  const head = length < 126 ? 2 : length < 65_536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(head + length);
  frame[0] = 0x81;
  if (head === 2) frame[1] = length;
  else if (head === 4) {
    frame[1] = 126;
    frame.writeUInt16BE(length, 2);
  } else {
    frame[1] = 127;
    frame.writeBigUInt64BE(BigInt(length), 2);
  }
  payload.copy(frame, head);
  return frame;
}

/** What `ws` keeps of a socket that the fan-out writes to directly. */
interface RawSocket {
  _socket?: { write(data: Buffer): boolean } | null;
}

export interface ConnectionDeps {
  hub: LiveHub;
  logger: BusLogger;
  limits: ConnectionLimits;
  /** Resolves an `auth` message's token to its live session. */
  resolveToken(token: string): Promise<LiveUser | null>;
}

export class LiveConnection implements LiveSink {
  readonly subscriptions = new Map<string, Subscription>();
  /** Cleared by every heartbeat, set again by the client's pong or any message. */
  alive = true;
  private tokens: number;
  private refilledAt = performance.now();
  private dropped = 0;
  /** Messages are handled one after another (a subscribe after an auth sees the player). */
  private queue: Promise<void> = Promise.resolve();
  /**
   * The socket under `ws`, written to directly with whole frames (see `framed`) when nothing
   * in `ws` transforms or queues frames: no extension (per-message compression) was agreed.
   * Frames `ws` sends itself (pings, close) then go out between whole frames, never inside one.
   */
  private readonly raw: { write(data: Buffer): boolean } | null;

  constructor(
    readonly socket: WebSocket,
    private currentUser: LiveUser | null,
    private readonly deps: ConnectionDeps,
  ) {
    this.tokens = deps.limits.messageBurst;
    this.raw = socket.extensions === '' ? ((socket as unknown as RawSocket)._socket ?? null) : null;
    socket.on('message', (data, isBinary) => this.receive(data, isBinary));
    socket.on('pong', () => {
      this.alive = true;
    });
  }

  get user(): LiveUser | null {
    return this.currentUser;
  }

  /** Resolves when every message received so far has been handled (shutdown). */
  idle(): Promise<void> {
    return this.queue;
  }

  /** The session ended: the player's topics close and the connection continues as a visitor's. */
  endSession(): void {
    this.deps.hub.endPrivate(this);
    this.currentUser = null;
  }

  send(frame: Buffer | string): void {
    const { socket } = this;
    if (socket.readyState !== WebSocket.OPEN) return;
    if (socket.bufferedAmount > this.deps.limits.maxBufferedBytes) {
      this.deps.logger.warn({ buffered: socket.bufferedAmount }, 'live client too slow; connection dropped');
      socket.terminate();
      return;
    }
    const raw = this.raw;
    if (raw && typeof frame !== 'string') {
      let bytes = framed.get(frame);
      if (!bytes) framed.set(frame, (bytes = textFrame(frame)));
      raw.write(bytes);
      return;
    }
    socket.send(frame, TEXT);
  }

  error(code: LiveErrorCodeType, message: string, topic?: string): void {
    this.send(JSON.stringify(topic === undefined ? { type: 'error', code, message } : { type: 'error', code, message, topic }));
  }

  private receive(data: RawData, isBinary: boolean): void {
    this.alive = true;
    if (!this.take()) {
      if (++this.dropped > MAX_DROPPED) {
        this.socket.close(1008, 'too many messages');
        return;
      }
      this.error(LiveErrorCode.rateLimited, 'Too many messages; this one was dropped');
      return;
    }
    const size = Array.isArray(data) ? data.reduce((n, b) => n + b.length, 0) : data.byteLength;
    // Characters are at most bytes: a frame within the limit in bytes is within it in characters.
    if (size > this.deps.limits.maxMessageLength * 4) {
      this.error(LiveErrorCode.messageTooLarge, `Messages are at most ${this.deps.limits.maxMessageLength} characters`);
      return;
    }
    const text = isBinary ? null : (Array.isArray(data) ? Buffer.concat(data) : Buffer.isBuffer(data) ? data : Buffer.from(data)).toString('utf8');
    if (text !== null && text.length > this.deps.limits.maxMessageLength) {
      this.error(LiveErrorCode.messageTooLarge, `Messages are at most ${this.deps.limits.maxMessageLength} characters`);
      return;
    }
    const message = text === null ? null : parse(text);
    if (!message) {
      this.error(LiveErrorCode.invalidMessage, 'Expected a JSON text message: subscribe, unsubscribe, ping or auth');
      return;
    }
    const result = LiveClientMessageSchema.safeParse(message);
    if (!result.success) {
      const issue = result.error.issues[0];
      const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
      const topic = typeof (message as { topic?: unknown }).topic === 'string' ? (message as { topic: string }).topic.slice(0, 200) : undefined;
      this.error(LiveErrorCode.invalidMessage, `Invalid message: ${where}${issue?.message ?? 'unknown shape'}`, topic);
      return;
    }
    const valid = result.data;
    this.queue = this.queue
      .then(() => this.handle(valid))
      .catch((err: unknown) => this.deps.logger.error({ err }, 'live message handling failed'));
  }

  private async handle(message: LiveClientMessage): Promise<void> {
    switch (message.type) {
      case 'subscribe':
        // Answers once authorised; the snapshot or resume follows on its own.
        await this.deps.hub.subscribe(this, message.topic, message.fromSeq);
        return;
      case 'unsubscribe':
        this.deps.hub.unsubscribe(this, message.topic);
        return;
      case 'ping':
        this.send('{"type":"pong"}');
        return;
      case 'auth': {
        if (this.currentUser) {
          this.error(LiveErrorCode.alreadyAuthenticated, 'This connection already has a player');
          return;
        }
        const user = await this.deps.resolveToken(message.token);
        if (!user) this.error(LiveErrorCode.authFailed, 'No live session for this token');
        else this.currentUser = user;
        return;
      }
    }
  }

  private take(): boolean {
    const now = performance.now();
    const { messageBurst, messagesPerSecond } = this.deps.limits;
    this.tokens = Math.min(messageBurst, this.tokens + ((now - this.refilledAt) / 1000) * messagesPerSecond);
    this.refilledAt = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}

function parse(text: string): object | null {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? value : null;
  } catch {
    return null;
  }
}
