import { taskListQuery, type TaskListQuery } from '#shared/schemas';
import { listTasks } from '#functions/data/repositories/tasks';
import { getStats, propertyTaskCount, taskCountFor } from '#functions/data/repositories/stats';
import { taskView } from '#functions/photos/views';
import { apiHandler, page } from '#functions/lib/http';

/** How many tasks match the filters (the screen's "N tasks found"): the counters, or the property's own count. */
async function matchingCount(companyId: string, query: TaskListQuery): Promise<number> {
  const filters = { status: query.status, type: query.type };
  if (query.propertyId) return propertyTaskCount(companyId, query.propertyId, filters);
  return taskCountFor(await getStats(companyId), filters);
}

/**
 * A page of tasks, newest first. The first page (no cursor) also says in `x-total-count` how many
 * tasks match the filters, counted by the server, not the number of tasks loaded so far.
 */
export const handler = apiHandler<unknown, TaskListQuery>('list-tasks', { query: taskListQuery }, async ({ caller, query }) => {
  const [result, total] = await Promise.all([
    listTasks(caller.companyId, query),
    query.cursor ? Promise.resolve(undefined) : matchingCount(caller.companyId, query),
  ]);
  const response = page(await Promise.all(result.items.map(taskView)), result.cursor);
  if (total !== undefined) response.headers = { ...response.headers, 'x-total-count': String(total) };
  return response;
});
