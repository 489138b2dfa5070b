import { publicTaskListQuery, type PublicTaskListQuery } from '#shared/schemas';
import { keys } from '#functions/data/keys';
import { apiJson, listPage, publicApiHandler } from '#functions/lib/public-api';
import { listPublicTasks, publicTask } from '#functions/public-api/tasks';
import { cachedFirstPage, keepFirstPage, revisionOf, type FirstPage } from '#functions/tasks/task-list-cache';

/**
 * A kept first page's answer body, made once per kept page (cachedFirstPage hands back the same
 * object while the page is kept; kept again, it is a new one): a warm first page serializes nothing.
 * Its items carry nothing made per request (no signed URLs), unlike the app's list views.
 */
const bodies = new WeakMap<FirstPage, string>();

/**
 * A page of tasks, newest first. A first page (no cursor) is kept in the process while the company's
 * task-list revision, read with the key and the company in one BatchGetItem, stays the same (as the
 * app's list does, functions/tasks/task-list-cache.ts): warm, that read is the whole request.
 */
export const handler = publicApiHandler<unknown, PublicTaskListQuery>(
  'v1-list-tasks',
  { query: publicTaskListQuery, prefetch: (companyId) => [keys.taskListRevision(companyId)] },
  async ({ caller, query, prefetched }) => {
    if (query.cursor) {
      const page = await listPublicTasks(caller.companyId, query);
      return listPage(page.items.map(publicTask), page.cursor);
    }
    const revision = revisionOf(prefetched[0]);
    const cacheQuery = { ...query, list: 'v1' };
    const kept = cachedFirstPage(caller.companyId, cacheQuery, revision);
    if (kept) {
      let body = bodies.get(kept);
      if (body === undefined) {
        body = listPage(kept.items.map(publicTask), kept.cursor).body as string;
        bodies.set(kept, body);
      }
      return { ...apiJson(null), body };
    }
    const readAt = Date.now();
    const page = await listPublicTasks(caller.companyId, query);
    keepFirstPage(caller.companyId, cacheQuery, revision, readAt, { items: page.items, cursor: page.cursor });
    return listPage(page.items.map(publicTask), page.cursor);
  },
);
