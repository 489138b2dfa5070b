import { taskBody, taskUpdateBody, type TaskUpdateBody, type Task } from '#shared/schemas';
import { requireTask, updateTask } from '#functions/data/repositories/tasks';
import { taskEvents, taskUpdatedEvents } from '#functions/events/task-events';
import { assertMayWorkTask } from '#functions/data/repositories/task-access';
import { ConflictError, ForbiddenError } from '#functions/lib/errors';
import { apiHandler, json } from '#functions/lib/http';
import { occurredAtOf } from '#functions/lib/occurred-at';

const EDITABLE_BY_STAFF = new Set(['status']);

/**
 * The task's fields as the body schema would keep them (trimmed, one-line text on one line), so a
 * phone sending back a title stored before those rules (a tab in it) is not taken for a change;
 * a stored value the schema refuses is compared as it is.
 */
function asSent(task: Task): Partial<Task> {
  const { type, title, description, propertyId, assignedUserId, status, dueDate, estimatedCost } = task;
  const parsed = taskBody.safeParse({ type, title, description, propertyId, assignedUserId, status, dueDate, estimatedCost });
  return parsed.success ? { ...task, ...parsed.data } : task;
}

/**
 * `If-Match: "<updatedAt>"` (optional; the dispatch board sends the version it shows): the change
 * applies only to that version of the task, else 409 with the task as it is now (`details.task`).
 * The check runs on the version the write is conditioned on, so nothing lands in between.
 */
function assertVersion(ifMatch: string | undefined, task: Task): void {
  const expected = ifMatch?.trim().replace(/^W\//, '').replace(/^"|"$/g, '');
  if (!expected || expected === '*' || expected === task.updatedAt) return;
  throw Object.assign(new ConflictError('task.changedMeanwhile'), { code: 'task_changed', details: { task } });
}

/** A field not sent keeps its stored value (taskUpdateBody); the form sends them all. */
export const handler = apiHandler<TaskUpdateBody>('update-task', { body: taskUpdateBody }, async ({ event, caller, params, body: changes }) => {
  const ifMatch = event.headers?.['if-match'];
  // A status change a phone made offline keeps the time it was done (bounded: shared/task-history.ts).
  const occurredAt = occurredAtOf(event);
  const current = await requireTask(caller.companyId, params.id);
  assertVersion(ifMatch, current);
  let updated;
  // The change's events, against the version the write replaces, in its transaction (the outbox).
  // task.updated (the public webhook's) names every changed field; the others say what the change means.
  const events = (replaced: Task, after: Task) => {
    const context = { companyId: caller.companyId, actorUserId: caller.userId };
    return [...taskEvents(replaced, after, context), ...taskUpdatedEvents(replaced, after, context)];
  };
  if (caller.role === 'staff') {
    // Staff may only move the status of tasks assigned to them (and not of one the office
    // cancelled); the rest of the body must be unchanged. The check runs again on the version the
    // write is conditioned on, so a reassignment in between is refused too.
    const guard = (task: Task) => {
      assertVersion(ifMatch, task);
      assertMayWorkTask(caller, task);
      const stored = asSent(task);
      const changed = (Object.keys(changes) as Array<keyof typeof changes>).filter(
        // A field not sent (absent: estimatedCost, issue 41) is not a change.
        (field) => !EDITABLE_BY_STAFF.has(field) && changes[field] !== undefined && (changes[field] ?? null) !== (task[field] ?? null) && (changes[field] ?? null) !== (stored[field] ?? null),
      );
      if (changed.length) throw new ForbiddenError();
    };
    guard(current);
    updated = await updateTask(caller.companyId, params.id, { status: changes.status }, new Date(), caller.userId, guard, events, occurredAt);
  } else {
    updated = await updateTask(caller.companyId, params.id, changes, new Date(), caller.userId, (task) => {
      assertVersion(ifMatch, task);
    }, events, occurredAt);
  }
  return json(updated);
});
