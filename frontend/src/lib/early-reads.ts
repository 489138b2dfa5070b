// The first screen's reads, sent by the entry as the page starts (app/early-reads.ts), before the
// start-up chunks, the shell's and the screen's code have arrived: app/boot.ts used to send them only
// once the screen's chunk was in and evaluated (its `firstReads`), so on a phone the slowest read
// began ~0.8 s after the session check had answered, and the first render (Lighthouse's LCP) waited
// for it. The answer is kept here as the browser's Response and handed, once, to the first GET of the
// same address with the same language (lib/api-client.ts), which reads it as if it had sent it: boot's
// seeding, through the same fetcher, the same errors and 401 handling. No imports: the entry loads it.

/** How long an early answer may wait for its reader: the first screen reads it within the boot wait. */
export const EARLY_READ_MS = 10_000;

interface EarlyRead {
  response: Promise<Response>;
  /** The Accept-Language it was sent with (none: the session check, sent with no headers of ours). */
  language: string | undefined;
  at: number;
}

const reads = new Map<string, EarlyRead>();

/**
 * Sends `GET url` now, as lib/api-client.ts would send it (cookies; with `language`: the JSON
 * Accept header and that Accept-Language; without: no headers, so index.html's preload of the
 * session check answers it), unless it is already on its way.
 */
export function startEarlyRead(url: string, language?: string): Promise<Response> {
  const started = reads.get(url);
  if (started && started.language === language) return started.response;
  const headers = language === undefined ? undefined : { Accept: 'application/json', 'Accept-Language': language };
  const response = fetch(url, { headers, credentials: 'include' });
  // A failed request is the reader's to see (it gets the same rejection); unread, it is no one's.
  response.catch(() => undefined);
  reads.set(url, { response, language, at: Date.now() });
  return response;
}

/**
 * The early answer of `GET url` in `language` (undefined: the session check's, sent with no headers),
 * once: the first reader takes it, a later one sends its own request (a revalidation must reach the
 * server). Nothing when none was sent, it was sent in another language, or it is older than EARLY_READ_MS.
 */
export function takeEarlyRead(url: string, language?: string): Promise<Response> | undefined {
  const read = reads.get(url);
  if (!read) return undefined;
  reads.delete(url);
  if (read.language !== language || Date.now() - read.at > EARLY_READ_MS) return undefined;
  return read.response;
}
