// Helpers for the screens' first reads (lib/first-reads.ts).
//
// The first page of a useSWRInfinite list is two cache entries: the list's own
// (`unstable_serialize(getKey)`, holding `[page]`) and the page's (its URL), which the list's fetcher
// reads before asking the server for a page. Seeding only the list would still send the page's
// request after the first render (and again on "Load more"); both share one request.
import { unstable_serialize, type SWRInfiniteKeyLoader } from 'swr/infinite';
import type { FirstRead } from './first-reads';

export function firstPageReads<Page>(getKey: SWRInfiniteKeyLoader, loadPage: (url: string) => Promise<Page>): FirstRead[] {
  const url = getKey(0, null);
  if (typeof url !== 'string') return [];
  let page: Promise<Page> | undefined;
  const load = () => (page ??= loadPage(url));
  return [
    { key: url, load },
    { key: unstable_serialize(getKey), load: () => load().then((first) => [first]) },
  ];
}

/** The id in an address like `/tasks/:id` (decoded as the router does), or undefined (none, or malformed). */
export function idInPath(pathname: string): string | undefined {
  const segment = pathname.split('/').filter(Boolean)[1];
  if (!segment) return undefined;
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined; // a malformed address: the screen says not found
  }
}

/**
 * Whether a read still waits for its first answer (`key` null: not asked). The hooks that check
 * their key again whenever it appears (`revalidateIfStale`) use this, not SWR's `isLoading`: for a
 * key app/boot.ts put in the cache before the first render, SWR says `isLoading` on that render
 * (it starts the check then), so the screen drew its spinner or skeletons over data it had, and drew
 * again when the check answered.
 */
export function waitingForFirstAnswer(key: unknown, data: unknown, error: unknown): boolean {
  return key !== null && key !== undefined && data === undefined && error === undefined;
}
