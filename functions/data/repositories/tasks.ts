import { ulid } from 'ulid';
import type { TaskStatus, TaskType } from '#shared/enums';
import { taskSchema, type Task, type TaskApproval, type TaskBody, type TaskListQuery } from '#shared/schemas';
import { BadRequestError, ConflictError, NotFoundError } from '#functions/lib/errors';
import { tableName } from '../client';
import { getItem, queryPage, type Page, type TransactItem } from '../db';
import { keys } from '../keys';
import { outboxPut } from '../outbox';
import type { DomainEvent } from '../../../events/catalogue';
import { propertyExistsCheck } from './properties';
import { attentionEntryWrites, FIGURES_REVISION, statsDelta, taskCounterNames } from './stats';
import { taskDayStatsUpdates } from './report-stats';
import { statusChangeTime, taskChangeEntries, timeOnTask, type TaskHistoryDraft } from '#shared/task-history';
import { taskHistoryPuts } from './task-history';
import { assignedTaskWrites } from './assigned-tasks';
import { taskFollowUps } from './task-follow-ups';
import { writeMerged } from './transaction-merge';
import { approvalEntryWrites, approvalStep } from './task-approvals';

export async function getTask(companyId: string, taskId: string): Promise<Task | undefined> {
  return getItem<Task>(keys.task(companyId, taskId));
}

export async function requireTask(companyId: string, taskId: string): Promise<Task> {
  const task = await getTask(companyId, taskId);
  if (!task) throw new NotFoundError();
  return task;
}

/** Newest first. Each filter combination is served by its own index: no Scan, no filtering. */
/** What a task list reads of each item: the task and its photos, not the five index keys. */
const TASK_LIST_ATTRIBUTES: readonly string[] = [...Object.keys(taskSchema.shape), 'photos'];

export async function listTasks(companyId: string, query: TaskListQuery): Promise<Page<Task>> {
  const page = { limit: query.limit, cursor: query.cursor, newestFirst: true, attributes: TASK_LIST_ATTRIBUTES };
  if (query.propertyId) {
    return queryPage<Task>({ ...page, index: 'gsi4', partition: keys.tasksByProperty(companyId, query.propertyId), beginsWith: 'TASK#',
      filter: filterFor(query) });
  }
  if (query.status && query.type) {
    return queryPage<Task>({ ...page, index: 'gsi3', partition: keys.tasksByStatusAndType(companyId, query.status, query.type) });
  }
  if (query.status) return queryPage<Task>({ ...page, index: 'gsi1', partition: keys.tasksByStatus(companyId, query.status) });
  if (query.type) return queryPage<Task>({ ...page, index: 'gsi2', partition: keys.tasksByType(companyId, query.type) });
  return queryPage<Task>({ ...page, partition: keys.companyPartition(companyId), beginsWith: keys.taskPrefix });
}

/** A property's tasks are few; status/type narrow them with a filter on that small partition. */
function filterFor(query: TaskListQuery) {
  const clauses: string[] = [];
  const names: Record<string, string> = {};
  const values: Record<string, string> = {};
  if (query.status) {
    clauses.push('#status = :status');
    names['#status'] = 'status';
    values[':status'] = query.status;
  }
  if (query.type) {
    clauses.push('#type = :type');
    names['#type'] = 'type';
    values[':type'] = query.type;
  }
  return clauses.length
    ? { FilterExpression: clauses.join(' AND '), ExpressionAttributeNames: names, ExpressionAttributeValues: values }
    : undefined;
}

export async function recentTasks(companyId: string, limit = 5): Promise<Task[]> {
  const page = await queryPage<Task>({
    partition: keys.companyPartition(companyId),
    beginsWith: keys.taskPrefix,
    limit,
    newestFirst: true,
  });
  return page.items;
}

function taskItem(companyId: string, task: Task): Record<string, unknown> {
  return { ...keys.task(companyId, task.id), ...keys.taskIndexes(companyId, task), entity: 'task', ...task };
}

const wasOnTime = (task: Pick<Task, 'completedAt' | 'dueDate'>) =>
  !task.dueDate || (task.completedAt != null && task.completedAt <= task.dueDate);

/** Counter deltas between two versions of a task (either may be absent). */
function counterDeltas(before: Task | undefined, after: Task | undefined): Record<string, number> {
  const deltas: Record<string, number> = {};
  const add = (name: string, delta: number) => (deltas[name] = (deltas[name] ?? 0) + delta);
  if (before) {
    for (const name of taskCounterNames(before)) add(name, -1);
    if (before.status === 'completed' && wasOnTime(before)) add('completedOnTime', -1);
  }
  if (after) {
    for (const name of taskCounterNames(after)) add(name, 1);
    if (after.status === 'completed' && wasOnTime(after)) add('completedOnTime', 1);
  }
  return deltas;
}

/** Who gets credit for a completed task: its assignee at completion. */
function completedCredit(task: Task | undefined): string | undefined {
  return task?.status === 'completed' ? (task.assignedUserId ?? undefined) : undefined;
}

/** A member's counters of completed tasks and time on task (completedTasks, timedTasks, workedMinutes). */
interface CreditDelta {
  completed: number;
  timed: number;
  minutes: number;
}

/** What a version of a task adds to its assignee's counters (sign -1: what it takes back). */
function creditOf(task: Task | undefined, sign: 1 | -1): [string, CreditDelta] | undefined {
  const userId = completedCredit(task);
  if (!userId || !task) return undefined;
  const minutes = task.actualMinutes;
  const timed = typeof minutes === 'number' && minutes >= 0;
  return [userId, { completed: sign, timed: timed ? sign : 0, minutes: timed ? sign * minutes : 0 }];
}

function userCreditDelta(companyId: string, userId: string, delta: CreditDelta): TransactItem {
  const parts: string[] = [];
  const values: Record<string, number> = {};
  if (delta.completed) {
    parts.push('completedTasks :d');
    values[':d'] = delta.completed;
  }
  if (delta.timed) {
    parts.push('timedTasks :t');
    values[':t'] = delta.timed;
  }
  if (delta.minutes) {
    parts.push('workedMinutes :m');
    values[':m'] = delta.minutes;
  }
  return {
    Update: {
      TableName: tableName(),
      Key: keys.user(companyId, userId),
      UpdateExpression: `ADD ${parts.join(', ')}`,
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: values,
    },
  };
}

/** The assignee is a member of the company (an owner, issue 41, is not one: they do no tasks). */
function userExistsCheck(companyId: string, userId: string): TransactItem {
  return {
    ConditionCheck: {
      TableName: tableName(),
      Key: keys.user(companyId, userId),
      ConditionExpression: 'attribute_exists(pk) AND #role <> :owner',
      ExpressionAttributeNames: { '#role': 'role' },
      ExpressionAttributeValues: { ':owner': 'owner' },
    },
  };
}

/** The task's entry on its property's calendar (keys.taskDue), when it has a due date. */
function dueEntryKey(companyId: string, task: Task | undefined) {
  return task?.dueDate ? keys.taskDue(companyId, task.propertyId, task.dueDate, task.id) : undefined;
}

/**
 * Builds the transaction for a task write: the task itself (guarded by `taskCondition`), checks that
 * the property and assignee belong to the company, counter deltas, completed-task credit, and the
 * task's due-date entry on its property's calendar. Returns the items and a function that names
 * the error for a failed condition. `skipPropertyCheck`: the caller's own transaction already
 * checks the property (one transaction may touch an item once).
 */
export function taskWrite(
  companyId: string,
  before: Task | undefined,
  after: Task,
  taskCondition: { expression: string; values?: Record<string, unknown> },
  options: {
    skipPropertyCheck?: boolean;
    /**
     * Who made the change (a user id, or SYNC_ACTOR_ID for the calendar sync): the task's history
     * records it in this transaction (taskChangeEntries of shared/task-history.ts).
     */
    actorUserId?: string;
    /** More history entries of the same write (a problem reported, a photo added). */
    history?: readonly TaskHistoryDraft[];
  } = {},
) {
  const items: TransactItem[] = [];
  const errors: Array<() => Error> = [];
  // Checklist ticks move the open-required counter on this item without moving its version
  // (repositories/checklists.ts), and this Put writes the counter as read: it holds only while the
  // counter is still that value, so a tick landing in between is never overwritten.
  // The same for photos (repositories/task-photos.ts appends them without moving the version): the
  // Put writes the list as read, so it holds only while the task has as many photos as read.
  const read = before as (Task & { openRequiredItems?: number; photoKeys?: unknown[] }) | undefined;
  const guards: string[] = [];
  const guardValues: Record<string, unknown> = {};
  if (read) {
    if (read.openRequiredItems === undefined) guards.push('attribute_not_exists(openRequiredItems)');
    else {
      guards.push('openRequiredItems = :openRequiredRead');
      guardValues[':openRequiredRead'] = read.openRequiredItems;
    }
    if (!Array.isArray(read.photoKeys)) guards.push('attribute_not_exists(photoKeys)');
    else {
      guards.push('size(photoKeys) = :photoCountRead');
      guardValues[':photoCountRead'] = read.photoKeys.length;
    }
  }
  items.push({
    Put: {
      TableName: tableName(),
      Item: taskItem(companyId, after),
      ConditionExpression: guards.length ? `(${taskCondition.expression}) AND ${guards.join(' AND ')}` : taskCondition.expression,
      ExpressionAttributeValues: Object.keys(guardValues).length ? { ...taskCondition.values, ...guardValues } : taskCondition.values,
    },
  });
  errors.push(() => new ConflictError());
  if ((!before || before.propertyId !== after.propertyId) && !options.skipPropertyCheck) {
    items.push(propertyExistsCheck(companyId, after.propertyId));
    errors.push(() => new BadRequestError('error.badRequest', { propertyId: 'task.unknownProperty' }));
  }
  // Completed-task credit and time on task, per member: what the old version gave is taken back,
  // what the new one gives is added (one Update per member whose counters move).
  const credits = new Map<string, CreditDelta>();
  for (const credit of [creditOf(before, -1), creditOf(after, 1)]) {
    if (!credit) continue;
    const [userId, delta] = credit;
    const sum = credits.get(userId) ?? { completed: 0, timed: 0, minutes: 0 };
    credits.set(userId, { completed: sum.completed + delta.completed, timed: sum.timed + delta.timed, minutes: sum.minutes + delta.minutes });
  }
  const touchedUsers = new Set<string>();
  for (const [userId, delta] of credits) {
    if (!delta.completed && !delta.timed && !delta.minutes) continue;
    items.push(userCreditDelta(companyId, userId, delta));
    // A member newly credited who is not in the company: a bad assignee; anything else: a race.
    const newlyCredited = userId === completedCredit(after) && userId !== completedCredit(before);
    errors.push(() => (newlyCredited ? new BadRequestError('error.badRequest', { assignedUserId: 'task.unknownAssignee' }) : new ConflictError()));
    touchedUsers.add(userId);
  }
  const assignee = after.assignedUserId;
  if (assignee && assignee !== before?.assignedUserId && !touchedUsers.has(assignee)) {
    items.push(userExistsCheck(companyId, assignee));
    errors.push(() => new BadRequestError('error.badRequest', { assignedUserId: 'task.unknownAssignee' }));
  }
  // Per-day report counters (DAYSTATS#<day>, see report-stats.ts) and the open tasks that are
  // overdue-able or urgent (the dashboard's urgent count, stats.ts).
  const dayStatsUpdates = taskDayStatsUpdates(companyId, before, after);
  const attentionWrites = attentionEntryWrites(companyId, before, after);
  const deltas = counterDeltas(before, after);
  // Any of them moving changes an input of the dashboard's figures: their revision moves with it.
  if (dayStatsUpdates.length || attentionWrites.length || Object.values(deltas).some((delta) => delta !== 0)) deltas[FIGURES_REVISION] = 1;
  const stats = statsDelta(companyId, deltas);
  if (stats) {
    items.push(stats);
    errors.push(() => new ConflictError());
  }
  for (const dayStats of dayStatsUpdates) {
    items.push(dayStats);
    errors.push(() => new ConflictError());
  }
  for (const entry of attentionWrites) {
    items.push(entry);
    errors.push(() => new ConflictError());
  }
  // The property calendar's due-date entry follows the due date and the property.
  const dueBefore = dueEntryKey(companyId, before);
  const dueAfter = dueEntryKey(companyId, after);
  if (dueBefore?.sk !== dueAfter?.sk) {
    if (dueBefore) {
      items.push({ Delete: { TableName: tableName(), Key: dueBefore } });
      errors.push(() => new ConflictError());
    }
    if (dueAfter) {
      items.push({ Put: { TableName: tableName(), Item: { ...dueAfter, ...keys.tasksDueIndex(companyId, after.dueDate!, after.id), entity: 'taskDue', taskId: after.id, dueDate: after.dueDate } } });
      errors.push(() => new ConflictError());
    }
  }
  // The assignee's own list entry follows assignee, status and due date (repositories/assigned-tasks.ts).
  for (const entry of assignedTaskWrites(companyId, before, after)) {
    items.push(entry);
    errors.push(() => new ConflictError());
  }
  // A repair waiting for its owner is on their list (issue 41 point 4; repositories/task-approvals.ts).
  for (const entry of approvalEntryWrites(companyId, before, after)) {
    items.push(entry);
    errors.push(() => new ConflictError());
  }
  // The task's history, in the same transaction as the change.
  const history = [
    ...(options.actorUserId ? taskChangeEntries(before, after, options.actorUserId, after.updatedAt) : []),
    ...(options.history ?? []),
  ];
  for (const put of taskHistoryPuts(companyId, after.id, history)) {
    items.push(put);
    errors.push(() => new ConflictError());
  }
  return { items, errorFor: (index: number) => (errors[index] ?? (() => new ConflictError()))() };
}

export async function createTask(
  companyId: string,
  body: TaskBody,
  now = new Date(),
  actorUserId?: string,
  /** A ready id, where the task starts (a work order reported from a task), and its photos. */
  extra: Pick<Task, 'sourceTaskId' | 'urgency'> & { id?: string; photos?: unknown[]; photoKeys?: string[] } = {},
  /** More items of the same transaction on other items (the task a problem was reported from). */
  more?: {
    items: TransactItem[];
    errorFor?: (index: number) => Error;
    history?: TaskHistoryDraft[];
    /** The domain events of the creation, written in its transaction (functions/data/outbox.ts). */
    events?: (task: Task) => readonly DomainEvent[];
    /** These items already check the task's property (a transaction touches an item once). */
    checksProperty?: boolean;
  },
): Promise<Task> {
  const createdAt = now.toISOString();
  const task: Task = {
    id: extra.id ?? ulid(now.getTime()),
    type: body.type,
    title: body.title,
    description: body.description ?? null,
    propertyId: body.propertyId,
    reservationId: null,
    assignedUserId: body.assignedUserId ?? null,
    status: body.status,
    dueDate: body.dueDate ?? null,
    ...timeOnTask(undefined, body.status, createdAt),
    ...(extra.sourceTaskId ? { sourceTaskId: extra.sourceTaskId } : {}),
    ...(extra.urgency ? { urgency: extra.urgency } : {}),
    ...(body.estimatedCost != null ? { estimatedCost: body.estimatedCost } : {}),
    createdAt,
    updatedAt: createdAt,
  };
  // A repair above its property's owner-approval limit waits for the owner (issue 41 point 4).
  const approval = await approvalStep(companyId, undefined, task, actorUserId, now);
  const stored = extra.photos?.length ? { ...approval.task, photos: extra.photos, photoKeys: extra.photoKeys ?? [] } : approval.task;
  const { items, errorFor } = taskWrite(companyId, undefined, stored as Task, { expression: 'attribute_not_exists(pk)' }, {
    actorUserId,
    history: [...(more?.history ?? []), ...approval.history],
    skipPropertyCheck: more?.checksProperty === true,
  });
  // Items of the same transaction on other items (the task a problem was reported from): after ours.
  const events = [...(more?.events ? more.events(stored as Task) : []), ...approval.events];
  const outbox = events.length ? outboxPut(events, now) : undefined;
  // A cleaning or inspection stores its property's readiness in the same transaction (issue 40).
  const followUps = await taskFollowUps(companyId, undefined, stored as Task, now, actorUserId, taskWrite);
  // Retried when cancelled by another transaction on a shared counter item (STATS, a day's counters).
  await writeMerged([
    { items, errorFor },
    { items: [...(more?.items ?? []), ...(outbox ? [outbox] : [])], errorFor: (index) => more?.errorFor?.(index) ?? new NotFoundError() },
    followUps,
  ]);
  return stored as Task;
}

/**
 * Updates a task. The write is conditioned on the version read (updatedAt), so a concurrent edit
 * answers 409 instead of silently corrupting the counters.
 */
export async function updateTask(
  companyId: string,
  taskId: string,
  /** `approval`: the owner's decision (issue 41 point 4; functions/approvals), on a task whose approval is pending. */
  changes: Partial<TaskBody> & { reservationId?: string | null; approval?: TaskApproval | null },
  now = new Date(),
  actorUserId?: string,
  /** Extra conditions on the version read (e.g. a staff member's write needs the task still theirs). */
  guard?: (current: Task) => void,
  /** The domain events of the change (from the version it replaces), written in its transaction. */
  events?: (before: Task, after: Task) => readonly DomainEvent[],
  /** When the phone says a status change was done, offline (Action-Age); `now` when not said. */
  occurredAt?: Date,
): Promise<Task> {
  const before = await requireTask(companyId, taskId);
  guard?.(before);
  const updatedAt = now.toISOString() > before.updatedAt ? now.toISOString() : new Date(Date.parse(before.updatedAt) + 1).toISOString();
  const status: TaskStatus = changes.status ?? before.status;
  const changed: Task = {
    ...before,
    ...Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined)),
    status,
    type: (changes.type ?? before.type) as TaskType,
    ...timeOnTask(before, status, statusChangeTime(before, status, updatedAt, occurredAt?.toISOString())),
    updatedAt,
  } as Task;
  // Issue 41 point 4: the owner's approval asked, withdrawn or decided; 409 starting or completing a repair still waiting.
  const approval = await approvalStep(companyId, before, changed, actorUserId, now);
  const after = approval.task;
  // A checklist's required items must all be ticked before completion (functions/checklists). The
  // counter lives on the task item, and taskWrite conditions the write on the counter read, so a
  // tick that lands between this read and the write fails it (409) instead of being lost.
  const completing = status === 'completed' && before.status !== 'completed';
  const openRequired = before.openRequiredItems ?? 0;
  if (completing && openRequired > 0) throw new ConflictError('checklist.requiredItemsOpen', { count: openRequired });
  const replaced = await replacedTurnoverGuard(companyId, before, status);
  // Issue 40: a completed cleaning's inspection and the property's readiness, in this transaction.
  const followUps = await taskFollowUps(companyId, before, after, now, actorUserId, taskWrite);
  const written = followUps.after;
  const { items, errorFor } = taskWrite(companyId, before, written, {
    expression: completing
      ? 'updatedAt = :version AND (attribute_not_exists(openRequiredItems) OR openRequiredItems <= :none)'
      : 'updatedAt = :version',
    values: completing ? { ':version': before.updatedAt, ':none': 0 } : { ':version': before.updatedAt },
  }, { actorUserId, history: approval.history });
  const allEvents = [...(events ? events(before, written) : []), ...followUps.events, ...approval.events];
  const outbox = allEvents.length ? outboxPut(allEvents, now) : undefined;
  const extra = [...(replaced ? [replaced] : []), ...(outbox ? [outbox] : [])];
  await writeMerged([{ items, errorFor }, { items: extra, errorFor: () => new ConflictError() }, followUps]);
  return written;
}

/**
 * A completed turnover reopened: when its stay's check-out moved after it was done, the stay got a
 * new turnover (functions/reservations/turnovers.ts), and reopening the old one would give the
 * property two open cleanings for one check-out. While the new one is open, that is refused (409,
 * naming it in `details.replacementTaskId`). Otherwise the reopen is conditioned on the stay still naming this
 * task, so a replacement written meanwhile fails one of the two writes.
 */
async function replacedTurnoverGuard(companyId: string, before: Task, status: TaskStatus): Promise<TransactItem | undefined> {
  const reopening = before.status === 'completed' && (status === 'pending' || status === 'in_progress');
  if (!reopening || before.type !== 'cleaning' || !before.reservationId) return undefined;
  const key = keys.reservation(companyId, before.reservationId);
  const stay = await getItem<{ turnoverTaskId?: string | null }>(key, { consistent: true });
  if (!stay?.turnoverTaskId) return undefined;
  if (stay.turnoverTaskId !== before.id) {
    // A replacement that is itself done or cancelled leaves no open cleaning: the reopen may go ahead.
    const replacement = await getTask(companyId, stay.turnoverTaskId);
    if (replacement?.status !== 'pending' && replacement?.status !== 'in_progress') return undefined;
    throw Object.assign(new ConflictError('task.turnoverReplaced'), { code: 'turnover_replaced', details: { replacementTaskId: stay.turnoverTaskId } });
  }
  return {
    ConditionCheck: {
      TableName: tableName(),
      Key: key,
      ConditionExpression: 'turnoverTaskId = :task',
      ExpressionAttributeValues: { ':task': before.id },
    },
  };
}
