// Cursor pagination for the list endpoints: the body is the JSON array of one page and the next
// page's cursor travels in the `x-next-cursor` response header (functions/lib/http.ts `page`), read
// by apiGetPage (lib/api-client.ts).
import useSWRInfinite, { unstable_serialize, type SWRInfiniteKeyLoader } from 'swr/infinite';
import { apiGetPage, type ApiError, type CursorPage } from '../../../lib/api-client';
import type { FirstRead } from '../../../lib/first-reads';
import { firstPageReads } from '../../../lib/first-read-helpers';

export type Page<T> = CursorPage<T>;

function withQuery(path: string, params: Record<string, string | number>): string {
  const separator = path.includes('?') ? '&' : '?';
  return `${path}${separator}${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString()}`;
}

/** The SWR key loader of a cursor list: page 0 has no cursor, page n the cursor of page n-1. */
export function cursorKeyLoader(path: string | null, pageSize: number): SWRInfiniteKeyLoader {
  return (index: number, previous: Page<unknown> | null) => {
    if (!path) return null;
    if (index === 0) return withQuery(path, { limit: pageSize });
    if (!previous?.nextCursor) return null;
    return withQuery(path, { limit: pageSize, cursor: previous.nextCursor });
  };
}

/** The cache key of a whole cursor list, for `mutate(key)` from swr (revalidates every loaded page). */
export function cursorListKey(path: string, pageSize: number): string {
  return unstable_serialize(cursorKeyLoader(path, pageSize));
}

/** The first page of a cursor list as first reads (a screen's `firstReads`, lib/first-reads.ts). */
export function cursorFirstReads(path: string, pageSize: number): FirstRead[] {
  return firstPageReads(cursorKeyLoader(path, pageSize), (url: string) => apiGetPage<unknown>(url));
}

export interface CursorList<T> {
  items: T[];
  isLoading: boolean;
  error: ApiError | undefined;
  hasMore: boolean;
  isLoadingMore: boolean;
  loadMore: () => void;
  /** Re-reads every loaded page. */
  refresh: () => Promise<unknown>;
}

/** A list read page by page; `path` null waits (e.g. for an id). */
export function useCursorList<T>(path: string | null, pageSize: number): CursorList<T> {
  const { data, error, isLoading, size, setSize, mutate } = useSWRInfinite<Page<T>, ApiError>(
    cursorKeyLoader(path, pageSize),
    (url: string) => apiGetPage<T>(url),
    { revalidateFirstPage: false },
  );
  const pages = data ?? [];
  const last = pages[pages.length - 1];
  const isLoadingMore = size > 0 && pages.length < size && !error;
  return {
    items: pages.flatMap((page) => page.items),
    isLoading,
    error,
    hasMore: Boolean(last?.nextCursor),
    isLoadingMore: isLoadingMore && !isLoading,
    loadMore: () => void setSize(size + 1),
    refresh: () => mutate(),
  };
}
