// Company counters: one item per company, changed inside the same transaction as the write that
// changes what it counts, so reading the dashboard or plan usage is one GetItem at any size.
import { TASK_STATUSES, TASK_TYPES, type TaskStatus, type TaskType } from '#shared/enums';
import { getItem, getItems, type TransactItem } from '../db';
import { tableName } from '../client';
import { keys } from '../keys';
import { paidCentsFromItem } from './revenue';

export interface CompanyStats {
  propertyCount: number;
  userCount: number;
  taskCount: number;
  tasksByStatus: Record<TaskStatus, number>;
  tasksByType: Record<TaskType, number>;
  /** Completed tasks that were completed by their due date (or had none). */
  completedOnTime: number;
}

export const statusCounter = (status: TaskStatus) => `status_${status}`;
export const typeCounter = (type: TaskType) => `type_${type}`;

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
  return item;
}

export async function getStats(companyId: string): Promise<CompanyStats> {
  return statsFromItem(await getItem<Record<string, unknown>>(keys.companyStats(companyId)));
}

/** The counters and a month's paid revenue (cents) in one BatchGetItem: the dashboard's whole read. */
export async function getStatsAndPaidRevenue(companyId: string, month: string): Promise<{ stats: CompanyStats; paidCents: number }> {
  const [statsItem, revenueItem] = await getItems([keys.companyStats(companyId), keys.monthlyRevenue(companyId, month)]);
  return { stats: statsFromItem(statsItem), paidCents: paidCentsFromItem(revenueItem) };
}

/** The counters of a stats item; absent counters are zero. */
function statsFromItem(item: Record<string, unknown> | undefined): CompanyStats {
  const raw = item ?? {};
  const n = (name: string) => Number(raw[name] ?? 0);
  return {
    propertyCount: n('propertyCount'),
    userCount: n('userCount'),
    taskCount: n('taskCount'),
    tasksByStatus: Object.fromEntries(TASK_STATUSES.map((s) => [s, n(statusCounter(s))])) as Record<TaskStatus, number>,
    tasksByType: Object.fromEntries(TASK_TYPES.map((t) => [t, n(typeCounter(t))])) as Record<TaskType, number>,
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
