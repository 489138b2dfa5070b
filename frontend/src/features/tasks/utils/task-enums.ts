// Guards for a task's type and status read from an address or a select. Kept apart from the task
// form (utils/task-form.ts, which brings zod, the shared schemas and react-hook-form's resolver), so
// the task list's first screen loads none of those.
import { TASK_STATUSES, TASK_TYPES, type TaskStatus, type TaskType } from '#shared/enums';

export function isTaskType(value: unknown): value is TaskType {
  return typeof value === 'string' && (TASK_TYPES as readonly string[]).includes(value);
}

export function isTaskStatus(value: unknown): value is TaskStatus {
  return typeof value === 'string' && (TASK_STATUSES as readonly string[]).includes(value);
}
