import { publicTaskStartBody, type PublicTaskStartBody } from '#shared/schemas';
import { ConflictError } from '#functions/lib/errors';
import { requireTask } from '#functions/data/repositories/tasks';
import { apiJson, publicApiHandler } from '#functions/lib/public-api';
import { changeTask, publicTask } from '#functions/public-api/tasks';

/** Starts a task (in progress, as a phone's "Start" does); starting a started task answers it as it is. */
export const handler = publicApiHandler<PublicTaskStartBody>('v1-start-task', { body: publicTaskStartBody }, async ({ caller, params, body }) => {
  const task = await requireTask(caller.companyId, params.id);
  if (task.status === 'in_progress') return apiJson(publicTask(task));
  if (task.status === 'cancelled') throw new ConflictError('apiKeys.taskCancelledNoStart');
  if (task.status === 'completed') throw new ConflictError('apiKeys.taskCompletedNoStart');
  // A start reported later keeps when it was done (bounded as the phones' offline changes are: shared/task-history.ts).
  const at = body.startedAt ? new Date(body.startedAt) : undefined;
  return apiJson(publicTask(await changeTask(caller, params.id, { status: 'in_progress' }, at)));
});
