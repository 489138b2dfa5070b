import { taskListQuery, type TaskListQuery } from '#shared/schemas';
import { keys } from '#functions/data/keys';
import { listTasks } from '#functions/data/repositories/tasks';
import { getItem } from '#functions/data/db';
import { propertyTaskCount, taskCountFromItem } from '#functions/data/repositories/stats';
import { taskView } from '#functions/photos/views';
import { apiHandler, page } from '#functions/lib/http';

/**
 * How many tasks match the filters (the screen's "N tasks found"): the counters (read with the
 * session when they could be), or the property's own count.
 */
async function matchingCount(companyId: string, query: TaskListQuery, prefetched: Array<Record<string, unknown> | undefined> | undefined): Promise<number> {
  const filters = { status: query.status, type: query.type };
  if (query.propertyId) return propertyTaskCount(companyId, query.propertyId, filters);
  const stats = prefetched ? prefetched[0] : await getItem<Record<string, unknown>>(keys.companyStats(companyId));
  return taskCountFromItem(stats, filters);
}

/**
 * A page of tasks, newest first. The first page (no cursor) also says in `x-total-count` how many
 * tasks match the filters, counted by the server, not the number of tasks loaded so far. The
 * company's counters come in the session's BatchGetItem, so a first page is that and one Query.
 */
export const handler = apiHandler<unknown, TaskListQuery>(
  'list-tasks',
  { query: taskListQuery, prefetch: (companyId) => [keys.companyStats(companyId)] },
  async ({ caller, query, prefetched }) => {
    const [result, total] = await Promise.all([
      listTasks(caller.companyId, query),
      query.cursor ? Promise.resolve(undefined) : matchingCount(caller.companyId, query, prefetched),
    ]);
    const response = page(await Promise.all(result.items.map(taskView)), result.cursor);
    if (total !== undefined) response.headers = { ...response.headers, 'x-total-count': String(total) };
    return response;
  },
);
