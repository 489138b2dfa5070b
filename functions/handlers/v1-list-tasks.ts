import { publicTaskListQuery, type PublicTaskListQuery } from '#shared/schemas';
import { listPage, publicApiHandler } from '#functions/lib/public-api';
import { listPublicTasks, publicTask } from '#functions/public-api/tasks';

export const handler = publicApiHandler<unknown, PublicTaskListQuery>('v1-list-tasks', { query: publicTaskListQuery }, async ({ caller, query }) => {
  const page = await listPublicTasks(caller.companyId, query);
  return listPage(page.items.map(publicTask), page.cursor);
});
