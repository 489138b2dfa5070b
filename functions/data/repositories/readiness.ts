// A property's readiness (issue 40 point 3; docs/inspections-readiness.md): one status per property,
// `occupied | needs_cleaning | cleaning | needs_inspection | ready`, stored on the property item and
// written by the same transactions that change its stays and tasks (a reservation created, changed
// or cancelled with its turnover; a cleaning or inspection created, started, completed, reopened;
// an inspection recorded). Never computed by a screen: every read shows the stored value.
//
// The status is worked out from what the transaction is about to write plus what it read:
// - occupied: a guest's stay (not a block, not cancelled) holds the property now (until its
//   checkout, or until its guests said they left: functions/reservations/guest-link/record.ts);
// - otherwise the open cleanings and inspections that must be done before the next guest arrives
//   (due before the next check-in, or any when none is booked; an undated one always counts):
//   a cleaning under way -> cleaning; a cleaning not started -> needs_cleaning; an open inspection
//   -> needs_inspection;
// - otherwise ready.
// Time alone (a guest leaving at 11:00) changes nothing stored: the readiness job
// (functions/properties/readiness-alerts.ts) writes it again for properties around their check-ins
// and check-outs.
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { addDays } from '#shared/days';
import type { PropertyReadiness, TaskStatus, TaskType } from '#shared/enums';
import type { Task } from '#shared/schemas';
import { BadRequestError } from '#functions/lib/errors';
import { db, tableName } from '../client';
import type { TransactItem } from '../db';
import { keys, stripKeys } from '../keys';
import { isCancelled, reservationsOverlapping, type StoredReservation } from './reservations';
import { getUser } from './users';

/** The task types readiness looks at. */
export const READINESS_TASK_TYPES: readonly TaskType[] = ['cleaning', 'inspection'];
const OPEN: readonly TaskStatus[] = ['pending', 'in_progress'];
/** How far ahead the next check-in is looked for (a later one counts as none). */
export const READINESS_HORIZON_DAYS = 60;

export type ReadinessTask = Pick<Task, 'id' | 'type' | 'status' | 'dueDate' | 'propertyId'>;
export type ReadinessStay = Pick<StoredReservation, 'id' | 'propertyId' | 'checkinDate' | 'checkoutDate' | 'status' | 'kind' | 'guestLeftAt'>;

const isGuestStay = (stay: ReadinessStay) => !isCancelled(stay) && stay.kind !== 'block';

/** The next guest's check-in after `now`, if one is known. */
export function nextCheckin(now: Date, stays: readonly ReadinessStay[]): string | undefined {
  const at = now.getTime();
  return stays
    .filter((stay) => isGuestStay(stay) && Date.parse(stay.checkinDate) > at)
    .map((stay) => new Date(stay.checkinDate).toISOString())
    .sort()[0];
}

/** The readiness of a property from its stays around now and its open cleanings and inspections. */
export function readinessOf(now: Date, stays: readonly ReadinessStay[], tasks: readonly ReadinessTask[]): PropertyReadiness {
  const at = now.getTime();
  // A stay whose guests said they left holds the home no more, whatever its checkout time.
  const holds = (stay: ReadinessStay) => at < Date.parse(stay.checkoutDate) && !(stay.guestLeftAt && Date.parse(stay.guestLeftAt) <= at);
  if (stays.some((stay) => isGuestStay(stay) && Date.parse(stay.checkinDate) <= at && holds(stay))) return 'occupied';
  const next = nextCheckin(now, stays);
  const before = (task: ReadinessTask) => !task.dueDate || !next || Date.parse(task.dueDate) < Date.parse(next);
  const open = tasks.filter((task) => OPEN.includes(task.status) && READINESS_TASK_TYPES.includes(task.type) && before(task));
  if (open.some((task) => task.type === 'cleaning' && task.status === 'in_progress')) return 'cleaning';
  if (open.some((task) => task.type === 'cleaning')) return 'needs_cleaning';
  if (open.some((task) => task.type === 'inspection')) return 'needs_inspection';
  return 'ready';
}

/**
 * The open cleanings and inspections of a company (of one property when given): four small
 * partitions of the status-and-type index, which hold open work only (not the history).
 */
export async function openReadinessTasks(companyId: string, propertyId?: string): Promise<ReadinessTask[]> {
  const found: ReadinessTask[] = [];
  for (const status of OPEN) {
    for (const type of READINESS_TASK_TYPES) {
      let start: Record<string, unknown> | undefined;
      do {
        const result = await db.send(
          new QueryCommand({
            TableName: tableName(),
            IndexName: 'gsi3',
            KeyConditionExpression: 'gsi3pk = :pk',
            ...(propertyId ? { FilterExpression: 'propertyId = :property' } : {}),
            ExpressionAttributeValues: { ':pk': keys.tasksByStatusAndType(companyId, status, type), ...(propertyId ? { ':property': propertyId } : {}) },
            ProjectionExpression: 'id, #type, #status, dueDate, propertyId',
            ExpressionAttributeNames: { '#type': 'type', '#status': 'status' },
            ExclusiveStartKey: start,
            ConsistentRead: false,
          }),
        );
        found.push(...(result.Items ?? []).map((item) => stripKeys<ReadinessTask>(item)));
        start = result.LastEvaluatedKey;
      } while (start);
    }
  }
  return found;
}

/** The property's guest stays from yesterday to the horizon (the current one and the next ones). */
export async function readinessStays(companyId: string, propertyId: string, now: Date): Promise<ReadinessStay[]> {
  const today = now.toISOString().slice(0, 10);
  return reservationsOverlapping(companyId, propertyId, addDays(today, -1), addDays(today, READINESS_HORIZON_DAYS));
}

/** What a write is about to change: its versions of tasks and stays replace the stored ones. */
export interface ReadinessChange {
  tasks?: readonly ReadinessTask[];
  stays?: readonly ReadinessStay[];
}

function replaced<T extends { id: string; propertyId: string }>(stored: readonly T[], changed: readonly T[] | undefined, propertyId: string): T[] {
  if (!changed?.length) return [...stored];
  const ids = new Set(changed.map((entry) => entry.id));
  return [...stored.filter((entry) => !ids.has(entry.id)), ...changed.filter((entry) => entry.propertyId === propertyId)];
}

/** The readiness a property will have once the change is written (reads its stays and open tasks). */
export async function readinessAfter(companyId: string, propertyId: string, change: ReadinessChange, now = new Date()): Promise<PropertyReadiness> {
  const [stays, tasks] = await Promise.all([readinessStays(companyId, propertyId, now), openReadinessTasks(companyId, propertyId)]);
  return readinessOf(now, replaced(stays, change.stays, propertyId), replaced(tasks, change.tasks, propertyId));
}

/**
 * The item that stores the property's readiness in the change's own transaction (it also checks the
 * property exists: use it instead of propertyExistsCheck, as a transaction touches an item once).
 */
export function readinessUpdate(companyId: string, propertyId: string, readiness: PropertyReadiness): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: keys.property(companyId, propertyId),
      UpdateExpression: 'SET readiness = :readiness',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':readiness': readiness },
    },
  };
}

/** The error of a failed readiness item: the property is not the company's. */
export const unknownPropertyError = (): Error => new BadRequestError('error.badRequest', { propertyId: 'task.unknownProperty' });

/** Whether a change to a task moves readiness (cleanings and inspections only). */
export const touchesReadiness = (before: Pick<Task, 'type'> | undefined, after: Pick<Task, 'type'>): boolean =>
  READINESS_TASK_TYPES.includes(after.type) || (before !== undefined && READINESS_TASK_TYPES.includes(before.type));

/** A transaction's readiness items for the properties a change touches (one per property). */
export async function readinessWrites(companyId: string, propertyIds: Iterable<string>, change: ReadinessChange, now = new Date()): Promise<TransactItem[]> {
  const ids = [...new Set(propertyIds)];
  const values = await Promise.all(ids.map((propertyId) => readinessAfter(companyId, propertyId, change, now)));
  return ids.map((propertyId, index) => readinessUpdate(companyId, propertyId, values[index]));
}

/** 400 unless the inspector named (if any) is a member of the company (PUT/POST /api/properties). */
export async function assertInspector(companyId: string, inspectorId: string | null | undefined): Promise<void> {
  if (!inspectorId) return;
  if (!(await getUser(companyId, inspectorId))) throw new BadRequestError('error.badRequest', { inspectorId: 'property.unknownInspector' });
}
