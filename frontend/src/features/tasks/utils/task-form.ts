// The task dialog's form values and how they become the request body (validated by the same zod
// schema as the server: shared/schemas.ts `taskBody`).
import type { TaskStatus, TaskType } from '#shared/enums';
import type { UseFormReturn } from 'react-hook-form';
import { taskBody, type Task, type TaskBody } from '#shared/schemas';
import * as z from 'zod/mini';
import { mappedSchema } from '../../../lib/forms/schema-resolver';
import { centsText, typedCents } from '../../owner-portal/utils/typed-cents';
import { fromDateTimeLocal, toDateTimeLocal } from './datetime';

export interface TaskFormValues {
  type: TaskType | '';
  title: string;
  description: string;
  propertyId: string;
  /** '' = Unassigned. */
  assignedUserId: string;
  status: TaskStatus;
  /** The `datetime-local` value; '' = no due date. */
  dueDate: string;
  /**
   * Creating only: the task reports a problem at the property, which notifies the CEO
   * (`issue` of taskBody, the property.issue_reported event). Not stored on the task.
   */
  issue: boolean;
  /**
   * A maintenance task's estimated cost as typed ("1.250,00"); '' = none. Above the property's
   * owner-approval limit the owner is asked first (issue 41 point 4). Sent in cents.
   */
  estimatedCost: string;
}

export type TaskFormField = keyof TaskFormValues;

export const TASK_FORM_FIELDS: readonly TaskFormField[] = ['type', 'title', 'description', 'propertyId', 'assignedUserId', 'status', 'dueDate', 'issue', 'estimatedCost'];

/** SPEC: type cleaning and status pending by default. The due date is shown in `timeZone` (the company's). */
export function initialTaskForm(task?: Task, defaults: Partial<TaskFormValues> = {}, timeZone?: string): TaskFormValues {
  if (!task) {
    return { type: 'cleaning', title: '', description: '', propertyId: '', assignedUserId: '', status: 'pending', dueDate: '', issue: false, estimatedCost: '', ...defaults };
  }
  return {
    type: task.type,
    title: task.title,
    description: task.description ?? '',
    propertyId: task.propertyId,
    assignedUserId: task.assignedUserId ?? '',
    status: task.status,
    dueDate: toDateTimeLocal(task.dueDate, timeZone),
    issue: false,
    estimatedCost: centsText(task.estimatedCost),
  };
}

/**
 * The body to send. The due date typed in is the wall clock of `timeZone` (the company's: a manager
 * abroad plans in the company's time); an untouched one keeps the stored timestamp (the input has no
 * seconds).
 * `statusOnly` (staff): every field but the status is sent exactly as stored, as the server demands.
 * `issue` is sent only when a new task reports a problem at the property.
 */
export function taskFormToBody(values: TaskFormValues, original?: Task, statusOnly = false, timeZone?: string): Record<string, unknown> {
  if (original && statusOnly) {
    return {
      type: original.type,
      title: original.title,
      description: original.description ?? null,
      propertyId: original.propertyId,
      assignedUserId: original.assignedUserId ?? null,
      status: values.status,
      dueDate: original.dueDate ?? null,
    };
  }
  const dueUnchanged = original && values.dueDate === toDateTimeLocal(original.dueDate, timeZone);
  return {
    type: values.type || undefined,
    title: values.title,
    description: values.description.trim() ? values.description : null,
    propertyId: values.propertyId,
    assignedUserId: values.assignedUserId || null,
    status: values.status,
    dueDate: dueUnchanged ? (original.dueDate ?? null) : fromDateTimeLocal(values.dueDate, timeZone),
    // Only a new task reports an issue (updates ignore the flag).
    ...(!original && values.issue ? { issue: true } : {}),
    // Only maintenance carries an estimate; the text is read into cents by the schema (typedCents).
    ...(values.type === 'maintenance' ? { estimatedCost: values.estimatedCost } : {}),
  };
}

/**
 * The dialog's schema: the form's values made into the body (taskFormToBody), checked by `taskBody`.
 * The resolver hands the submit handler the body as the server parses it.
 */
export function taskFormSchema(original?: Task, statusOnly = false, timeZone?: string) {
  return mappedSchema(taskBody, (values: TaskFormValues) => taskFormToBody(values, original, statusOnly, timeZone), {
    // Absent (not maintenance, or staff changing the status) keeps the stored estimate.
    estimatedCost: z.optional(typedCents('task.estimatedCostInvalid')) as unknown as z.ZodMiniType<number | null | undefined, string>,
  });
}

/** The dialog's form (useSchemaForm on taskFormSchema): the values it holds, the body it submits. */
export type TaskForm = UseFormReturn<TaskFormValues, unknown, TaskBody>;
