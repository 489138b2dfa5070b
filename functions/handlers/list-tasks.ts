import { taskListQuery, type TaskListQuery } from '#shared/schemas';
import { keys } from '#functions/data/keys';
import { listTasks } from '#functions/data/repositories/tasks';
import { getItems } from '#functions/data/db';
import { propertyTaskCount, taskCountFromItem } from '#functions/data/repositories/stats';
import { cachedFirstPage, keepFirstPage, revisionOf } from '#functions/tasks/task-list-cache';
import { taskView } from '#functions/photos/views';
import { apiHandler, page } from '#functions/lib/http';

/** Read with the session when they can be: the counters (STATS) and the task list's revision. */
const prefetch = (companyId: string) => [keys.companyStats(companyId), keys.taskListRevision(companyId)];

/**
 * A page of tasks, newest first. The first page (no cursor) also says in `x-total-count` how many
 * tasks match the filters, counted by the server, not the number of tasks loaded so far: the STATS
 * counters, or for a property's list its own count.
 * A first page is kept in the process (functions/tasks/task-list-cache.ts) while the company's
 * task-list revision, read with the session in one BatchGetItem, stays the same: warm, that call is
 * the whole request. The views (photo URLs signed per request) are made from the kept items each time.
 */
export const handler = apiHandler<unknown, TaskListQuery>('list-tasks', { query: taskListQuery, prefetch }, async ({ caller, query, prefetched }) => {
  const { companyId } = caller;
  if (query.cursor) {
    const result = await listTasks(companyId, query);
    return page(await Promise.all(result.items.map(taskView)), result.cursor);
  }
  const [stats, revisionItem] = prefetched ?? (await getItems(prefetch(companyId)));
  const revision = revisionOf(revisionItem);
  const filters = { status: query.status, type: query.type };
  let first = cachedFirstPage(companyId, query, revision);
  if (!first) {
    const readAt = Date.now();
    const [result, count] = await Promise.all([
      listTasks(companyId, query),
      query.propertyId ? propertyTaskCount(companyId, query.propertyId, filters) : Promise.resolve(undefined),
    ]);
    first = { rev: revision.rev, items: result.items, cursor: result.cursor, count };
    keepFirstPage(companyId, query, revision, readAt, first);
  }
  const total = first.count ?? taskCountFromItem(stats, filters);
  const response = page(await Promise.all(first.items.map(taskView)), first.cursor);
  response.headers = { ...response.headers, 'x-total-count': String(total) };
  return response;
});
