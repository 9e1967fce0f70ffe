/**
 * A Vite plugin that writes `.br` and `.gz` beside each script, stylesheet and JSON file of
 * the client build, compressed once at their strongest settings. The server sends them as
 * they are (`@fastify/static` `preCompressed`) instead of compressing every response on the
 * fly at a fast setting. Small files are left alone: compressing them saves little.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

const COMPRESSIBLE = /\.(js|mjs|css|json|svg|html|txt|wasm)$/;
const MIN_BYTES = 1024;

/** Writes `file.br` and `file.gz` for each compressible file of at least 1 KB; returns how many files. */
export async function precompressFiles(dir: string, files: readonly string[]): Promise<number> {
  let count = 0;
  await Promise.all(
    files
      // Not Vite's own `.vite/` manifests, which the build removes afterwards.
      .filter((f) => COMPRESSIBLE.test(f) && !f.startsWith('.'))
      .map(async (file) => {
        const path = join(dir, file);
        const body = await readFile(path);
        if (body.length < MIN_BYTES) return;
        const [br, gzipped] = await Promise.all([
          brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
          gz(body, { level: 9 }),
        ]);
        await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gzipped)]);
        count++;
      }),
  );
  return count;
}

/** The client build's files (the server build is not served as static files). */
export function precompress(): Plugin {
  return {
    name: 'betsite:precompress',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    async writeBundle(options, bundle) {
      if (!options.dir) return;
      await precompressFiles(options.dir, Object.keys(bundle));
    },
  };
}
