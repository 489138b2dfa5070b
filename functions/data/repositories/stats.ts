// Company counters: one item per company, changed inside the same transaction as the write that
// changes what it counts, so reading the dashboard or plan usage is one GetItem at any size.
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { TASK_STATUSES, TASK_TYPES, type TaskStatus, type TaskType } from '#shared/enums';
import { isOpenTask } from '#shared/rules';
import type { Task } from '#shared/schemas';
import { getItem, getItems, type TransactItem } from '../db';
import { db, tableName } from '../client';
import { keys, type Key } from '../keys';
import { paidCentsFromItem } from './revenue';
import { scopeItems } from './report-stats';
import { scopedPropertyIds } from '../property-scope';

export interface CompanyStats {
  propertyCount: number;
  userCount: number;
  taskCount: number;
  tasksByStatus: Record<TaskStatus, number>;
  tasksByType: Record<TaskType, number>;
  /** Tasks by status and type together (counted since this counter exists; see taskCounterNames). */
  tasksByStatusAndType: Record<string, number>;
  /** Completed tasks that were completed by their due date (or had none). */
  completedOnTime: number;
}

/**
 * The dashboard figures' revision (functions/dashboard/figures-cache.ts): every write that changes
 * an input of the figures (these counters, the attention entries, the day items' completions and
 * properties added, a month's paid revenue) adds 1 to it in its own transaction, so a process may
 * keep the figures it computed while the revision it read them at is still the item's.
 */
export const FIGURES_REVISION = 'figuresRevision';

/** The revision a stats item is at (0 before any write bumped it). */
export function figuresRevisionOf(item: Record<string, unknown> | undefined): number {
  return Number(item?.[FIGURES_REVISION] ?? 0);
}

/** A transaction item that only bumps the figures' revision (a write that has no counter of its own here). */
export function figuresRevisionBump(companyId: string): TransactItem {
  return statsDelta(companyId, { [FIGURES_REVISION]: 1 })!;
}

export const statusCounter = (status: TaskStatus) => `status_${status}`;
export const typeCounter = (type: TaskType) => `type_${type}`;
export const statusTypeCounter = (status: TaskStatus, type: TaskType) => `st_${status}_${type}`;

/** The counters one version of a task adds to (taskCount, its status, its type, both together). */
export function taskCounterNames(task: Pick<Task, 'status' | 'type'>): string[] {
  return ['taskCount', statusCounter(task.status), typeCounter(task.type), statusTypeCounter(task.status, task.type)];
}

export function emptyStatsItem(companyId: string): Record<string, unknown> {
  const item: Record<string, unknown> = {
    ...keys.companyStats(companyId),
    entity: 'stats',
    propertyCount: 0,
    userCount: 0,
    taskCount: 0,
    completedOnTime: 0,
  };
  for (const status of TASK_STATUSES) item[statusCounter(status)] = 0;
  for (const type of TASK_TYPES) item[typeCounter(type)] = 0;
  for (const status of TASK_STATUSES) for (const type of TASK_TYPES) item[statusTypeCounter(status, type)] = 0;
  return item;
}

export async function getStats(companyId: string): Promise<CompanyStats> {
  const scope = scopedPropertyIds();
  if (scope) return scopedStats(companyId, scope);
  return statsFromItem(await getItem<Record<string, unknown>>(keys.companyStats(companyId)));
}

/**
 * The counters of a property scope (issue 41): its properties and their tasks (report-stats.ts
 * scopeItems), counted as the company's counters count (members stay the company's).
 */
export async function scopedStats(companyId: string, scope: ReadonlySet<string>): Promise<CompanyStats> {
  const [items, company] = await Promise.all([scopeItems(companyId, scope), getItem<Record<string, unknown>>(keys.companyStats(companyId))]);
  const item: Record<string, unknown> = { userCount: Number(company?.userCount ?? 0), propertyCount: items.properties.length };
  const add = (name: string) => {
    item[name] = Number(item[name] ?? 0) + 1;
  };
  for (const task of items.tasks) {
    for (const name of taskCounterNames(task)) add(name);
    if (task.status === 'completed' && (!task.dueDate || (task.completedAt != null && task.completedAt <= task.dueDate))) add('completedOnTime');
  }
  return statsFromItem(item);
}

/** The counters and a month's paid revenue (cents) in one BatchGetItem: the dashboard's whole read. */
export async function getStatsAndPaidRevenue(companyId: string, month: string): Promise<{ stats: CompanyStats; paidCents: number }> {
  const [statsItem, revenueItem] = await getItems([keys.companyStats(companyId), keys.monthlyRevenue(companyId, month)]);
  return { stats: statsFromItem(statsItem), paidCents: paidCentsFromItem(revenueItem) };
}

/** The counters of a stats item; absent counters are zero. */
export function statsFromItem(item: Record<string, unknown> | undefined): CompanyStats {
  const raw = item ?? {};
  const n = (name: string) => Number(raw[name] ?? 0);
  return {
    propertyCount: n('propertyCount'),
    userCount: n('userCount'),
    taskCount: n('taskCount'),
    tasksByStatus: Object.fromEntries(TASK_STATUSES.map((s) => [s, n(statusCounter(s))])) as Record<TaskStatus, number>,
    tasksByType: Object.fromEntries(TASK_TYPES.map((t) => [t, n(typeCounter(t))])) as Record<TaskType, number>,
    tasksByStatusAndType: Object.fromEntries(
      TASK_STATUSES.flatMap((status) => TASK_TYPES.map((type) => [`${status}_${type}`, n(statusTypeCounter(status, type))])),
    ),
    completedOnTime: n('completedOnTime'),
  };
}

/** A transaction item that adds the given (non-zero) deltas to the counters. */
export function statsDelta(companyId: string, deltas: Record<string, number>): TransactItem | undefined {
  const entries = Object.entries(deltas).filter(([, delta]) => delta !== 0);
  if (entries.length === 0) return undefined;
  const names: Record<string, string> = {};
  const values: Record<string, number> = {};
  const parts = entries.map(([name, delta], i) => {
    names[`#c${i}`] = name;
    values[`:d${i}`] = delta;
    return `#c${i} :d${i}`;
  });
  return {
    Update: {
      TableName: tableName(),
      Key: keys.companyStats(companyId),
      UpdateExpression: `ADD ${parts.join(', ')}`,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
  };
}

/**
 * How many tasks a list with these filters holds (the task list's "N tasks found"): the one counter
 * of a stats item the filters name.
 */
export function taskCountFromItem(item: Record<string, unknown> | undefined, filters: { status?: TaskStatus; type?: TaskType }): number {
  const name =
    filters.status && filters.type ? statusTypeCounter(filters.status, filters.type)
    : filters.status ? statusCounter(filters.status)
    : filters.type ? typeCounter(filters.type)
    : 'taskCount';
  return Number(item?.[name] ?? 0);
}

// ---- Open tasks that need attention -------------------------------------------------------------

/** The attention entries a version of a task holds: open with a due date, and open and urgent. */
function attentionKeys(companyId: string, task: Task | undefined): Map<string, { key: Key; attrs: Record<string, unknown> }> {
  const entries = new Map<string, { key: Key; attrs: Record<string, unknown> }>();
  if (!task || !isOpenTask(task.status)) return entries;
  if (task.dueDate && !Number.isNaN(Date.parse(task.dueDate))) {
    const key = keys.openTaskDue(companyId, task.dueDate, task.id);
    entries.set(key.sk, { key, attrs: { entity: 'openTaskDue', taskId: task.id } });
  }
  if (task.urgency === 'urgent') {
    const key = keys.urgentOpenTask(companyId, task.id);
    entries.set(key.sk, { key, attrs: { entity: 'urgentOpenTask', taskId: task.id } });
  }
  return entries;
}

/**
 * Writes of a task change that keep its attention entries (keys.openTaskDue, keys.urgentOpenTask)
 * in step with it, in the task's own transaction: entries the old version had and the new one has
 * not are deleted, new ones put. So the dashboard's urgent count reads only the tasks it counts.
 */
export function attentionEntryWrites(companyId: string, before: Task | undefined, after: Task | undefined): TransactItem[] {
  const old = attentionKeys(companyId, before);
  const next = attentionKeys(companyId, after);
  const items: TransactItem[] = [];
  for (const [sk, { key }] of old) if (!next.has(sk)) items.push({ Delete: { TableName: tableName(), Key: key } });
  for (const [sk, { key, attrs }] of next) if (!old.has(sk)) items.push({ Put: { TableName: tableName(), Item: { ...key, ...attrs } } });
  return items;
}

async function taskIdsBetween(companyId: string, first: string, last: string): Promise<string[]> {
  const ids: string[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const result = await db.send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :first AND :last',
        ExpressionAttributeValues: { ':pk': keys.companyPartition(companyId), ':first': first, ':last': last },
        ProjectionExpression: 'taskId',
        ExclusiveStartKey: start,
      }),
    );
    for (const item of result.Items ?? []) ids.push(String(item.taskId));
    start = result.LastEvaluatedKey;
  } while (start);
  return ids;
}

/**
 * Open tasks (pending or in progress) that are urgent (urgency "urgent") or overdue (due before
 * `now`), each counted once: one short Query over the urgent entries and the overdue ones (keys.ts
 * sorts the urgent before every date), reading only those tasks' entries.
 */
export async function urgentOrOverdueCount(companyId: string, now = new Date()): Promise<number> {
  return (await urgentOrOverdue(companyId, now)).count;
}

/** The sort key the attention entries are compared with at `now`: entries up to it count. */
export const attentionBound = (now: Date) => `${keys.openTaskDuePrefix}${now.toISOString()}`;

/**
 * The urgent-or-overdue count, and the first due entry still to come (its sort key; undefined when
 * none): the count stays the same, without any write, while attentionBound(now) is below it.
 * Two Queries at once: the counted entries, and one entry past them.
 */
export async function urgentOrOverdue(companyId: string, now = new Date()): Promise<{ count: number; nextDueSk: string | undefined }> {
  // A scoped caller (issue 41): their properties' open tasks that are urgent or overdue.
  const scope = scopedPropertyIds();
  if (scope) {
    const { tasks } = await scopeItems(companyId, scope);
    const count = tasks.filter((task) => isOpenTask(task.status) && (task.urgency === 'urgent' || (task.dueDate != null && Date.parse(task.dueDate) < now.getTime()))).length;
    return { count, nextDueSk: undefined };
  }
  const bound = attentionBound(now);
  const [ids, next] = await Promise.all([
    taskIdsBetween(companyId, keys.openTaskDuePrefix, bound),
    db.send(
      new QueryCommand({
        TableName: tableName(),
        // From the bound itself: no entry equals it (entries end in #<taskId>); one that did would
        // only make the figures' cache hold nothing (the bound would not be below it).
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :after AND :last',
        ExpressionAttributeValues: { ':pk': keys.companyPartition(companyId), ':after': bound, ':last': `${keys.openTaskDuePrefix}\u{10FFFF}` },
        ProjectionExpression: 'sk',
        Limit: 1,
      }),
    ),
  ]);
  const nextSk = next.Items?.[0]?.sk;
  return { count: new Set(ids).size, nextDueSk: typeof nextSk === 'string' ? nextSk : undefined };
}

/** Tasks of one property matching the filters: one COUNT Query on that property's (small) task index. */
export async function propertyTaskCount(companyId: string, propertyId: string, filters: { status?: TaskStatus; type?: TaskType }): Promise<number> {
  const clauses: string[] = [];
  const names: Record<string, string> = { '#pk': 'gsi4pk', '#sk': 'gsi4sk' };
  const values: Record<string, unknown> = { ':pk': keys.tasksByProperty(companyId, propertyId), ':first': keys.taskPrefix, ':last': `${keys.taskPrefix}\u{10FFFF}` };
  if (filters.status) {
    clauses.push('#status = :status');
    names['#status'] = 'status';
    values[':status'] = filters.status;
  }
  if (filters.type) {
    clauses.push('#type = :type');
    names['#type'] = 'type';
    values[':type'] = filters.type;
  }
  let count = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const result = await db.send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'gsi4',
        KeyConditionExpression: '#pk = :pk AND #sk BETWEEN :first AND :last',
        FilterExpression: clauses.length ? clauses.join(' AND ') : undefined,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
        Select: 'COUNT',
        ExclusiveStartKey: start,
      }),
    );
    count += result.Count ?? 0;
    start = result.LastEvaluatedKey;
  } while (start);
  return count;
}
