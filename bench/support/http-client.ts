/**
 * The load generator's HTTP: `node:http` over keep-alive connections, at most `connections`
 * at once. Cheaper per request than `fetch` (undici's streams and WHATWG objects), so on
 * this 2-core box more of the CPU is left to the server being measured.
 */
import { Agent, request } from 'node:http';

export interface HttpAnswer {
  status: number;
  body: string;
}

export type Send = (method: string, path: string, headers: Record<string, string>, body?: string) => Promise<HttpAnswer>;

/** `send` a request; `close` the connections. */
export function keepAliveClient(origin: string, connections: number): { send: Send; close: () => void } {
  const { hostname, port } = new URL(origin);
  const agent = new Agent({ keepAlive: true, maxSockets: connections, keepAliveMsecs: 10_000 });
  const send: Send = (method, path, headers, body) =>
    new Promise<HttpAnswer>((resolve, reject) => {
      const req = request({ agent, hostname, port, method, path, headers: body === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(body);
    });
  return { send, close: () => agent.destroy() };
}
