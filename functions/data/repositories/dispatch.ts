// What the dispatch board reads for one week, each a bounded Query on the company's own keys:
// the dated tasks by due instant (gsi2 of their due-date entries, then one BatchGet per 100 tasks),
// the check-ins in a window (gsi1, CHECKINS), and the shift items of the week's days.
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Reservation, ShiftRecord, Task } from '#shared/schemas';
import { db, tableName } from '../client';
import { getItem } from '../db';
import { keys, stripKeys } from '../keys';
import { withoutPropertyScope } from '#functions/lib/tenant';

/** The most tasks one week of the board shows (a larger week is cut, said in `truncated`). */
export const DISPATCH_TASK_LIMIT = 2000;

async function queryAllRaw(input: ConstructorParameters<typeof QueryCommand>[0], max: number): Promise<{ items: Record<string, unknown>[]; truncated: boolean }> {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const result = await db.send(new QueryCommand({ ...input, TableName: tableName(), ExclusiveStartKey: start }));
    items.push(...(result.Items ?? []));
    start = result.LastEvaluatedKey;
  } while (start && items.length < max);
  return { items: items.slice(0, max), truncated: Boolean(start) || items.length > max };
}

/** The company's tasks due in [from, to) (ISO instants), oldest first. */
export async function tasksDueBetween(companyId: string, from: string, to: string): Promise<{ tasks: Task[]; truncated: boolean }> {
  const { items, truncated } = await queryAllRaw(
    {
      IndexName: 'gsi2',
      KeyConditionExpression: 'gsi2pk = :pk AND gsi2sk BETWEEN :from AND :to',
      ExpressionAttributeValues: { ':pk': keys.tasksDue(companyId), ':from': from, ':to': `${to}#` },
      ProjectionExpression: 'taskId',
    } as never,
    DISPATCH_TASK_LIMIT,
  );
  const ids = [...new Set(items.map((item) => String(item.taskId)))];
  const batches: string[][] = [];
  for (let i = 0; i < ids.length; i += 100) batches.push(ids.slice(i, i + 100));
  const found = await Promise.all(batches.map((batch) => getTasks(companyId, batch)));
  // The entry and the task are written in one transaction; the task is the truth (a read in between).
  const inWeek = (due: string | null | undefined) => Boolean(due) && new Date(due!).toISOString() >= from && new Date(due!).toISOString() < to;
  const tasks = found.flat().filter((task) => inWeek(task.dueDate));
  return { tasks, truncated };
}

async function getTasks(companyId: string, ids: string[]): Promise<Task[]> {
  const tasks: Task[] = [];
  let pending: Array<Record<string, unknown>> = ids.map((id) => ({ ...keys.task(companyId, id) }));
  for (let attempt = 0; pending.length && attempt < 5; attempt += 1) {
    const result = await db.send(new BatchGetCommand({ RequestItems: { [tableName()]: { Keys: pending, ConsistentRead: true } } }));
    tasks.push(...(result.Responses?.[tableName()] ?? []).map((item) => stripKeys<Task>(item)));
    pending = (result.UnprocessedKeys?.[tableName()]?.Keys as Array<Record<string, unknown>> | undefined) ?? [];
    if (pending.length) await new Promise((resolve) => setTimeout(resolve, 20 * 2 ** attempt));
  }
  return tasks;
}

/** The company's reservations checking in within [from, to) (ISO instants), cancelled ones included. */
export async function checkinsBetween(companyId: string, from: string, to: string): Promise<Reservation[]> {
  const { items } = await queryAllRaw(
    {
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk BETWEEN :from AND :to',
      ExpressionAttributeValues: { ':pk': keys.checkins(companyId), ':from': from, ':to': `${to}#` },
    } as never,
    5000,
  );
  return items.map((item) => stripKeys<Reservation>(item));
}

/** The shift items of the local dates `firstDay` … `lastDay` (at most three a day). */
export async function shiftsBetween(companyId: string, firstDay: string, lastDay: string): Promise<ShiftRecord[]> {
  const { items } = await queryAllRaw(
    {
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
      ExpressionAttributeValues: { ':pk': keys.companyPartition(companyId), ':from': keys.shiftDayPrefix(firstDay), ':to': `${keys.shiftDayPrefix(lastDay)}\u{10FFFF}` },
    } as never,
    100,
  );
  return items.map((item) => stripKeys<ShiftRecord>(item));
}

/**
 * Once per company: gives the due-date entries written before the board existed their gsi2 keys
 * (keys.tasksDueIndex), then leaves a marker, so the board reads every dated task from then on. An
 * entry deleted meanwhile (its task moved) is not brought back (the update needs it to exist);
 * entries written since carry the keys already.
 */
const indexedCompanies = new Set<string>();

export async function ensureTasksDueIndexed(companyId: string): Promise<void> {
  if (indexedCompanies.has(companyId)) return;
  // Company-wide upkeep: a scoped caller's board (issue 41) indexes every property's entries, not only theirs.
  await withoutPropertyScope(() => indexTasksDue(companyId));
}

async function indexTasksDue(companyId: string): Promise<void> {
  if (await getItem(keys.tasksDueIndexed(companyId))) {
    indexedCompanies.add(companyId);
    return;
  }
  const { items } = await queryAllRaw(
    {
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      FilterExpression: 'attribute_not_exists(gsi2pk)',
      ExpressionAttributeValues: { ':pk': keys.companyPartition(companyId), ':prefix': keys.taskDueEntriesPrefix },
    } as never,
    Number.MAX_SAFE_INTEGER,
  );
  for (let i = 0; i < items.length; i += 25) {
    await Promise.all(
      items.slice(i, i + 25).map(async (item) => {
        if (typeof item.dueDate !== 'string' || typeof item.taskId !== 'string' || Number.isNaN(Date.parse(item.dueDate))) return;
        const index = keys.tasksDueIndex(companyId, item.dueDate, item.taskId);
        try {
          await db.send(
            new UpdateCommand({
              TableName: tableName(),
              Key: { pk: item.pk, sk: item.sk },
              UpdateExpression: 'SET gsi2pk = :gpk, gsi2sk = :gsk',
              ConditionExpression: 'attribute_exists(pk)',
              ExpressionAttributeValues: { ':gpk': index.gsi2pk, ':gsk': index.gsi2sk },
            }),
          );
        } catch (error) {
          if (!(error instanceof ConditionalCheckFailedException)) throw error;
        }
      }),
    );
  }
  await db.send(new PutCommand({ TableName: tableName(), Item: { ...keys.tasksDueIndexed(companyId), entity: 'migration', at: new Date().toISOString() } }));
  indexedCompanies.add(companyId);
}
