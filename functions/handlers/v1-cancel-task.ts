import { publicTaskCancelBody, type PublicTaskCancelBody } from '#shared/schemas';
import { ConflictError } from '#functions/lib/errors';
import { requireTask } from '#functions/data/repositories/tasks';
import { apiJson, publicApiHandler } from '#functions/lib/public-api';
import { changeTask, publicTask } from '#functions/public-api/tasks';

/** Cancels a task (its assignee is told, as when the office cancels it); cancelling a cancelled task answers it as it is. */
export const handler = publicApiHandler<PublicTaskCancelBody>('v1-cancel-task', { body: publicTaskCancelBody }, async ({ caller, params }) => {
  const task = await requireTask(caller.companyId, params.id);
  if (task.status === 'cancelled') return apiJson(publicTask(task));
  if (task.status === 'completed') throw new ConflictError('apiKeys.taskCompletedNoCancel');
  return apiJson(publicTask(await changeTask(caller, params.id, { status: 'cancelled' })));
});
