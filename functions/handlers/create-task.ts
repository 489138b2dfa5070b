import { taskBody, type TaskBody } from '#shared/schemas';
import { createTask } from '#functions/data/repositories/tasks';
import { taskEvents } from '#functions/events/task-events';
import { apiHandler, json } from '#functions/lib/http';

export const handler = apiHandler<TaskBody>('create-task', { body: taskBody }, async ({ caller, body }) => {
  const { issue, ...fields } = body;
  // The task and its events in one transaction (the events outbox: functions/data/outbox.ts).
  const task = await createTask(caller.companyId, fields, new Date(), caller.userId, {}, {
    items: [],
    events: (created) => taskEvents(undefined, created, { companyId: caller.companyId, actorUserId: caller.userId, issue }),
  });
  return json(task, 201);
});
