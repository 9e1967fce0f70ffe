/** A `ws` client for the live module's tests: messages in arrival order, awaited one by one. */
import type { FastifyInstance } from 'fastify';
import { WebSocket, type ClientOptions } from 'ws';
import { LIVE_WS_PATH, LiveServerMessageSchema, type LiveServerMessage } from '@betsite/contracts';

export class LiveTestClient {
  private readonly inbox: LiveServerMessage[] = [];
  private waiter: (() => void) | null = null;
  closed: { code: number; reason: string } | null = null;

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => {
      this.inbox.push(LiveServerMessageSchema.parse(JSON.parse(String(data))));
      this.waiter?.();
    });
    socket.on('close', (code, reason) => {
      this.closed = { code, reason: String(reason) };
      this.waiter?.();
    });
  }

  static async open(url: string, options: ClientOptions = {}): Promise<LiveTestClient> {
    const socket = new WebSocket(url, options);
    const client = new LiveTestClient(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
      socket.once('unexpected-response', (_request, response) => reject(new Error(`handshake answered ${response.statusCode}`)));
    });
    return client;
  }

  send(message: unknown): void {
    this.socket.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  /** The next message (waits up to `timeoutMs`). */
  async next(timeoutMs = 3_000): Promise<LiveServerMessage> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const message = this.inbox.shift();
      if (message) return message;
      if (this.closed) throw new Error(`socket closed (${this.closed.code}) while waiting for a message`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error('no live message within the time limit');
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiter = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.waiter = null;
    }
  }

  /** The next `count` messages. */
  async take(count: number): Promise<LiveServerMessage[]> {
    const out: LiveServerMessage[] = [];
    for (let i = 0; i < count; i++) out.push(await this.next());
    return out;
  }

  /** Every message sent before now: a ping's pong comes after them (the socket keeps order). */
  async drain(): Promise<LiveServerMessage[]> {
    this.send({ type: 'ping' });
    const out: LiveServerMessage[] = [];
    for (let message = await this.next(); message.type !== 'pong'; message = await this.next()) out.push(message);
    return out;
  }

  /** Asserts that nothing arrives within `ms` (a round trip through a ping proves the server had its turn). */
  async expectNothing(ms = 150): Promise<void> {
    await new Promise((resolve) => setTimeout(resolve, ms));
    this.send({ type: 'ping' });
    const message = await this.next();
    if (message.type !== 'pong') throw new Error(`expected nothing, got ${JSON.stringify(message)}`);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    const closed = new Promise<void>((resolve) => this.socket.once('close', () => resolve()));
    this.socket.close();
    await closed;
  }

  /** Resolves when the server closes the socket. */
  async closedByServer(timeoutMs = 3_000): Promise<{ code: number; reason: string }> {
    const deadline = Date.now() + timeoutMs;
    while (!this.closed) {
      if (Date.now() > deadline) throw new Error('socket still open');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return this.closed;
  }
}

/** Listens on a free local port; answers the live socket URL. */
export async function listenForLive(app: FastifyInstance): Promise<string> {
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return `${address.replace(/^http/, 'ws')}${LIVE_WS_PATH}`;
}
