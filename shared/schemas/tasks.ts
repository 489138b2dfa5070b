// Tasks: the record, the task form, problem reports from the field, the lists (all tasks, my tasks)
// and the dispatch board's week.
import * as z from 'zod/mini';
import { PROBLEM_URGENCIES, TASK_STATUSES, TASK_TYPES } from '../enums';
import { MAX_AMOUNT_CENTS } from '../money';
import { recordDate } from '../record-dates';
import { transformed, id, timestamp, requiredText, optionalText, recordDateTime, queryInteger, requiredIdOf, pageQuery } from './fields';

/** Builds a schema lazily enough for bundlers: fields.ts's `schema`, again here as esbuild honours the annotation only in its own module. */
const schema = /* @__NO_SIDE_EFFECTS__ */ <T>(build: () => T): T => build();

/** An inspection's recorded result (POST /api/tasks/{id}/inspection). */
export const inspectionResultSchema = schema(() => z.object({
  passed: z.boolean(),
  failedItemIds: z.array(z.string()),
  note: z.nullable(z.string()),
  recordedAt: timestamp,
  recordedBy: id,
}));
export type InspectionResult = z.infer<typeof inspectionResultSchema>;

/**
 * A cleaning's inspection: `pending` while its inspection task is open, `failed` once it failed
 * (the cleaning is open again: the failed items unticked, the note and photos here), `passed` when
 * the cleaning counts as inspected.
 */
export const cleaningInspectionSchema = schema(() => z.object({
  status: z.enum(['pending', 'failed', 'passed']),
  round: z.int(),
  inspectionTaskId: id,
  note: z.nullish(z.string()),
  failedItemIds: z.optional(z.array(z.string())),
  /** What the failed items said (their descriptions), for the cleaner's screen and notice. */
  failedItems: z.optional(z.array(z.string())),
  recordedAt: z.nullish(timestamp),
  recordedBy: z.nullish(id),
}));
export type CleaningInspection = z.infer<typeof cleaningInspectionSchema>;

/**
 * An amount of money in integer cents (issue 41 point 4: a repair's estimated cost, a property's
 * owner-approval limit): 0 to 99,999,999.99; null clears it. `error` names the message of anything else.
 */
export const centsField = (error: string) =>
  z.nullable(z.int({ error }).check(z.minimum(0, { error }), z.maximum(MAX_AMOUNT_CENTS, { error })));

/**
 * Repairs the owner pays for (issue 41 point 4; docs/owner-approvals.md): a maintenance task whose
 * estimatedCost is above its property's ownerApprovalLimit, at a property with an owner account,
 * waits for the owner (`pending`: it cannot be started or completed); `approved` lets it go on,
 * `declined` cancels it. `estimatedCost` is the amount asked about.
 */
export const APPROVAL_STATUSES = ['pending', 'approved', 'declined'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];
export const taskApprovalSchema = schema(() => z.object({
  status: z.enum(APPROVAL_STATUSES),
  requestedAt: timestamp,
  estimatedCost: z.int(),
  decidedAt: z.nullable(timestamp),
  /** The owner's user id. */
  decidedBy: z.nullable(id),
  /** The owner's note with the decision. */
  note: z.nullable(z.string()),
}));
export type TaskApproval = z.infer<typeof taskApprovalSchema>;

export const taskSchema = schema(() => z.object({
  id,
  type: z.enum(TASK_TYPES),
  title: z.string(),
  description: z.nullish(z.string()),
  propertyId: id,
  reservationId: z.nullish(id),
  assignedUserId: z.nullish(id),
  status: z._default(z.enum(TASK_STATUSES), 'pending'),
  dueDate: z.nullish(timestamp),
  completedAt: z.nullish(timestamp),
  /** The task's checklist (functions/checklists), and how many of its required items are still open. */
  checklistId: z.nullish(id),
  openRequiredItems: z.optional(z.int()),
  /** Time on task: when work first started (status in_progress), and the minutes from start to completion. */
  startedAt: z.nullish(timestamp),
  actualMinutes: z.nullish(z.int()),
  /** A work order reported from the field: the task it came from, and how urgent it is. */
  sourceTaskId: z.nullish(id),
  urgency: z.nullish(z.enum(PROBLEM_URGENCIES)),
  /**
   * An automatic turnover a manager should check: its stay is a Booking.com unavailable stretch
   * (a booking or a closure) or tentative. Cleared when the stay is confirmed.
   */
  reviewReason: z.nullish(z.enum(['booking_or_closure', 'tentative'])),
  /** A turnover whose guests said "we have left" through their stay's private link (issue 40 point 4): when. */
  guestLeftAt: z.nullish(timestamp),
  /**
   * Inspections (issue 40 point 2): an inspection task names the cleaning it inspects and its round
   * (1, 2, … per cleaning) and, once recorded, its result; a cleaning carries its latest round.
   */
  inspectsTaskId: z.nullish(id),
  inspectionRound: z.nullish(z.int()),
  inspectionResult: z.nullish(inspectionResultSchema),
  inspection: z.nullish(cleaningInspectionSchema),
  /** Issue 41 point 4: a maintenance task's estimated cost (integer cents), and the owner's approval when asked. */
  estimatedCost: z.nullish(z.int()),
  approval: z.nullish(taskApprovalSchema),
  createdAt: timestamp,
  updatedAt: timestamp,
}));
export type Task = z.infer<typeof taskSchema>;

export const taskBody = schema(() => z.object({
  type: z._default(z.enum(TASK_TYPES, { error: 'task.typeRequired' }), 'cleaning'),
  title: requiredText('task.titleRequired'),
  description: optionalText(5000, 'many'),
  propertyId: requiredIdOf('task.propertyRequired'),
  assignedUserId: transformed(z.nullish(z.string().check(z.maxLength(64))), (value) => value || null),
  status: z._default(z.enum(TASK_STATUSES), 'pending'),
  dueDate: transformed(z.nullish(recordDateTime), (value) => value ?? null),
  /**
   * Creation only: the task reports a problem at the property (e.g. a maintenance task for a
   * broken boiler), which notifies the CEO (property.issue_reported). Absent means false; it is
   * not stored on the task and updates ignore it.
   */
  issue: z.optional(z.boolean({ error: 'validation.invalid' })),
  /**
   * Issue 41 point 4: a maintenance task's estimated cost in integer cents; absent keeps the stored
   * value, null clears it. Above the property's ownerApprovalLimit the owner is asked first.
   */
  estimatedCost: z.optional(centsField('task.estimatedCostInvalid')),
}));
export type TaskBody = z.infer<typeof taskBody>;

/**
 * PUT /api/tasks/{id}: the form's fields, each optional. A field not sent keeps its stored value (a
 * script sending `{ "status": "completed" }` completes the task and changes nothing else; before,
 * an absent status read as `pending`, an absent assignee or due date as none); one sent empty is
 * refused as on creation; null clears what may be cleared. `type` and `status` are named again
 * without the form's defaults, which z.partial keeps. `issue` means something on creation only.
 */
export const taskUpdateBody = schema(() =>
  z.extend(z.partial(z.omit(taskBody, { issue: true })), {
    type: z.optional(z.enum(TASK_TYPES, { error: 'task.typeRequired' })),
    status: z.optional(z.enum(TASK_STATUSES)),
  }));
export type TaskUpdateBody = z.infer<typeof taskUpdateBody>;

/** POST /api/tasks/{id}/problems: a problem found while working a task becomes a work order. */
export const MAX_PROBLEM_PHOTOS = 10;
export const problemReportBody = schema(() => z.object({
  description: requiredText('problem.descriptionRequired', 5000, 'many'),
  urgency: z.enum(PROBLEM_URGENCIES, { error: 'problem.urgencyRequired' }),
  /** Photos uploaded through POST /api/objects/upload for the source task: object keys or their URLs. */
  photoKeys: z._default(
    z.array(z.string().check(z.minLength(1), z.maxLength(2048))).check(z.maxLength(MAX_PROBLEM_PHOTOS, { error: 'problem.tooManyPhotos' })),
    [],
  ),
}));
export type ProblemReportBody = z.infer<typeof problemReportBody>;

export const taskListQuery = schema(() => z.extend(pageQuery, {
  status: z.optional(z.enum(TASK_STATUSES)),
  type: z.optional(z.enum(TASK_TYPES)),
  propertyId: z.optional(z.string().check(z.maxLength(64))),
}));
export type TaskListQuery = z.infer<typeof taskListQuery>;

/** GET /api/me/tasks?days=7: today and the next days (company zone), 1 to 31 days. */
export const myTasksQuery = schema(() => z.object({
  days: z._default(queryInteger('myTasks.daysInvalid').check(z.minimum(1, { error: 'myTasks.daysInvalid' }), z.maximum(31, { error: 'myTasks.daysInvalid' })), 7),
}));
export type MyTasksQuery = z.infer<typeof myTasksQuery>;

/** GET /api/dispatch?week=YYYY-MM-DD: any date of the week (Monday start); absent: this week. */
/**
 * GET /api/dispatch: `view=week` the calendar week (Monday start) holding `week` (absent: this one);
 * `view=rolling` seven days from `from` (absent: today). No view: rolling when `from` is given, the
 * calendar week when `week` is, else rolling on a Saturday or Sunday (company time zone) and the
 * calendar week on weekdays.
 */
export const DISPATCH_VIEWS = ['week', 'rolling'] as const;
export type DispatchView = (typeof DISPATCH_VIEWS)[number];
export const dispatchQuery = schema(() => z.object({
  week: z.optional(recordDate()),
  from: z.optional(recordDate()),
  view: z.optional(z.enum(DISPATCH_VIEWS, { error: 'validation.invalid' })),
}));
export type DispatchQuery = z.infer<typeof dispatchQuery>;

/**
 * POST /api/tasks/{id}/inspection (issue 40 point 2): the inspector's result. A fail names the
 * failed checklist items (ids of the inspection's checklist, which are the cleaning's) and/or a note.
 */
export const MAX_INSPECTION_NOTE = 2000;
export const inspectionBody = schema(() => z.object({
  passed: z.boolean({ error: 'inspection.passedRequired' }),
  failedItemIds: z._default(
    z.array(z.string({ error: 'validation.invalid' }).check(z.minLength(1, { error: 'validation.invalid' }), z.maxLength(64, { error: 'validation.invalid' })), { error: 'validation.invalid' })
      .check(z.maxLength(100, { error: 'inspection.tooManyItems' })),
    [],
  ),
  note: optionalText(MAX_INSPECTION_NOTE, 'many'),
}));
export type InspectionBody = z.infer<typeof inspectionBody>;

// ---- Owner approvals (issue 41 point 4) ----

/** One repair waiting for the owner: GET /api/owner/approvals. */
export const ownerApprovalSchema = schema(() => z.object({
  taskId: id,
  propertyId: id,
  propertyName: z.string(),
  title: z.string(),
  description: z.nullable(z.string()),
  /** Integer cents. */
  estimatedCost: z.int(),
  requestedAt: timestamp,
  /** Presigned GET addresses of the task's photos, valid for a while. */
  photos: z.array(z.object({ url: z.string(), thumbnailUrl: z.nullable(z.string()) })),
}));
export type OwnerApproval = z.infer<typeof ownerApprovalSchema>;

export const ownerApprovalListSchema = schema(() => z.object({ items: z.array(ownerApprovalSchema) }));
export type OwnerApprovalList = z.infer<typeof ownerApprovalListSchema>;

/** POST /api/owner/approvals/{taskId}: the owner's decision, with a note (shown to the office; a decline's reason). */
export const MAX_APPROVAL_NOTE = 1000;
export const ownerApprovalDecisionBody = schema(() => z.object({
  approved: z.boolean({ error: 'approval.decisionRequired' }),
  note: optionalText(MAX_APPROVAL_NOTE, 'many'),
  /** Optional: the estimate (cents) the owner saw; when the office changed it meanwhile, 409 and nothing is decided. */
  estimatedCost: z.optional(z.int({ error: 'validation.invalid' })),
}));
export type OwnerApprovalDecisionBody = z.infer<typeof ownerApprovalDecisionBody>;
