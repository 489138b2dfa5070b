import { taskBody, type TaskBody } from '#shared/schemas';
import { requireTask, updateTask } from '#functions/data/repositories/tasks';
import { publishEvents } from '#functions/events/publisher';
import { taskEvents } from '#functions/events/task-events';
import { ForbiddenError } from '#functions/lib/errors';
import { apiHandler, json } from '#functions/lib/http';

const EDITABLE_BY_STAFF = new Set(['status']);

export const handler = apiHandler<TaskBody>('update-task', { body: taskBody }, async ({ caller, params, body }) => {
  // `issue` only means something when a task is created.
  const { issue: _issue, ...changes } = body;
  const current = await requireTask(caller.companyId, params.id);
  let updated;
  if (caller.role === 'staff') {
    // Staff may only move the status of tasks assigned to them; the rest of the body must be unchanged.
    if (current.assignedUserId !== caller.userId) throw new ForbiddenError();
    const changed = (Object.keys(changes) as Array<keyof typeof changes>).filter(
      (field) => !EDITABLE_BY_STAFF.has(field) && (changes[field] ?? null) !== (current[field] ?? null),
    );
    if (changed.length) throw new ForbiddenError();
    updated = await updateTask(caller.companyId, params.id, { status: changes.status });
  } else {
    updated = await updateTask(caller.companyId, params.id, changes);
  }
  // After the write succeeded: assignment and completion events against the version read above.
  // Should another edit land between that read and updateTask's own, an event may repeat one that
  // edit already announced; none is lost.
  await publishEvents(taskEvents(current, updated, { companyId: caller.companyId, actorUserId: caller.userId }));
  return json(updated);
});
