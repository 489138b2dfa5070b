// The owner's decision on a repair waiting for them (issue 41 point 4; docs/owner-approvals.md):
// POST /api/owner/approvals/{taskId}. A decision is one more task write through the task repository,
// so its history, counters, events and the owners' list move in one transaction.
import type { OwnerApprovalDecisionBody, Task, TaskApproval } from '#shared/schemas';
import { awaitsOwner } from '#functions/data/repositories/task-approvals';
import { requireTask, updateTask } from '#functions/data/repositories/tasks';
import { taskEvents, taskUpdatedEvents } from '#functions/events/task-events';
import { ConflictError, NotFoundError } from '#functions/lib/errors';
import { ownerProperties, type OwnerCaller } from './owner-properties';

/** What a decision answers: the task's id, its status now and its approval. */
export interface OwnerApprovalDecision {
  taskId: string;
  status: Task['status'];
  approval: TaskApproval;
}

/**
 * The owner approves (the repair goes on; its assignee is told as on an assignment) or declines (the
 * task is cancelled, the note kept) a repair of one of their properties. Another property's task, or
 * another company's, is 404; a task not waiting for them (decided, changed back under the limit,
 * cancelled or done) 409. `estimatedCost`, when sent, is the amount the owner saw: a different
 * amount now is 409 too (the office changed the estimate meanwhile).
 */
export async function decideOwnerApproval(
  caller: OwnerCaller,
  taskId: string,
  body: OwnerApprovalDecisionBody,
  now = new Date(),
): Promise<OwnerApprovalDecision> {
  const properties = await ownerProperties(caller);
  const current = await requireTask(caller.companyId, taskId);
  if (!properties.has(current.propertyId)) throw new NotFoundError();
  const guard = (task: Task) => {
    if (!properties.has(task.propertyId)) throw new NotFoundError();
    if (!awaitsOwner(task)) throw Object.assign(new ConflictError('approval.notPending'), { code: 'approval_not_pending' });
    if (body.estimatedCost !== undefined && body.estimatedCost !== task.approval!.estimatedCost) {
      throw Object.assign(new ConflictError('approval.notPending'), { code: 'approval_changed' });
    }
  };
  guard(current);
  const approval: TaskApproval = {
    ...current.approval!,
    status: body.approved ? 'approved' : 'declined',
    decidedAt: now.toISOString(),
    decidedBy: caller.userId,
    note: body.note ?? null,
  };
  const events = (before: Task, after: Task) => {
    const context = { companyId: caller.companyId, actorUserId: caller.userId, now };
    return [...taskEvents(before, after, context), ...taskUpdatedEvents(before, after, context)];
  };
  const updated = await updateTask(
    caller.companyId,
    taskId,
    body.approved ? { approval } : { approval, status: 'cancelled' },
    now,
    caller.userId,
    (task) => {
      guard(task);
      // The decision is about the amount read above: a change in between is the guard's 409.
      if (task.approval!.estimatedCost !== approval.estimatedCost) throw Object.assign(new ConflictError('approval.notPending'), { code: 'approval_changed' });
    },
    events,
  );
  return { taskId: updated.id, status: updated.status, approval: updated.approval! };
}
