// Reads app/boot.ts has just put in SWR's cache are not fetched again by the screens that mount
// with them. The first screen's hooks revalidate a stale key when they mount (`revalidateIfStale`),
// and every key boot seeds is "stale" to SWR, which never fetched it itself: the whole first screen
// was read twice, a second burst of requests, parses and comparisons right after the first paint.
// For as long as SWR's own deduplication window (2 s), a seeded answer counts as just fetched.
import type { Middleware } from 'swr';
import { unstable_serialize as infiniteKey, type SWRInfiniteKeyLoader } from 'swr/infinite';

/** How long a seeded answer counts as fresh: SWR's default `dedupingInterval`. */
export const FRESH_SEED_MS = 2_000;

const seededAt = new Map<string, number>();
/** When the last key was seeded: past the window, no hook needs to name its key at all. */
let lastSeededAt = Number.NEGATIVE_INFINITY;

/** Notes that `key` was just fetched and put in SWR's cache outside of SWR. */
export function markSeeded(key: string): void {
  lastSeededAt = Date.now();
  seededAt.set(key, lastSeededAt);
}

/**
 * Whether `key` was seeded less than FRESH_SEED_MS ago: a plain key, or an infinite list's page
 * loader (seeded under `unstable_serialize(getKey)` of swr/infinite, lib/first-read-helpers.ts).
 */
export function isFreshSeed(key: unknown, now = Date.now()): boolean {
  if (now - lastSeededAt >= FRESH_SEED_MS) return false;
  const name = typeof key === 'function' ? infiniteKey(key as SWRInfiniteKeyLoader) : key;
  const at = typeof name === 'string' ? seededAt.get(name) : undefined;
  return at !== undefined && now - at < FRESH_SEED_MS;
}

/** SWR middleware: a hook mounting on a fresh seed does not revalidate it on mount. */
export const skipFreshSeeds: Middleware = (useSWRNext) => (key, fetcher, config) =>
  useSWRNext(key, fetcher, isFreshSeed(key) ? { ...config, revalidateOnMount: false } : config);
