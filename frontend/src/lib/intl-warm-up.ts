// ICU's data, loaded off the main thread as the page starts. A page's first Intl.DateTimeFormat costs
// 30-50 ms of the main thread on a desktop (ICU loads its date and time-zone data for the whole
// process), four times that on Lighthouse's phone: the start-up's third-longest task in the bench's
// profiles of the portfolio calendar and the dashboard (boot's warmUpDateFormats, lib/intl.ts). A
// worker made the same formatters first: its caches are the process's, and the main thread's first
// formatter then takes under a millisecond (measured in Chromium, 2026-12-06). No imports: the entry
// loads it.

let warmed: Promise<void> | undefined;

/** How long boot waits for the worker before making its formatters itself. */
export const INTL_WARM_UP_WAIT_MS = 2_000;

/**
 * Starts `makeWorker()` (the entry names the worker's module, so the build bundles it) and resolves
 * once it has made its formatters, has failed, or after INTL_WARM_UP_WAIT_MS; once per page.
 */
export function warmUpIntlOffThread(makeWorker: () => Worker): Promise<void> {
  warmed ??= new Promise<void>((resolve) => {
    // The worker closes itself once it has posted: terminating it from here while its script was
    // still loading (a slow start) left that request open for good in Playwright's accounting, and a
    // browser test waiting for the network to go quiet waited forever.
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(done, INTL_WARM_UP_WAIT_MS);
    try {
      const worker = makeWorker();
      worker.onmessage = done;
      worker.onerror = done;
    } catch {
      done(); // no workers here: the main thread makes its own
    }
  });
  return warmed;
}

/** When the warm-up has finished (at once if the entry started none). */
export function intlWarmedUp(): Promise<void> {
  return warmed ?? Promise.resolve();
}
