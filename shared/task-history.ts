// A task's history and time on task: pure rules shared by the server (which records them in the
// same transaction as each change) and the screens (which show them).
import type { TaskStatus } from './enums';
import type { Task } from './schemas';

export const TASK_HISTORY_ACTIONS = [
  'created',
  'assigned',
  'unassigned',
  'moved',
  'started',
  'completed',
  'reopened',
  'cancelled',
  'status_changed',
  'edited',
  'item_ticked',
  'item_unticked',
  'photo_added',
  'checklist_attached',
  'problem_reported',
  /** Issue 40: a cleaning's inspection asked for (on completion), and its result recorded (on both tasks). */
  'inspection_requested',
  'inspection_passed',
  'inspection_failed',
  /**
   * Issue 41 point 4 (repairs the owner pays for): the owner's approval asked for (details:
   * estimatedCost, limit), not asked because the property's owner has no portal account
   * (details: estimatedCost, limit), no longer needed (the estimate went down or off), and the
   * owner's decision (details: estimatedCost, note; a decline also cancels: its own entry).
   */
  'approval_requested',
  'approval_not_asked',
  'approval_withdrawn',
  'approval_approved',
  'approval_declined',
] as const;
export type TaskHistoryAction = (typeof TASK_HISTORY_ACTIONS)[number];

/** The actorUserId of changes the calendar sync made (events/catalogue.ts SYNC_ACTOR_ID; a test keeps them equal). */
export const CALENDAR_SYNC_ACTOR_ID = 'calendar-sync';

export type HistoryValue = string | number | boolean | null;

/** One field that changed: its value before and after. */
export interface TaskHistoryChange {
  field: string;
  from: HistoryValue;
  to: HistoryValue;
}

/** One recorded change of a task: who (a user id, or the calendar sync's actor id), when, what. */
export interface TaskHistoryEntry {
  id: string;
  taskId: string;
  at: string;
  actorUserId: string;
  action: TaskHistoryAction;
  changes: TaskHistoryChange[];
  /** What the action concerned: a checklist item, a photo, a work order, the task it came from. */
  details?: Record<string, HistoryValue>;
}

/** An entry before it is stored (the repository gives it its id and task). */
export type TaskHistoryDraft = Omit<TaskHistoryEntry, 'id' | 'taskId'>;

/** Long texts (descriptions) are kept in the history up to this many characters. */
export const HISTORY_TEXT_LIMIT = 500;

const clip = (value: unknown): HistoryValue => {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string') return value.length > HISTORY_TEXT_LIMIT ? `${value.slice(0, HISTORY_TEXT_LIMIT)}…` : value;
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  return String(value);
};

const isOpen = (status: TaskStatus | undefined) => status === 'pending' || status === 'in_progress';

/** The history action of a status change. */
export function statusAction(from: TaskStatus, to: TaskStatus): TaskHistoryAction {
  if (to === 'completed') return 'completed';
  if (to === 'cancelled') return 'cancelled';
  if (!isOpen(from)) return 'reopened';
  if (to === 'in_progress') return 'started';
  return 'status_changed';
}

const EDITED_FIELDS = ['title', 'description', 'type', 'propertyId', 'reservationId', 'estimatedCost'] as const;
const CREATED_FIELDS = ['title', 'type', 'propertyId', 'assignedUserId', 'status', 'dueDate', 'estimatedCost'] as const;

/**
 * The history entries of one task write, from the task before and after it (`before` undefined: a
 * creation). One entry per kind of change, so the screen reads "assigned to Ana", "moved from
 * Monday to Tuesday" and "completed" as separate lines; nothing when nothing a person sees changed.
 */
export function taskChangeEntries(before: Task | undefined, after: Task, actorUserId: string, at: string): TaskHistoryDraft[] {
  const entry = (action: TaskHistoryAction, changes: TaskHistoryChange[], details?: Record<string, HistoryValue>): TaskHistoryDraft => ({
    at,
    actorUserId,
    action,
    changes,
    ...(details ? { details } : {}),
  });
  const change = (field: string, from: unknown, to: unknown): TaskHistoryChange => ({ field, from: clip(from), to: clip(to) });
  if (!before) {
    const details: Record<string, HistoryValue> = {};
    if (after.reservationId) details.reservationId = after.reservationId;
    if (after.sourceTaskId) details.sourceTaskId = after.sourceTaskId;
    if (after.urgency) details.urgency = after.urgency;
    const changes = CREATED_FIELDS.filter((field) => after[field] != null).map((field) => change(field, null, after[field]));
    return [entry('created', changes, Object.keys(details).length ? details : undefined)];
  }
  const entries: TaskHistoryDraft[] = [];
  const assigneeBefore = before.assignedUserId ?? null;
  const assigneeAfter = after.assignedUserId ?? null;
  if (assigneeBefore !== assigneeAfter) {
    entries.push(entry(assigneeAfter ? 'assigned' : 'unassigned', [change('assignedUserId', assigneeBefore, assigneeAfter)]));
  }
  if ((before.dueDate ?? null) !== (after.dueDate ?? null)) {
    entries.push(entry('moved', [change('dueDate', before.dueDate, after.dueDate)]));
  }
  if (before.status !== after.status) {
    // Work done on a phone without signal and sent later: the entry is when the server got it, and
    // says when it was done (the task's startedAt / completedAt carry that time).
    const doneAt = after.status === 'completed' ? after.completedAt : after.status === 'in_progress' && !before.startedAt ? after.startedAt : null;
    const sentLater = doneAt && Date.parse(at) - Date.parse(doneAt) > SENT_LATER_MS;
    entries.push(entry(statusAction(before.status, after.status), [change('status', before.status, after.status)], sentLater ? { occurredAt: doneAt } : undefined));
  }
  const edited = EDITED_FIELDS.filter((field) => (before[field] ?? null) !== (after[field] ?? null)).map((field) =>
    change(field, before[field], after[field]),
  );
  if (edited.length) entries.push(entry('edited', edited));
  return entries;
}

// ---- Time on task -------------------------------------------------------------------------------

/** Whole minutes from start to completion, or null when either is unknown (or out of order). */
export function minutesBetween(startedAt: string | null | undefined, completedAt: string | null | undefined): number | null {
  if (!startedAt || !completedAt) return null;
  const ms = Date.parse(completedAt) - Date.parse(startedAt);
  if (!Number.isFinite(ms) || ms < 0) return null;
  return Math.round(ms / 60_000);
}

/** A change done more than this before the server got it was done offline and sent later. */
export const SENT_LATER_MS = 60_000;

/** How far back a phone may date work it did without signal (the Action-Age header). */
export const MAX_OFFLINE_MS = 48 * 3_600_000;

/**
 * When something a phone did offline happened: `received` (the server's time), or the time the phone
 * says (`claimed`), kept between `floor` (what came before it), MAX_OFFLINE_MS before `received`,
 * and `received` itself.
 */
export function offlineTime(floor: string, received: string, claimed?: string): string {
  if (!claimed) return received;
  const earliest = Math.max(Date.parse(floor), Date.parse(received) - MAX_OFFLINE_MS);
  const at = Math.min(Math.max(Date.parse(claimed), earliest), Date.parse(received));
  return Number.isFinite(at) ? new Date(at).toISOString() : received;
}

/** When a status change happened (offlineTime): no earlier than the task's creation, or its start for a completion. */
export function statusChangeTime(
  before: Pick<Task, 'createdAt' | 'startedAt'>,
  status: TaskStatus,
  received: string,
  claimed?: string,
): string {
  return offlineTime((status === 'completed' ? before.startedAt : null) ?? before.createdAt, received, claimed);
}

/**
 * startedAt, completedAt and actualMinutes of a task after a status change at `at`:
 * - work starts (in_progress) the first time: startedAt is set, and kept through a pause or reopen;
 * - back to pending: not started any more (startedAt cleared);
 * - completed: completedAt set (kept while it stays completed), actualMinutes from the start;
 * - reopened or cancelled: completedAt and actualMinutes cleared.
 */
export function timeOnTask(
  before: Pick<Task, 'status' | 'startedAt' | 'completedAt'> | undefined,
  status: TaskStatus,
  at: string,
): Pick<Task, 'startedAt' | 'completedAt' | 'actualMinutes'> {
  const previousStart = before?.startedAt ?? null;
  const startedAt = status === 'pending' ? null : status === 'in_progress' ? (previousStart ?? at) : previousStart;
  const completedAt = status === 'completed' ? (before?.status === 'completed' ? (before.completedAt ?? at) : at) : null;
  return { startedAt, completedAt, actualMinutes: status === 'completed' ? minutesBetween(startedAt, completedAt) : null };
}

/** A member's time on task, from the counters kept on their user item. */
export function memberDurations(user: { completedTasks?: number; timedTasks?: number; workedMinutes?: number }) {
  const timedTasks = Math.max(0, user.timedTasks ?? 0);
  const totalMinutes = Math.max(0, user.workedMinutes ?? 0);
  return {
    completedTasks: Math.max(0, user.completedTasks ?? 0),
    timedTasks,
    totalMinutes,
    averageMinutes: timedTasks ? Math.round(totalMinutes / timedTasks) : null,
  };
}

/** A duration as the screens show it: "45 min", "1 h 05 min" (the same in en, pt and es). */
export function formatDuration(minutes: number | null | undefined): string | undefined {
  if (minutes == null || !Number.isFinite(minutes) || minutes < 0) return undefined;
  const whole = Math.round(minutes);
  if (whole < 60) return `${whole} min`;
  return `${Math.floor(whole / 60)} h ${String(whole % 60).padStart(2, '0')} min`;
}
