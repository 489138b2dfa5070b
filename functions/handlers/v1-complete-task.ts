import { publicTaskCompleteBody, type PublicTaskCompleteBody } from '#shared/schemas';
import { ConflictError } from '#functions/lib/errors';
import { requireTask } from '#functions/data/repositories/tasks';
import { apiJson, publicApiHandler } from '#functions/lib/public-api';
import { changeTask, publicTask } from '#functions/public-api/tasks';

/** Completes a task (its checklist's required items must be ticked, as in the app); completing a completed task answers it as it is. */
export const handler = publicApiHandler<PublicTaskCompleteBody>('v1-complete-task', { body: publicTaskCompleteBody }, async ({ caller, params, body }) => {
  const task = await requireTask(caller.companyId, params.id);
  if (task.status === 'completed') return apiJson(publicTask(task));
  if (task.status === 'cancelled') throw new ConflictError('apiKeys.taskCancelled');
  // A completion reported later keeps when it was done (bounded as the phones' offline changes are: shared/task-history.ts).
  const at = body.completedAt ? new Date(body.completedAt) : undefined;
  return apiJson(publicTask(await changeTask(caller, params.id, { status: 'completed' }, at)));
});
