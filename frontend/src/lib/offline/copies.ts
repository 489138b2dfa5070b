// Which reads were answered from the phone's copy rather than by the server.
//
// The service worker (src/sw.ts) answers a kept read from its cache when the network is gone or too
// slow, and marks that answer with OFFLINE_COPY_HEADER (the time the copy was made: the server's
// Date header of the kept answer). The API client notes every answer here, so a screen can say "this
// is your day as loaded at 07:40" even where the browser still believes it is online (a Wi-Fi with
// no internet, a signal too weak to carry anything). An answer from the server clears the mark.

/** Response header the service worker sets on an answer it took from its cache. */
export const OFFLINE_COPY_HEADER = 'x-offline-copy';

/** url → when the copy was made (ISO), or '' when unknown. */
const copies = new Map<string, string>();
const listeners = new Set<() => void>();

function toIso(value: string): string {
  const time = Date.parse(value);
  return Number.isNaN(time) ? '' : new Date(time).toISOString();
}

/** Records whether the answer to `url` came from the phone's copy. */
export function noteAnswer(url: string, headers: Pick<Headers, 'get'>): void {
  const mark = headers.get(OFFLINE_COPY_HEADER);
  const before = copies.get(url);
  if (mark === null) {
    if (before === undefined) return;
    copies.delete(url);
  } else {
    const at = toIso(mark);
    if (before === at) return;
    copies.set(url, at);
  }
  listeners.forEach((listener) => listener());
}

/** When the last answer to `url` was a copy: the copy's time (ISO, or '' when unknown); else undefined. */
export function offlineCopyOf(url: string): string | undefined {
  return copies.get(url);
}

export function subscribeOfflineCopies(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
