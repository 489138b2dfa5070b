import { publicTaskCreateBody, type TaskBody } from '#shared/schemas';
import { createTask } from '#functions/data/repositories/tasks';
import { taskEvents } from '#functions/events/task-events';
import { apiJson, publicApiHandler } from '#functions/lib/public-api';
import { publicTask } from '#functions/public-api/tasks';

export const handler = publicApiHandler<TaskBody>('v1-create-task', { body: publicTaskCreateBody }, async ({ caller, body }) => {
  const { issue, ...fields } = body;
  const task = await createTask(caller.companyId, fields, new Date(), caller.userId, {}, {
    items: [],
    events: (created) => taskEvents(undefined, created, { companyId: caller.companyId, actorUserId: caller.userId, issue }),
  });
  return apiJson(publicTask(task), 201, { location: `/api/v1/tasks/${task.id}` });
});
