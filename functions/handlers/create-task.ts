import { taskBody, type TaskBody } from '#shared/schemas';
import { createTask } from '#functions/data/repositories/tasks';
import { publishEvents } from '#functions/events/publisher';
import { taskEvents } from '#functions/events/task-events';
import { apiHandler, json } from '#functions/lib/http';

export const handler = apiHandler<TaskBody>('create-task', { body: taskBody }, async ({ caller, body }) => {
  const { issue, ...fields } = body;
  const task = await createTask(caller.companyId, fields, new Date(), caller.userId);
  // After the write succeeded; publishing never fails the request (retried, then logged).
  await publishEvents(taskEvents(undefined, task, { companyId: caller.companyId, actorUserId: caller.userId, issue }));
  return json(task, 201);
});
