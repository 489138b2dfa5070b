// Who may do what with tasks, as the server enforces it (functions/routes.ts, update-task.ts):
// ceo and operational_manager create and edit any task; staff only change the status of the
// tasks assigned to them. Unknown roles count as staff (SPEC point 3).
import { normaliseRole } from '#shared/enums';
import type { Task } from '#shared/schemas';

export interface TaskActor {
  id: string;
  role: string | null | undefined;
}

export function canManageTasks(user: TaskActor | undefined): boolean {
  const role = normaliseRole(user?.role);
  return role === 'ceo' || role === 'operational_manager';
}

export function canEditTask(user: TaskActor | undefined, task: Pick<Task, 'assignedUserId'>): boolean {
  if (!user) return false;
  return canManageTasks(user) || task.assignedUserId === user.id;
}
