/**
 * The connection's writes (connection.ts): a hub frame goes out framed once and written
 * whole to each socket, byte for byte what `ws` itself would send, in order with the frames
 * `ws` sends (strings, pings); with per-message compression agreed, `ws` frames it instead.
 */
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer, type ServerOptions } from 'ws';
import { DEFAULT_CONNECTION_LIMITS, LiveConnection, textFrame } from './connection.ts';
import type { LiveHub } from './hub.ts';

/** `ws`'s own framing (its Sender is not in its type definitions). */
const { Sender } = createRequire(import.meta.url)('ws') as { Sender: { frame(data: Buffer, options: object): Buffer[] } };
const wsFrame = (payload: Buffer) => Buffer.concat(Sender.frame(payload, { fin: true, rsv1: false, opcode: 1, mask: false, readOnly: true }));

describe('textFrame', () => {
  it("frames a payload as ws does, for every length encoding", () => {
    for (const length of [0, 1, 125, 126, 127, 1000, 65_535, 65_536, 70_000]) {
      const payload = Buffer.alloc(length, 'x');
      expect(textFrame(payload).equals(wsFrame(payload)), `length ${length}`).toBe(true);
    }
  });
});

describe('LiveConnection writes', () => {
  const closing: (() => Promise<void>)[] = [];
  afterEach(async () => {
    await Promise.all(closing.splice(0).map((close) => close()));
  });

  /** A server socket wrapped in a connection, and a client that records what it reads (text, or `ping`). */
  async function pair(options: Pick<ServerOptions, 'perMessageDeflate'> = {}) {
    const server = new WebSocketServer({ port: 0, host: '127.0.0.1', ...options });
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    const accepted = new Promise<WebSocket>((resolve) => server.once('connection', resolve));
    const client = new WebSocket(`ws://127.0.0.1:${(server.address() as AddressInfo).port}`, { perMessageDeflate: options.perMessageDeflate !== undefined });
    const read: string[] = [];
    client.on('message', (data, isBinary) => read.push(isBinary ? 'binary' : String(data)));
    client.on('ping', () => read.push('ping'));
    await new Promise<void>((resolve) => client.once('open', () => resolve()));
    const socket = await accepted;
    const connection = new LiveConnection(socket, null, {
      hub: {} as LiveHub,
      logger: { warn: () => undefined, error: () => undefined },
      limits: DEFAULT_CONNECTION_LIMITS,
      resolveToken: async () => null,
    });
    closing.push(async () => {
      client.terminate();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    });
    const arrived = async (count: number) => {
      for (const started = Date.now(); read.length < count; await new Promise((resolve) => setTimeout(resolve, 5))) {
        if (Date.now() - started > 3_000) throw new Error(`${read.length} of ${count} frames arrived`);
      }
      return read;
    };
    return { socket, connection, arrived };
  }

  const frames = ['{"type":"delta","seq":1}', 'x'.repeat(300), 'é'.repeat(40_000), 'y'.repeat(70_000)].map((text) => Buffer.from(text));

  it('writes shared frames whole, in order with the frames ws sends, to every socket', async () => {
    const [a, b] = await Promise.all([pair(), pair()]);
    for (const { connection, socket } of [a, b]) {
      connection.send(frames[0]!);
      connection.send('{"type":"pong"}');
      socket.ping();
      for (const frame of frames.slice(1)) connection.send(frame);
    }
    const expected = [String(frames[0]), '{"type":"pong"}', 'ping', ...frames.slice(1).map(String)];
    expect(await a.arrived(expected.length)).toEqual(expected);
    expect(await b.arrived(expected.length)).toEqual(expected);
  });

  it('leaves framing to ws when per-message compression was agreed', async () => {
    const { connection, socket, arrived } = await pair({ perMessageDeflate: { threshold: 0 } });
    expect(socket.extensions).toContain('permessage-deflate');
    for (const frame of frames) connection.send(frame);
    expect(await arrived(frames.length)).toEqual(frames.map(String));
  });
});
