import type { Task } from '#shared/schemas';
import { keys } from '#functions/data/keys';
import { NotFoundError } from '#functions/lib/errors';
import { taskView } from '#functions/photos/views';
import { apiHandler, json } from '#functions/lib/http';

/**
 * One task, read with the session in one BatchGetItem (the route's prefetch, with the path's id).
 * The wrapper has already taken out a task of a property outside the caller's scope: absent is 404.
 */
export const handler = apiHandler('get-task', { prefetch: (companyId, params) => [keys.task(companyId, params.id)] }, async ({ prefetched }) => {
  const task = prefetched?.[0] as Task | undefined;
  if (!task) throw new NotFoundError();
  return json(await taskView(task));
});
