// Each member's own tasks: one list entry per assigned, not-cancelled task (keys.assignedTask),
// written in the task's own transaction by taskWrite (repositories/tasks.ts), so "my tasks", "may
// this member see the door code" and the evening digest are Queries, never a Scan:
// - my tasks over a window: open entries due before the window's end (the overdue ones included),
//   undated open ones, and completed ones due inside the window: three Queries on the partition;
// - the properties where a member has an open task due before an instant: one Query;
// - the open assigned tasks due on one UTC day, across companies (gsi1): the digest job only.
// Also the next check-ins of a property after an instant (gsi4), for same-day turnovers.
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Reservation, Task } from '#shared/schemas';
import { db, tableName } from '../client';
import { getItems, type TransactItem } from '../db';
import { companyIdOfPartition, keys, stripKeys, type Key } from '../keys';
import type { StoredChecklist } from './checklists';

/** The sort-key stand-in for "no due date": after every ISO instant. */
const UNDATED = '~';

export interface AssignedTaskEntry {
  taskId: string;
  propertyId: string;
  assignedUserId: string;
  status: Task['status'];
  /** ISO (UTC), or null for an undated task. */
  dueDate: string | null;
}

/** A due date as the keys hold it: the same instant, in UTC ISO form (sorts as text). */
function normalisedDue(dueDate: string | null | undefined): string | null {
  if (!dueDate) return null;
  const at = new Date(dueDate);
  return Number.isNaN(at.getTime()) ? null : at.toISOString();
}

function entryOf(companyId: string, task: Task | undefined): Record<string, unknown> | undefined {
  if (!task?.assignedUserId || task.status === 'cancelled') return undefined;
  const open = task.status !== 'completed';
  const due = normalisedDue(task.dueDate);
  const key = keys.assignedTask(companyId, task.assignedUserId, open ? 'OPEN' : 'DONE', due ?? UNDATED, task.id);
  const entry: AssignedTaskEntry = { taskId: task.id, propertyId: task.propertyId, assignedUserId: task.assignedUserId, status: task.status, dueDate: due };
  const dayIndex = open && due ? { gsi1pk: keys.openTasksDueOn(due.slice(0, 10)), gsi1sk: `${due}#${companyId}#${task.id}` } : {};
  return { ...key, ...dayIndex, entity: 'assignedTask', ...entry };
}

/**
 * The transaction items that keep a task's list entry in step with a write of the task (either
 * version may be absent): a Delete of the old entry when its key changes, a Put of the new one when
 * anything it holds changes. At most two items; none when nothing the entry holds changed.
 */
export function assignedTaskWrites(companyId: string, before: Task | undefined, after: Task | undefined): TransactItem[] {
  const old = entryOf(companyId, before);
  const next = entryOf(companyId, after);
  const items: TransactItem[] = [];
  const same = (a: Record<string, unknown>, b: Record<string, unknown>) =>
    a.sk === b.sk && a.status === b.status && a.propertyId === b.propertyId && a.dueDate === b.dueDate;
  if (old && next && same(old, next)) return items;
  if (old && (!next || old.sk !== next.sk)) items.push({ Delete: { TableName: tableName(), Key: { pk: old.pk, sk: old.sk } } });
  if (next) items.push({ Put: { TableName: tableName(), Item: next } });
  return items;
}

async function queryRange(partition: string, from: string | null, to: string, index?: 'gsi1' | 'gsi4', limit?: number): Promise<Record<string, unknown>[]> {
  const range = from !== null;
  const pk = index ? `${index}pk` : 'pk';
  const sk = index ? `${index}sk` : 'sk';
  const found: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const result = await db.send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: index,
        // No range: the whole (index) partition.
        KeyConditionExpression: range ? '#pk = :pk AND #sk BETWEEN :from AND :to' : '#pk = :pk',
        ExpressionAttributeNames: range ? { '#pk': pk, '#sk': sk } : { '#pk': pk },
        ExpressionAttributeValues: range ? { ':pk': partition, ':from': from, ':to': to } : { ':pk': partition },
        ExclusiveStartKey: start,
        Limit: limit,
      }),
    );
    found.push(...(result.Items ?? []));
    start = result.LastEvaluatedKey;
  } while (start && (limit === undefined || found.length < limit) && found.length < 5000);
  return found;
}

const toEntry = (item: Record<string, unknown>) => stripKeys<AssignedTaskEntry>(item);

export interface MyTaskWindow {
  /** Inclusive: completed tasks due from here on are listed. */
  from: Date;
  /** Exclusive: nothing due from here on is listed. */
  to: Date;
}

/**
 * A member's tasks for a window: every open task due before `to` (so the overdue ones too), the
 * undated open ones, and the completed ones due inside the window. Three Queries on the company's
 * partition; the entries in time order, undated last.
 */
export async function assignedTaskEntries(companyId: string, userId: string, window: MyTaskWindow): Promise<AssignedTaskEntry[]> {
  const partition = keys.companyPartition(companyId);
  const open = keys.assignedTaskPrefix(userId, 'OPEN');
  const done = keys.assignedTaskPrefix(userId, 'DONE');
  const [dueOpen, undated, completed] = await Promise.all([
    queryRange(partition, open, `${open}${window.to.toISOString()}`),
    queryRange(partition, `${open}${UNDATED}`, `${open}${UNDATED}\u{10FFFF}`),
    queryRange(partition, `${done}${window.from.toISOString()}`, `${done}${window.to.toISOString()}`),
  ]);
  const dated = [...dueOpen, ...completed].map(toEntry).sort((a, b) => (a.dueDate ?? '').localeCompare(b.dueDate ?? '') || a.taskId.localeCompare(b.taskId));
  return [...dated, ...undated.map(toEntry)];
}

/** The properties where the member has an open task due before `before`: one Query. */
export async function propertiesWithOpenTaskDueBefore(companyId: string, userId: string, before: Date): Promise<Set<string>> {
  const open = keys.assignedTaskPrefix(userId, 'OPEN');
  const items = await queryRange(keys.companyPartition(companyId), open, `${open}${before.toISOString()}`);
  return new Set(items.map((item) => String(item.propertyId)));
}

export type AssignedTaskOfCompany = AssignedTaskEntry & { companyId: string };

/** Open assigned tasks due on one UTC day, across companies (the digest job only; gsi1). */
export async function openAssignedTasksDueOn(utcDay: string): Promise<AssignedTaskOfCompany[]> {
  const items = await queryRange(keys.openTasksDueOn(utcDay), null, '', 'gsi1');
  const found: AssignedTaskOfCompany[] = [];
  for (const item of items) {
    const companyId = companyIdOfPartition(String(item.pk));
    if (companyId && item.entity === 'assignedTask') found.push({ ...toEntry(item), companyId });
  }
  return found;
}

/** Tasks by id, in one BatchGetItem per 100 (missing ones left out). */
export async function tasksByIds<T extends Task = Task>(companyId: string, taskIds: readonly string[]): Promise<T[]> {
  const found: T[] = [];
  for (let i = 0; i < taskIds.length; i += 100) {
    const items = await getItems(taskIds.slice(i, i + 100).map((id) => keys.task(companyId, id)));
    for (const item of items) if (item) found.push(item as T);
  }
  return found;
}

/** The checklists of these tasks (the ones that have one), by task id: one BatchGetItem per 100. */
export async function checklistsOf(companyId: string, tasks: ReadonlyArray<Task & { checklistId?: string | null }>): Promise<Map<string, StoredChecklist>> {
  const wanted = tasks.filter((task) => task.checklistId).map((task) => keys.checklist(companyId, task.id, task.checklistId!) as Key);
  const byTask = new Map<string, StoredChecklist>();
  for (let i = 0; i < wanted.length; i += 100) {
    for (const item of await getItems(wanted.slice(i, i + 100))) {
      if (item) byTask.set(String(item.taskId), item as unknown as StoredChecklist);
    }
  }
  return byTask;
}

/**
 * A property's confirmed reservations checking in at or after `from` (ISO), earliest first, at most
 * `limit`: one Query on the property's reservations by check-in (gsi4).
 */
export async function checkinsFrom(companyId: string, propertyId: string, from: string, limit = 20): Promise<Reservation[]> {
  const since = new Date(from).toISOString();
  const items = await queryRange(keys.reservationsByProperty(companyId, propertyId), since, '\u{10FFFF}', 'gsi4', limit);
  return items
    .filter((item) => item.entity === 'reservation')
    .map((item) => stripKeys<Reservation>(item))
    .filter((reservation) => reservation.status !== 'cancelled');
}
