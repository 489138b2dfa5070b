// Counters for financials and reports, each changed inside the same transaction as the write it
// counts, so every figure is a GetItem or one short Query whatever the company's size:
// - DAYSTATS#<day> (UTC day): tasks created that day by status, type and property (moved when the
//   task changes), completions that day and who got the credit, invoices paid and expenses that day;
// - REVENUE#<month> (UTC month): paidCents / paidCount and expenseCents / expenseCount;
// - FINANCE: unpaid total and count, paid count, invoice count, expense totals (all time).
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { TASK_STATUSES, TASK_TYPES, type TaskStatus, type TaskType } from '#shared/enums';
import { isCompletedOnTime, percentChange, utcDay } from '#shared/rules';
import type { Task } from '#shared/schemas';
import { db, tableName } from '../client';
import { getItem, getItems, queryAll, transactWrite, type TransactItem } from '../db';
import { scopedPropertyIds } from '../property-scope';
import { keys, type Key } from '../keys';

type Deltas = Record<string, number>;

/** An Update that ADDs the non-zero deltas to a counter item (and sets fixed attributes once). */
function counterUpdate(key: Key, deltas: Deltas, fixed: Record<string, string> = {}): TransactItem | undefined {
  const entries = Object.entries(deltas).filter(([, delta]) => delta !== 0);
  if (entries.length === 0) return undefined;
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const adds = entries.map(([name, delta], i) => {
    names[`#c${i}`] = name;
    values[`:d${i}`] = delta;
    return `#c${i} :d${i}`;
  });
  const sets = Object.entries(fixed).map(([name, value], i) => {
    names[`#f${i}`] = name;
    values[`:f${i}`] = value;
    return `#f${i} = :f${i}`;
  });
  return {
    Update: {
      TableName: tableName(),
      Key: key,
      UpdateExpression: `${sets.length ? `SET ${sets.join(', ')} ` : ''}ADD ${adds.join(', ')}`,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
  };
}

// ---- Per-day counters ----------------------------------------------------------------------------

export const DAY = {
  taskCount: 'taskCount',
  status: (status: TaskStatus) => `status_${status}`,
  type: (type: TaskType) => `type_${type}`,
  /** Tasks created that day that are completed on time. */
  onTime: 'onTime',
  /** Tasks created that day, by property. */
  property: (propertyId: string) => `p_${propertyId}`,
  /** Completions that happened that day, and the credit per assignee. */
  done: 'done',
  doneBy: (userId: string) => `du_${userId}`,
  /** Of those completions, the ones on time (shared/rules isCompletedOnTime), in all and per assignee. */
  doneOnTime: 'doneOnTime',
  onTimeBy: (userId: string) => `ot_${userId}`,
  /** Properties added that day (the dashboard's active properties 30 days ago). */
  propertiesAdded: 'propertiesAdded',
  paidCents: 'paidCents',
  paidCount: 'paidCount',
  expenseCents: 'expenseCents',
  expenseCount: 'expenseCount',
} as const;

export function dayStatsUpdate(companyId: string, day: string, deltas: Deltas): TransactItem | undefined {
  return counterUpdate(keys.dayStats(companyId, day), deltas, { day, entity: 'daystats' });
}

/**
 * Per-day counter updates for a task write (create when `before` is absent, update otherwise): the
 * task counts on the day it was created with its current status, type and property, and its
 * completion on the day it was completed. Deltas of one day are merged into one Update, since a
 * transaction may touch an item once.
 */
export function taskDayStatsUpdates(companyId: string, before: Task | undefined, after: Task | undefined): TransactItem[] {
  const byDay = new Map<string, Deltas>();
  const add = (day: string, name: string, delta: number) => {
    const deltas = byDay.get(day) ?? {};
    deltas[name] = (deltas[name] ?? 0) + delta;
    byDay.set(day, deltas);
  };
  for (const [task, sign] of [[before, -1], [after, 1]] as const) {
    if (!task) continue;
    const created = utcDay(task.createdAt);
    add(created, DAY.taskCount, sign);
    add(created, DAY.status(task.status), sign);
    add(created, DAY.type(task.type), sign);
    add(created, DAY.property(task.propertyId), sign);
    if (isCompletedOnTime(task)) add(created, DAY.onTime, sign);
    if (task.status === 'completed' && task.completedAt) {
      const completed = utcDay(task.completedAt);
      add(completed, DAY.done, sign);
      if (task.assignedUserId) add(completed, DAY.doneBy(task.assignedUserId), sign);
      if (isCompletedOnTime(task)) {
        add(completed, DAY.doneOnTime, sign);
        if (task.assignedUserId) add(completed, DAY.onTimeBy(task.assignedUserId), sign);
      }
    }
  }
  return [...byDay]
    .map(([day, deltas]) => dayStatsUpdate(companyId, day, deltas))
    .filter((item): item is TransactItem => item !== undefined);
}

export interface DayStats {
  day: string;
  taskCount: number;
  byStatus: Record<TaskStatus, number>;
  byType: Record<TaskType, number>;
  onTime: number;
  byProperty: Record<string, number>;
  done: number;
  doneBy: Record<string, number>;
  doneOnTime: number;
  onTimeBy: Record<string, number>;
  propertiesAdded: number;
  paidCents: number;
  paidCount: number;
  expenseCents: number;
  expenseCount: number;
}

function toDayStats(raw: Record<string, unknown>): DayStats {
  const n = (name: string) => Number(raw[name] ?? 0);
  const prefixed = (prefix: string) =>
    Object.fromEntries(
      Object.entries(raw)
        .filter(([name]) => name.startsWith(prefix))
        .map(([name, value]) => [name.slice(prefix.length), Number(value)]),
    );
  return {
    day: String(raw.day ?? String(raw.sk).slice(keys.dayStatsPrefix.length)),
    taskCount: n(DAY.taskCount),
    byStatus: Object.fromEntries(TASK_STATUSES.map((s) => [s, n(DAY.status(s))])) as Record<TaskStatus, number>,
    byType: Object.fromEntries(TASK_TYPES.map((t) => [t, n(DAY.type(t))])) as Record<TaskType, number>,
    onTime: n(DAY.onTime),
    byProperty: prefixed('p_'),
    done: n(DAY.done),
    doneBy: prefixed('du_'),
    doneOnTime: n(DAY.doneOnTime),
    onTimeBy: prefixed('ot_'),
    propertiesAdded: n(DAY.propertiesAdded),
    paidCents: n(DAY.paidCents),
    paidCount: n(DAY.paidCount),
    expenseCents: n(DAY.expenseCents),
    expenseCount: n(DAY.expenseCount),
  };
}

/**
 * The properties and tasks of a property scope (issue 41, docs/property-scope.md): the company's
 * counters are company-wide, so a scoped caller's figures are computed from their properties' own
 * items: one BatchGetItem per 100 properties, one Query per property on its task index (gsi4).
 */
export async function scopeItems(companyId: string, scope: ReadonlySet<string>): Promise<{ properties: Array<{ id: string; createdAt: string }>; tasks: Task[] }> {
  const ids = [...scope];
  const properties: Array<{ id: string; createdAt: string }> = [];
  for (let i = 0; i < ids.length; i += 100) {
    const found = await getItems(ids.slice(i, i + 100).map((propertyId) => keys.property(companyId, propertyId)));
    for (const item of found) if (item) properties.push({ id: String(item.id), createdAt: String(item.createdAt) });
  }
  const tasks: Task[] = [];
  for (let i = 0; i < properties.length; i += 10) {
    const pages = await Promise.all(
      properties.slice(i, i + 10).map((property) => queryAll<Task>({ index: 'gsi4', partition: keys.tasksByProperty(companyId, property.id), beginsWith: keys.taskPrefix }, 100_000)),
    );
    tasks.push(...pages.flat());
  }
  return { properties, tasks };
}

const emptyDay = (day: string): DayStats => ({
  day,
  taskCount: 0,
  byStatus: Object.fromEntries(TASK_STATUSES.map((s) => [s, 0])) as Record<TaskStatus, number>,
  byType: Object.fromEntries(TASK_TYPES.map((t) => [t, 0])) as Record<TaskType, number>,
  onTime: 0,
  byProperty: {},
  done: 0,
  doneBy: {},
  doneOnTime: 0,
  onTimeBy: {},
  propertiesAdded: 0,
  paidCents: 0,
  paidCount: 0,
  expenseCents: 0,
  expenseCount: 0,
});

/**
 * The day items a scope's own tasks and properties would have (the counting rules of
 * taskDayStatsUpdates, and properties added), for the days of a range that have any. Money is
 * company-wide (invoices and expenses need not name a property): zero here.
 */
export function dayStatsOf(items: { properties: Array<{ id: string; createdAt: string }>; tasks: Task[] }, from: string, to: string): DayStats[] {
  const days = new Map<string, DayStats>();
  const dayOf = (day: string) => {
    let found = days.get(day);
    if (!found) days.set(day, (found = emptyDay(day)));
    return found;
  };
  const add = (record: Record<string, number>, name: string) => {
    record[name] = (record[name] ?? 0) + 1;
  };
  for (const task of items.tasks) {
    const created = dayOf(utcDay(task.createdAt));
    created.taskCount += 1;
    created.byStatus[task.status] += 1;
    created.byType[task.type] = (created.byType[task.type] ?? 0) + 1;
    add(created.byProperty, task.propertyId);
    if (isCompletedOnTime(task)) created.onTime += 1;
    if (task.status === 'completed' && task.completedAt) {
      const completed = dayOf(utcDay(task.completedAt));
      completed.done += 1;
      if (task.assignedUserId) add(completed.doneBy, task.assignedUserId);
      if (isCompletedOnTime(task)) {
        completed.doneOnTime += 1;
        if (task.assignedUserId) add(completed.onTimeBy, task.assignedUserId);
      }
    }
  }
  for (const property of items.properties) dayOf(utcDay(property.createdAt)).propertiesAdded += 1;
  return [...days.values()].filter((day) => day.day >= from && day.day <= to).sort((a, b) => a.day.localeCompare(b.day));
}

/**
 * The day items of a range (inclusive): one Query on the company partition, at most 366 items. For
 * a caller scoped to property groups, computed from their properties' items instead (scopeItems).
 */
export async function queryDayStats(companyId: string, from: string, to: string): Promise<DayStats[]> {
  const scope = scopedPropertyIds();
  if (scope) return dayStatsOf(await scopeItems(companyId, scope), from, to);
  return queryBetween(companyId, `${keys.dayStatsPrefix}${from}`, `${keys.dayStatsPrefix}${to}`, toDayStats);
}

async function queryBetween<T>(companyId: string, first: string, last: string, map: (raw: Record<string, unknown>) => T): Promise<T[]> {
  const items: T[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const result = await db.send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :first AND :last',
        ExpressionAttributeValues: { ':pk': keys.companyPartition(companyId), ':first': first, ':last': last },
        ExclusiveStartKey: start,
      }),
    );
    items.push(...(result.Items ?? []).map(map));
    start = result.LastEvaluatedKey;
  } while (start);
  return items;
}

// ---- Per-month money counters ---------------------------------------------------------------------

export const MONTH = { paidCents: 'paidCents', paidCount: 'paidCount', expenseCents: 'expenseCents', expenseCount: 'expenseCount' } as const;

export function monthUpdate(companyId: string, month: string, deltas: Deltas): TransactItem | undefined {
  return counterUpdate(keys.monthlyRevenue(companyId, month), deltas, { month });
}

export interface MonthTotals {
  month: string;
  paidCents: number;
  paidCount: number;
  expenseCents: number;
  expenseCount: number;
}

/** Totals of the months from `first` to `last` (YYYY-MM, inclusive), one Query; missing months are 0. */
export async function queryMonths(companyId: string, months: string[]): Promise<MonthTotals[]> {
  if (months.length === 0) return [];
  const found = await queryBetween(
    companyId,
    `${keys.monthlyRevenuePrefix}${months[0]}`,
    `${keys.monthlyRevenuePrefix}${months[months.length - 1]}`,
    (raw) => raw,
  );
  const bySk = new Map(found.map((raw) => [String(raw.sk), raw]));
  return months.map((month) => monthTotals(month, bySk.get(`${keys.monthlyRevenuePrefix}${month}`)));
}

/** A month item's totals (absent item or counters: 0). */
export function monthTotals(month: string, raw: Record<string, unknown> | undefined): MonthTotals {
  const n = (name: string) => Number(raw?.[name] ?? 0);
  return { month, paidCents: n(MONTH.paidCents), paidCount: n(MONTH.paidCount), expenseCents: n(MONTH.expenseCents), expenseCount: n(MONTH.expenseCount) };
}

/**
 * A month's revenue (invoices paid in it, UTC month) and its change against the month before, as
 * Financials and the dashboard both show it: one function, so the two screens cannot disagree.
 * The change is null when the month before had no revenue (nothing to compare with: "new").
 */
export function monthRevenue(current: MonthTotals, previous: MonthTotals): { cents: number; change: number | null } {
  return { cents: current.paidCents, change: percentChange(current.paidCents, previous.paidCents) };
}

// ---- Company money counters -----------------------------------------------------------------------

export const FINANCE = {
  invoiceCount: 'invoiceCount',
  unpaidCents: 'unpaidCents',
  unpaidCount: 'unpaidCount',
  paidCents: 'paidCents',
  paidCount: 'paidCount',
  expenseCents: 'expenseCents',
  expenseCount: 'expenseCount',
} as const;

export function financeUpdate(companyId: string, deltas: Deltas): TransactItem | undefined {
  return counterUpdate(keys.companyFinance(companyId), deltas, { entity: 'finance' });
}

export type FinanceCounters = Record<keyof typeof FINANCE, number>;

export async function getFinanceCounters(companyId: string): Promise<FinanceCounters> {
  const raw = (await getItem<Record<string, unknown>>(keys.companyFinance(companyId))) ?? {};
  return Object.fromEntries(Object.keys(FINANCE).map((name) => [name, Number(raw[name] ?? 0)])) as FinanceCounters;
}

/** The defined items of a list of optional transaction items. */
export function present(...items: Array<TransactItem | undefined>): TransactItem[] {
  return items.filter((item): item is TransactItem => item !== undefined);
}

/**
 * Runs a transaction of counter writes. Two transactions touching the same counter item at the same
 * moment can be cancelled with TransactionConflict (nothing is written); those are retried a few
 * times with a short random pause. Failed conditions are not retried: they go to `onConditionFailed`.
 */
export async function transactCounted(items: TransactItem[], onConditionFailed: (index: number) => Error, attempts = 4): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await transactWrite(items, onConditionFailed);
      return;
    } catch (error) {
      const reasons = (error as { CancellationReasons?: Array<{ Code?: string }> }).CancellationReasons ?? [];
      const conflict = error instanceof TransactionCanceledException && reasons.some((reason) => reason.Code === 'TransactionConflict');
      if (!conflict || attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20 + Math.random() * 60 * attempt));
    }
  }
}
