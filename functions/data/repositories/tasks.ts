import { ulid } from 'ulid';
import type { TaskStatus, TaskType } from '#shared/enums';
import { taskSchema, type Task, type TaskBody, type TaskListQuery } from '#shared/schemas';
import { BadRequestError, ConflictError, NotFoundError } from '#functions/lib/errors';
import { tableName } from '../client';
import { getItem, queryPage, transactWrite, type Page, type TransactItem } from '../db';
import { keys } from '../keys';
import { propertyExistsCheck } from './properties';
import { statsDelta, statusCounter, typeCounter } from './stats';
import { taskDayStatsUpdates } from './report-stats';

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
    add('taskCount', -1);
    add(statusCounter(before.status), -1);
    add(typeCounter(before.type), -1);
    if (before.status === 'completed' && wasOnTime(before)) add('completedOnTime', -1);
  }
  if (after) {
    add('taskCount', 1);
    add(statusCounter(after.status), 1);
    add(typeCounter(after.type), 1);
    if (after.status === 'completed' && wasOnTime(after)) add('completedOnTime', 1);
  }
  return deltas;
}

/** Who gets credit for a completed task: its assignee at completion. */
function completedCredit(task: Task | undefined): string | undefined {
  return task?.status === 'completed' ? (task.assignedUserId ?? undefined) : undefined;
}

function userCompletedDelta(companyId: string, userId: string, delta: number): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: keys.user(companyId, userId),
      UpdateExpression: 'ADD completedTasks :d',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':d': delta },
    },
  };
}

function userExistsCheck(companyId: string, userId: string): TransactItem {
  return {
    ConditionCheck: { TableName: tableName(), Key: keys.user(companyId, userId), ConditionExpression: 'attribute_exists(pk)' },
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
  options: { skipPropertyCheck?: boolean } = {},
) {
  const items: TransactItem[] = [];
  const errors: Array<() => Error> = [];
  items.push({
    Put: {
      TableName: tableName(),
      Item: taskItem(companyId, after),
      ConditionExpression: taskCondition.expression,
      ExpressionAttributeValues: taskCondition.values,
    },
  });
  errors.push(() => new ConflictError());
  if ((!before || before.propertyId !== after.propertyId) && !options.skipPropertyCheck) {
    items.push(propertyExistsCheck(companyId, after.propertyId));
    errors.push(() => new BadRequestError('error.badRequest', { propertyId: 'task.unknownProperty' }));
  }
  const creditBefore = completedCredit(before);
  const creditAfter = completedCredit(after);
  const touchedUsers = new Set<string>();
  if (creditBefore !== creditAfter) {
    if (creditBefore) {
      items.push(userCompletedDelta(companyId, creditBefore, -1));
      errors.push(() => new ConflictError());
      touchedUsers.add(creditBefore);
    }
    if (creditAfter) {
      items.push(userCompletedDelta(companyId, creditAfter, 1));
      errors.push(() => new BadRequestError('error.badRequest', { assignedUserId: 'task.unknownAssignee' }));
      touchedUsers.add(creditAfter);
    }
  }
  const assignee = after.assignedUserId;
  if (assignee && assignee !== before?.assignedUserId && !touchedUsers.has(assignee)) {
    items.push(userExistsCheck(companyId, assignee));
    errors.push(() => new BadRequestError('error.badRequest', { assignedUserId: 'task.unknownAssignee' }));
  }
  const stats = statsDelta(companyId, counterDeltas(before, after));
  if (stats) {
    items.push(stats);
    errors.push(() => new ConflictError());
  }
  // Per-day report counters (DAYSTATS#<day>): see report-stats.ts.
  for (const dayStats of taskDayStatsUpdates(companyId, before, after)) {
    items.push(dayStats);
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
      items.push({ Put: { TableName: tableName(), Item: { ...dueAfter, entity: 'taskDue', taskId: after.id, dueDate: after.dueDate } } });
      errors.push(() => new ConflictError());
    }
  }
  return { items, errorFor: (index: number) => (errors[index] ?? (() => new ConflictError()))() };
}

export async function createTask(companyId: string, body: TaskBody, now = new Date()): Promise<Task> {
  const createdAt = now.toISOString();
  const task: Task = {
    id: ulid(now.getTime()),
    type: body.type,
    title: body.title,
    description: body.description ?? null,
    propertyId: body.propertyId,
    reservationId: null,
    assignedUserId: body.assignedUserId ?? null,
    status: body.status,
    dueDate: body.dueDate ?? null,
    completedAt: body.status === 'completed' ? createdAt : null,
    createdAt,
    updatedAt: createdAt,
  };
  const { items, errorFor } = taskWrite(companyId, undefined, task, { expression: 'attribute_not_exists(pk)' });
  await transactWrite(items, errorFor);
  return task;
}

/**
 * Updates a task. The write is conditioned on the version read (updatedAt), so a concurrent edit
 * answers 409 instead of silently corrupting the counters.
 */
export async function updateTask(companyId: string, taskId: string, changes: Partial<TaskBody> & { reservationId?: string | null }, now = new Date()): Promise<Task> {
  const before = await requireTask(companyId, taskId);
  const updatedAt = now.toISOString() > before.updatedAt ? now.toISOString() : new Date(Date.parse(before.updatedAt) + 1).toISOString();
  const status: TaskStatus = changes.status ?? before.status;
  const after: Task = {
    ...before,
    ...Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined)),
    status,
    type: (changes.type ?? before.type) as TaskType,
    completedAt: status === 'completed' ? (before.status === 'completed' ? before.completedAt : updatedAt) : null,
    updatedAt,
  } as Task;
  // A checklist's required items must all be ticked before completion (functions/checklists). The
  // counter lives on the task item and every tick moves updatedAt, so the version condition below
  // also covers a tick that lands between this read and the write.
  const completing = status === 'completed' && before.status !== 'completed';
  const openRequired = before.openRequiredItems ?? 0;
  if (completing && openRequired > 0) throw new ConflictError('checklist.requiredItemsOpen', { count: openRequired });
  const { items, errorFor } = taskWrite(companyId, before, after, {
    expression: completing
      ? 'updatedAt = :version AND (attribute_not_exists(openRequiredItems) OR openRequiredItems <= :none)'
      : 'updatedAt = :version',
    values: completing ? { ':version': before.updatedAt, ':none': 0 } : { ':version': before.updatedAt },
  });
  await transactWrite(items, errorFor);
  return after;
}
