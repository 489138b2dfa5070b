import type { Task } from '#shared/schemas';
import { keys } from '#functions/data/keys';
import { NotFoundError } from '#functions/lib/errors';
import { apiJson, publicApiHandler } from '#functions/lib/public-api';
import { publicTask } from '#functions/public-api/tasks';

/**
 * One task. It is read in the key's BatchGetItem (the route's prefetch, with the path's id): warm,
 * that one read is the whole request. The door has already taken out a task of a property outside
 * the key's property scope, so absent (another company's id, unknown, out of scope) is 404.
 */
export const handler = publicApiHandler('v1-get-task', { prefetch: (companyId, params) => [keys.task(companyId, params.id)] }, async ({ prefetched }) => {
  const task = prefetched[0] as Task | undefined;
  if (!task) throw new NotFoundError();
  return apiJson(publicTask(task));
});
