// The task list's first pages, kept in the process (a Lambda container's memory) per company and
// query, validated on every request by the company's task-list revision (keys.taskListRevision):
// every transaction that writes a task item adds 1 to it (functions/data/db.ts transactWrite; tests
// refuse any write of a task item that does not, local/permission-guard.ts). The revision is read
// with the session in one BatchGetItem (the route's prefetch), so a warm first page is that call only.
//
// What is kept: the raw task items as the list reads them (photo keys, never signed URLs: those are
// made per request and expire), the next page's cursor, and for a property's list its count. Pages
// after the first (a cursor) are not kept.
//
// A page is kept only once the revision has settled: list Queries read indexes (and the table)
// eventually consistently, so a page read just after a write might not show it yet, and kept at the
// new revision it would stay wrong until the next write. A page read less than SETTLE_MS after the
// revision moved (its `at`) is served but not kept; and no page is kept longer than maxAgeMs, a bound
// on any staleness that would still get through (an index lagging longer than that, a clock off).
import type { Task } from '#shared/schemas';
import { TASK_LIST_REVISION } from '#functions/data/db';
import { currentPropertyScope } from '#functions/lib/tenant';

/** A company's task-list revision as read: its number (0 before any write) and when it last moved. */
export interface TaskListRevision {
  rev: number;
  /** Epoch ms of the last bump (the writer's clock); undefined when never bumped. */
  at: number | undefined;
}

export function revisionOf(item: Record<string, unknown> | undefined): TaskListRevision {
  const at = typeof item?.at === 'string' ? Date.parse(item.at) : NaN;
  return { rev: Number(item?.[TASK_LIST_REVISION] ?? 0), at: Number.isFinite(at) ? at : undefined };
}

export interface FirstPage {
  rev: number;
  items: Task[];
  cursor?: string;
  /** A property's list: how many of its tasks match (the other lists count from STATS). */
  count?: number;
}

interface KeptPage extends FirstPage {
  /** When its Query started (epoch ms). */
  readAt: number;
}

/** At most this many first pages (each at most the query's limit, <= 100 tasks) per process. */
export const ENTRY_LIMIT = 500;

/** Settings tests may change (settleMs 0 keeps every page at once). */
export const taskListCacheSettings = { settleMs: 3_000, maxAgeMs: 5 * 60_000 };

const pages = new Map<string, KeptPage>();

/**
 * A list's query: every field but the cursor picks the page kept. A list other than the app's (the
 * public API's, whose items are read differently) names itself in `list`.
 */
export interface FirstPageQuery {
  cursor?: string;
  list?: string;
  [field: string]: unknown;
}

/**
 * A page is kept per company, query and property scope (docs/property-scope.md): a member scoped to
 * some properties never reads a page kept for someone who sees them all, nor the other way round.
 */
const cacheKey = (companyId: string, query: FirstPageQuery) =>
  JSON.stringify([
    companyId,
    [...(currentPropertyScope() ?? ['*'])].sort().join(','),
    ...Object.entries(query)
      .filter(([field, value]) => field !== 'cursor' && value !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : 1)),
  ]);

/** The kept first page of this company and query at `revision`, if any (an older one is dropped). */
export function cachedFirstPage(companyId: string, query: FirstPageQuery, revision: TaskListRevision, now = Date.now()): FirstPage | undefined {
  if (query.cursor) return undefined;
  const key = cacheKey(companyId, query);
  const entry = pages.get(key);
  if (!entry) return undefined;
  pages.delete(key);
  if (entry.rev !== revision.rev || now - entry.readAt > taskListCacheSettings.maxAgeMs) return undefined;
  pages.set(key, entry); // most recently used last
  return entry;
}

/**
 * Keeps a first page read at `revision` (a Query started at `readAt`, epoch ms), unless the revision
 * moved less than settleMs before that read; the least recently used page goes beyond ENTRY_LIMIT.
 */
export function keepFirstPage(companyId: string, query: FirstPageQuery, revision: TaskListRevision, readAt: number, page: Omit<FirstPage, 'rev'>): void {
  if (query.cursor) return;
  if (revision.at !== undefined && readAt - revision.at < taskListCacheSettings.settleMs) return;
  const key = cacheKey(companyId, query);
  pages.delete(key);
  while (pages.size >= ENTRY_LIMIT) pages.delete(pages.keys().next().value!);
  pages.set(key, { ...page, rev: revision.rev, readAt });
}

/** Test hooks: forget every kept page; how many are kept. */
export function clearTaskListCache(): void {
  pages.clear();
}
export const cachedFirstPageCount = (): number => pages.size;
