// Build step: every script under assets/ gets a Brotli copy at the highest quality (`<file>.br`),
// made once here instead of by the CDN on each cache fill. CloudFront's own compression (on the fly,
// at a quality it picks for speed) left the start-up ~7% larger than Brotli's best (bench/results.md);
// on a phone's slow link those bytes are the first screen's wait.
//
// The site's viewer-request function (infra/lib/constructs/web.ts) answers a browser that accepts
// Brotli with the `.br` copy (uploaded with `Content-Encoding: br`), any other client with the plain
// file, which CloudFront compresses as before; the local server does the same (local/dev-server.ts).
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);

/** The files that get a Brotli copy: the hashed scripts (immutable, so compressed once for good). */
export const PRECOMPRESSED = /^assets\/[^/]+\.js$/;

/** The Brotli copy of `raw`, at quality 11 (the slowest and smallest; a build's scripts take ~3 s). */
export function brotliBest(raw: Buffer): Promise<Buffer> {
  return brotli(raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY, [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length } });
}

/** Writes `<file>.br` beside each of `files` (paths relative to `outDir`) that PRECOMPRESSED names. */
export async function precompressFiles(outDir: string, files: string[]): Promise<number> {
  const targets = files.filter((file) => PRECOMPRESSED.test(file.split(path.sep).join('/')));
  // zlib's thread pool runs them in parallel, off the build's event loop.
  await Promise.all(
    targets.map(async (file) => {
      const full = path.join(outDir, file);
      await writeFile(`${full}.br`, await brotliBest(await readFile(full)));
    }),
  );
  return targets.length;
}

export function precompressAssets(): Plugin {
  return {
    name: 'rentalops-precompress',
    apply: 'build',
    writeBundle: {
      order: 'post',
      async handler(options, bundle) {
        await precompressFiles(options.dir ?? path.dirname(options.file ?? ''), Object.keys(bundle));
      },
    },
  };
}
