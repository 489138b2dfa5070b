import { pageQuery, type PageQuery } from '#shared/schemas';
import { requireTask } from '#functions/data/repositories/tasks';
import { listTaskHistory } from '#functions/data/repositories/task-history';
import { apiHandler, page } from '#functions/lib/http';

/**
 * GET /api/tasks/{id}/history: every recorded change of a task, newest first, paginated (cursor in
 * x-next-cursor), to anyone who may read the task; another company's task is a 404.
 */
export const handler = apiHandler<unknown, PageQuery>('get-task-history', { query: pageQuery }, async ({ caller, params, query }) => {
  await requireTask(caller.companyId, params.id);
  const result = await listTaskHistory(caller.companyId, params.id, query);
  return page(result.items, result.cursor);
});
