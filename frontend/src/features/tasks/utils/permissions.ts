// Who may do what with tasks, as the server enforces it (functions/routes.ts, update-task.ts):
// ceo and operational_manager create and edit any task; staff only change the status of the
// tasks assigned to them. Unknown roles count as staff (SPEC point 3).
import { isManagerRole } from '#shared/enums';
import type { Task } from '#shared/schemas';

export interface TaskActor {
  id: string;
  role: string | null | undefined;
}

export function canManageTasks(user: TaskActor | undefined): boolean {
  return isManagerRole(user?.role);
}

export function canEditTask(user: TaskActor | undefined, task: Pick<Task, 'assignedUserId'>): boolean {
  if (!user) return false;
  return canManageTasks(user) || task.assignedUserId === user.id;
}
