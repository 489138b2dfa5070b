import { taskBody, type TaskBody, type Task } from '#shared/schemas';
import { requireTask, updateTask } from '#functions/data/repositories/tasks';
import { publishEvents } from '#functions/events/publisher';
import { taskEvents } from '#functions/events/task-events';
import { assertMayWorkTask } from '#functions/data/repositories/task-access';
import { ForbiddenError } from '#functions/lib/errors';
import { apiHandler, json } from '#functions/lib/http';

const EDITABLE_BY_STAFF = new Set(['status']);

export const handler = apiHandler<TaskBody>('update-task', { body: taskBody }, async ({ caller, params, body }) => {
  // `issue` only means something when a task is created.
  const { issue: _issue, ...changes } = body;
  const current = await requireTask(caller.companyId, params.id);
  let before: Task = current;
  let updated;
  if (caller.role === 'staff') {
    // Staff may only move the status of tasks assigned to them (and not of one the office
    // cancelled); the rest of the body must be unchanged. The check runs again on the version the
    // write is conditioned on, so a reassignment in between is refused too.
    const guard = (task: Task) => {
      assertMayWorkTask(caller, task);
      const changed = (Object.keys(changes) as Array<keyof typeof changes>).filter(
        (field) => !EDITABLE_BY_STAFF.has(field) && (changes[field] ?? null) !== (task[field] ?? null),
      );
      if (changed.length) throw new ForbiddenError();
      before = task;
    };
    guard(current);
    updated = await updateTask(caller.companyId, params.id, { status: changes.status }, new Date(), caller.userId, guard);
  } else {
    updated = await updateTask(caller.companyId, params.id, changes, new Date(), caller.userId, (task) => {
      before = task;
    });
  }
  // After the write succeeded: events against the version the write replaced.
  await publishEvents(taskEvents(before, updated, { companyId: caller.companyId, actorUserId: caller.userId }));
  return json(updated);
});
