// The reads behind the portfolio calendar (portfolio.ts): for one page of properties and one window
// of days, what each property holds. Every read is bounded by the property and the window, never by
// the company's history:
// - the month occupancy items of each property and month of the window (BatchGetItem, 100 keys a call);
// - per property, one Query on its reservations by check-in (gsi4) from LEGACY_MAX_STAY_NIGHTS + 2
//   days before the window to its end (stays written before occupancy items, which name nothing);
// - per property, one Query on its tasks' due-date entries (TASKDUE#<property>#) within the window;
// - BatchGetItem of the stays the month items name that the Query did not return (long stays, blocks)
//   and of the tasks the due-date entries name.
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Task } from '#shared/schemas';
import { addDays } from '#shared/days';
import { db, tableName } from '#functions/data/client';
import { getItems } from '#functions/data/db';
import { keys } from '#functions/data/keys';
import { LEGACY_MAX_STAY_NIGHTS, reservationsCheckingInBetween, type StoredReservation } from '#functions/data/repositories/reservations';

/** Queries in flight at once (one page of 300 properties makes 600). */
const CONCURRENCY = 24;

export async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** Months (YYYY-MM) holding the days from `from` up to, not including, `to`. */
export function monthsBetween(from: string, to: string): string[] {
  const months: string[] = [];
  for (let day = from; day < to; day = addDays(`${day.slice(0, 7)}-01`, 32).slice(0, 7) + '-01') {
    months.push(day.slice(0, 7));
  }
  return months;
}

/** BatchGetItem in slices of 100 keys, in the order of `keyList` (undefined where absent). */
async function batchGetAligned(keyList: Array<{ pk: string; sk: string }>): Promise<Array<Record<string, unknown> | undefined>> {
  const slices: Array<typeof keyList> = [];
  for (let i = 0; i < keyList.length; i += 100) slices.push(keyList.slice(i, i + 100));
  return (await mapLimit(slices, 8, (slice) => getItems(slice))).flat();
}

/** BatchGetItem in slices of 100 keys, absent items left out. */
async function batchGet(keyList: Array<{ pk: string; sk: string }>): Promise<Array<Record<string, unknown>>> {
  return (await batchGetAligned(keyList)).filter((item): item is Record<string, unknown> => Boolean(item));
}

/**
 * The reservation ids a month occupancy item names (repositories/occupancy.ts: `dDD` a booking's
 * id, `bDD` a set of blocks, `c` a set of double bookings), for the nights from `from` to `to`.
 */
function idsNamed(month: string, item: Record<string, unknown> | undefined, from: string, to: string): string[] {
  if (!item) return [];
  const ids: string[] = [];
  for (const [attribute, value] of Object.entries(item)) {
    const night = /^[db](\d{2})$/.exec(attribute);
    if (night) {
      const day = `${month}-${night[1]}`;
      if (day < from || day >= to) continue;
      if (typeof value === 'string') ids.push(value);
      else if (value instanceof Set) ids.push(...[...(value as Set<string>)].map(String));
    } else if (attribute === 'c' && value instanceof Set) ids.push(...[...(value as Set<string>)].map(String));
  }
  return ids;
}

async function taskIdsDue(companyId: string, propertyId: string, fromInstant: string, toInstant: string): Promise<string[]> {
  const ids: string[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const result = await db.send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
        ExpressionAttributeValues: {
          ':pk': keys.companyPartition(companyId),
          ':from': `${keys.taskDuePrefix(propertyId)}${fromInstant}`,
          ':to': `${keys.taskDuePrefix(propertyId)}${toInstant}`,
        },
        ProjectionExpression: 'taskId',
        ExclusiveStartKey: start,
      }),
    );
    ids.push(...(result.Items ?? []).map((item) => String(item.taskId)));
    start = result.LastEvaluatedKey;
  } while (start && ids.length < 2000);
  return ids;
}

export interface PropertyWindow {
  reservations: StoredReservation[];
  tasks: Task[];
}

/**
 * What each property holds in the window: its reservations (cancelled ones too: the caller keeps the
 * live ones) and its tasks due from `fromInstant` up to `toInstant`, by property id.
 */
export async function readPortfolioWindow(
  companyId: string,
  propertyIds: readonly string[],
  window: { from: string; to: string; fromInstant: string; toInstant: string },
): Promise<Map<string, PropertyWindow>> {
  const { from, to } = window;
  const months = monthsBetween(from, to);
  const monthOfKey = propertyIds.flatMap(() => months);
  const monthKeys = propertyIds.flatMap((propertyId) => months.map((month) => keys.propertyMonth(companyId, propertyId, month)));
  const [occupancy, recent, taskIds] = await Promise.all([
    batchGetAligned(monthKeys),
    mapLimit(propertyIds, CONCURRENCY, (propertyId) => reservationsCheckingInBetween(companyId, propertyId, addDays(from, -(LEGACY_MAX_STAY_NIGHTS + 2)), addDays(to, 1))),
    mapLimit(propertyIds, CONCURRENCY, (propertyId) => taskIdsDue(companyId, propertyId, window.fromInstant, window.toInstant)),
  ]);
  const known = new Set(recent.flat().map((reservation) => reservation.id));
  const named = [...new Set(occupancy.flatMap((item, i) => idsNamed(monthOfKey[i], item, from, to)))].filter((id) => !known.has(id));
  const [more, tasks] = await Promise.all([
    batchGet(named.map((id) => keys.reservation(companyId, id))) as Promise<StoredReservation[]>,
    batchGet([...new Set(taskIds.flat())].map((id) => keys.task(companyId, id))) as Promise<unknown[]> as Promise<Task[]>,
  ]);
  const byProperty = new Map<string, PropertyWindow>(propertyIds.map((id, i) => [id, { reservations: [...recent[i]], tasks: [] }]));
  for (const reservation of more) byProperty.get(reservation.propertyId)?.reservations.push(reservation);
  for (const task of tasks) byProperty.get(task.propertyId)?.tasks.push(task);
  return byProperty;
}
