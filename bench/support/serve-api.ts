/**
 * `build()` without pages, listening on HOST:PORT: the server of a benchmark when there is
 * no web build (bench/support/server.ts starts it). Environment as for `server.ts`.
 */
import { loadEnv } from '../../apps/server/src/config/env.ts';
import { build } from '../../apps/server/src/app.ts';
import { closeGracefully } from '../../apps/server/src/lib/shutdown.ts';

const env = loadEnv(process.env);
const app = await build({ env });
await app.listen({ host: env.HOST, port: env.PORT });
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    void closeGracefully(app).then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
