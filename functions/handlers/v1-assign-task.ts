import { publicTaskAssignBody, type PublicTaskAssignBody } from '#shared/schemas';
import { apiJson, publicApiHandler } from '#functions/lib/public-api';
import { changeTask, publicTask } from '#functions/public-api/tasks';

export const handler = publicApiHandler<PublicTaskAssignBody>('v1-assign-task', { body: publicTaskAssignBody }, async ({ caller, params, body }) =>
  apiJson(publicTask(await changeTask(caller, params.id, { assignedUserId: body.assigneeId }))),
);
