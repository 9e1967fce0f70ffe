/**
 * The benchmarks' baseline server: the bare React Router 7 app of this folder (a 100-row odds
 * table) served by `createRequestListener` of @react-router/node on a plain node http server,
 * plus `/healthz`. Build first (bench/support/baseline.ts does). Listens on HOST:PORT.
 * Plain JavaScript, run by plain node: the bare stack pays no TypeScript loader.
 */
import { createServer } from 'node:http';
import { createRequestListener } from '@react-router/node';

const buildUrl = new URL('./build/server/index.js', import.meta.url).href;
const build = await import(buildUrl);
const listener = createRequestListener({ build, mode: 'production' });

const server = createServer((req, res) => {
  if (req.url === '/healthz') {
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
    return;
  }
  void listener(req, res);
});
server.listen(Number(process.env.PORT ?? 0), process.env.HOST ?? '127.0.0.1');
for (const signal of ['SIGTERM', 'SIGINT']) process.once(signal, () => server.close(() => process.exit(0)));
