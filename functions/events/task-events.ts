// Which domain events a task write produces, from the task before and after it: task.created,
// task.assigned (also a reassignment: previousAssignedUserId), task.unassigned, task.rescheduled
// (the due date changed), task.cancelled, task.completed, and property.issue_reported for a task
// created as a problem report.
import type { Task } from '#shared/schemas';
import { domainEvent, type DomainEvent } from '../../events/catalogue';

export interface TaskChangeContext {
  companyId: string;
  actorUserId: string;
  /** Creation only: the task reports a problem at the property. */
  issue?: boolean;
  now?: Date;
}

/** A repair waiting for its owner's approval (issue 41 point 4): nobody is told to do it yet. */
const waiting = (task: Task | undefined): boolean => task?.approval?.status === 'pending';

export function taskEvents(before: Task | undefined, after: Task, context: TaskChangeContext): DomainEvent[] {
  const occurredAt = (context.now ?? new Date()).toISOString();
  const common = {
    companyId: context.companyId,
    occurredAt,
    taskId: after.id,
    title: after.title,
    type: after.type,
    propertyId: after.propertyId,
    actorUserId: context.actorUserId,
  };
  const events: DomainEvent[] = [];
  if (!before) {
    events.push(
      domainEvent('task.created', {
        ...common,
        status: after.status,
        assignedUserId: after.assignedUserId ?? null,
        dueDate: after.dueDate ?? null,
        issue: context.issue === true,
      }),
    );
    if (context.issue) {
      events.push(
        domainEvent('property.issue_reported', {
          companyId: context.companyId,
          occurredAt,
          taskId: after.id,
          propertyId: after.propertyId,
          title: after.title,
          description: after.description ?? null,
          reportedByUserId: context.actorUserId,
          ...(after.sourceTaskId ? { sourceTaskId: after.sourceTaskId } : {}),
          ...(after.urgency ? { urgency: after.urgency } : {}),
        }),
      );
    }
  }
  const assignee = after.assignedUserId ?? null;
  // Issue 41 point 4: while a repair waits for its owner its assignee is not told of it (nor of a
  // move, a reassignment or its cancellation); once it may go on (approved, or no longer needing
  // approval) the assignee is told as on an assignment.
  const held = waiting(after);
  const wasHeld = before !== undefined && waiting(before);
  const released = wasHeld && !held && (after.status === 'pending' || after.status === 'in_progress');
  if (assignee && !held && (released || assignee !== (before?.assignedUserId ?? null))) {
    events.push(
      domainEvent('task.assigned', {
        ...common,
        assignedUserId: assignee,
        previousAssignedUserId: released ? null : (before?.assignedUserId ?? null),
        dueDate: after.dueDate ?? null,
      }),
    );
  }
  const previousAssignee = before?.assignedUserId ?? null;
  if (before && previousAssignee && !assignee && !wasHeld) {
    events.push(domainEvent('task.unassigned', { ...common, previousAssignedUserId: previousAssignee, dueDate: after.dueDate ?? null }));
  }
  const cancelled = before !== undefined && after.status === 'cancelled' && before.status !== 'cancelled';
  if (cancelled && wasHeld) {
    // Declined by the owner, or called off while waiting: its assignee never heard of it.
  } else if (cancelled) {
    events.push(domainEvent('task.cancelled', { ...common, assignedUserId: assignee, dueDate: after.dueDate ?? null }));
  } else if (before && !held && !wasHeld && (before.dueDate ?? null) !== (after.dueDate ?? null) && after.status !== 'cancelled') {
    events.push(
      domainEvent('task.rescheduled', {
        ...common,
        assignedUserId: assignee,
        previousDueDate: before.dueDate ?? null,
        dueDate: after.dueDate ?? null,
      }),
    );
  }
  if (after.status === 'completed' && before?.status !== 'completed') {
    events.push(
      domainEvent('task.completed', {
        ...common,
        completedAt: after.completedAt ?? occurredAt,
        completedByUserId: assignee,
        dueDate: after.dueDate ?? null,
      }),
    );
  }
  return events;
}

/** The fields whose change a task.updated event names (as the public webhook's `changed`). */
const UPDATED_FIELDS = ['title', 'description', 'type', 'propertyId', 'status', 'assignedUserId', 'dueDate'] as const;

/**
 * task.updated for a change a person made to an existing task (the public webhook task.updated),
 * naming the fields whose value is new; nothing when no field of UPDATED_FIELDS changed. Kept apart
 * from taskEvents: the assignee and time notifications read those, and want no extra event.
 */
export function taskUpdatedEvents(before: Task, after: Task, context: TaskChangeContext): DomainEvent[] {
  const changed = UPDATED_FIELDS.filter((field) => (before[field] ?? null) !== (after[field] ?? null));
  if (changed.length === 0) return [];
  return [
    domainEvent('task.updated', {
      companyId: context.companyId,
      occurredAt: (context.now ?? new Date()).toISOString(),
      taskId: after.id,
      title: after.title,
      type: after.type,
      propertyId: after.propertyId,
      actorUserId: context.actorUserId,
      status: after.status,
      assignedUserId: after.assignedUserId ?? null,
      dueDate: after.dueDate ?? null,
      changed: [...changed],
    }),
  ];
}
