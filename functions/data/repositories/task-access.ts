// Who may work a task: the CEO and managers any task of their company; staff only the tasks
// assigned to them, and not one the office cancelled. Every task write route checks it.
import { isManagerRole, type Role } from '#shared/enums';
import type { Task } from '#shared/schemas';
import { ConflictError, ForbiddenError } from '#functions/lib/errors';

export interface TaskWorker {
  userId: string;
  role: Role;
}

export function mayWorkTask(worker: TaskWorker, task: Pick<Task, 'assignedUserId'>): boolean {
  return isManagerRole(worker.role) || task.assignedUserId === worker.userId;
}

/** 403 for a staff member on someone else's task; 409 for a staff member on a cancelled task. */
export function assertMayWorkTask(worker: TaskWorker, task: Pick<Task, 'assignedUserId' | 'status'>): void {
  if (!mayWorkTask(worker, task)) throw new ForbiddenError();
  if (!isManagerRole(worker.role) && task.status === 'cancelled') throw new ConflictError('task.cancelledForStaff');
}
