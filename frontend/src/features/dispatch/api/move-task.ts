import type { Task } from '#shared/schemas';
import { apiRequest } from '../../../lib/api-client';

/** Where a card goes: a member (null: unassigned) and a due instant. */
export interface MoveTarget {
  assignedUserId: string | null;
  dueDate: string;
}

/**
 * A move is the task editor's own update (PUT /api/tasks/{id} with the whole body), so the same
 * rules, history and notices apply. `If-Match` carries the version the board shows: a task someone
 * changed meanwhile (completed, reassigned…) answers 409 with `details.task`, and nothing is written.
 */
export function moveTask(task: Task, target: MoveTarget): Promise<Task> {
  const { type, title, description, propertyId, status } = task;
  return apiRequest<Task>(
    'PUT',
    `/api/tasks/${encodeURIComponent(task.id)}`,
    { type, title, description: description ?? null, propertyId, status, assignedUserId: target.assignedUserId, dueDate: target.dueDate },
    { 'If-Match': `"${task.updatedAt}"` },
  );
}
