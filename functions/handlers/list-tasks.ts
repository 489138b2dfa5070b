import { taskListQuery, type TaskListQuery } from '#shared/schemas';
import { listTasks } from '#functions/data/repositories/tasks';
import { taskView } from '#functions/photos/views';
import { apiHandler, page } from '#functions/lib/http';

export const handler = apiHandler<unknown, TaskListQuery>('list-tasks', { query: taskListQuery }, async ({ caller, query }) => {
  const result = await listTasks(caller.companyId, query);
  return page(await Promise.all(result.items.map(taskView)), result.cursor);
});
