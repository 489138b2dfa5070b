import { publicTaskListQuery, type PublicTaskListQuery } from '#shared/schemas';
import { keys } from '#functions/data/keys';
import { listPage, publicApiHandler } from '#functions/lib/public-api';
import { listPublicTasks, publicTask } from '#functions/public-api/tasks';
import { cachedFirstPage, keepFirstPage, revisionOf } from '#functions/tasks/task-list-cache';

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
    let first = cachedFirstPage(caller.companyId, cacheQuery, revision);
    if (!first) {
      const readAt = Date.now();
      const page = await listPublicTasks(caller.companyId, query);
      first = { rev: revision.rev, items: page.items, cursor: page.cursor };
      keepFirstPage(caller.companyId, cacheQuery, revision, readAt, first);
    }
    return listPage(first.items.map(publicTask), first.cursor);
  },
);
