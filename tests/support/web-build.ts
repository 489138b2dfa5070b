import { existsSync } from 'node:fs';

/**
 * `npm test` (scripts/test.sh) builds the web app beside the API project's first tests and names a
 * marker file in WEB_BUILD_MARKER that exists while the build runs. A test file that reads
 * frontend/dist calls this at its top: it waits for the build (synchronously: a module's top level
 * has nothing else to do) instead of reading a half-written directory or skipping for lack of it.
 * These files are also run last (tests/support/sequencer.mjs), so the build is long done by then.
 */
export function awaitWebBuild(limitMs = 10 * 60_000): void {
  const marker = process.env.WEB_BUILD_MARKER;
  if (!marker) return;
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (let waited = 0; existsSync(marker); waited += 250) {
    if (waited >= limitMs) throw new Error(`The web app's build (scripts/test.sh) was still running after ${limitMs / 1000} s (${marker})`);
    Atomics.wait(pause, 0, 0, 250);
  }
}
