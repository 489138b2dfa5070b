// A company's operations settings: whether a reservation's check-out creates its turnover cleaning
// automatically, and the standard check-in / check-out hours (company time zone) that turn a
// reservation's days into instants; and its team settings: how late a shift start may be and still
// count as present, and who gets the automatic turnover cleanings. One small item per company;
// absent means the defaults.
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { SHIFT_LATE_AFTER_MINUTES } from '#shared/rules';
import type { CompanySettingsBody } from '#shared/schemas';
import { DEFAULT_TASK_DURATIONS, taskDurationsOf, type TaskDurations } from '#shared/dispatch';
import { db, tableName } from '../client';
import { getItem, transactWrite, type TransactItem } from '../db';
import { NotFoundError } from '#functions/lib/errors';
import { getCompany, ownersSeeGuestNamesUpdate } from './companies';
import { keys } from '../keys';

export interface OperationsSettings {
  autoTurnovers: boolean;
  checkinHour: number;
  checkoutHour: number;
  shiftLateAfterMinutes: number;
  /** The member every automatic turnover cleaning is assigned to; null leaves them unassigned. */
  turnoverAssigneeId: string | null;
  /** Planned minutes per task type (dispatch board): the company's, else DEFAULT_TASK_DURATIONS. */
  taskDurations: TaskDurations;
  /** Issue 40 point 3: hours before a check-in at which a property not ready alerts the office (once). */
  readinessAlertHours: number;
  updatedAt: string | null;
}

export const DEFAULT_OPERATIONS_SETTINGS: OperationsSettings = {
  autoTurnovers: true,
  checkinHour: 15,
  checkoutHour: 11,
  shiftLateAfterMinutes: SHIFT_LATE_AFTER_MINUTES,
  turnoverAssigneeId: null,
  taskDurations: { ...DEFAULT_TASK_DURATIONS },
  readinessAlertHours: 3,
  updatedAt: null,
};

export async function getOperationsSettings(companyId: string): Promise<OperationsSettings> {
  const stored = await getItem<Partial<OperationsSettings>>(keys.operationsSettings(companyId));
  return {
    autoTurnovers: stored?.autoTurnovers ?? DEFAULT_OPERATIONS_SETTINGS.autoTurnovers,
    checkinHour: stored?.checkinHour ?? DEFAULT_OPERATIONS_SETTINGS.checkinHour,
    checkoutHour: stored?.checkoutHour ?? DEFAULT_OPERATIONS_SETTINGS.checkoutHour,
    shiftLateAfterMinutes: stored?.shiftLateAfterMinutes ?? DEFAULT_OPERATIONS_SETTINGS.shiftLateAfterMinutes,
    turnoverAssigneeId: stored?.turnoverAssigneeId ?? null,
    taskDurations: taskDurationsOf(stored?.taskDurations),
    readinessAlertHours: stored?.readinessAlertHours ?? DEFAULT_OPERATIONS_SETTINGS.readinessAlertHours,
    updatedAt: stored?.updatedAt ?? null,
  };
}

/** The settings' own fields of a change (not the company's `ownersSeeGuestNames`, kept on the company item). */
type OperationsChanges = Omit<CompanySettingsBody, 'ownersSeeGuestNames'>;

/** The update that changes the given fields only (the others keep their value or default). */
export function operationsSettingsUpdate(companyId: string, changes: OperationsChanges, now = new Date()): NonNullable<TransactItem['Update']> {
  const fields: Record<string, unknown> = { ...Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined)), updatedAt: now.toISOString(), entity: 'settings' };
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const sets = Object.entries(fields).map(([name, value], i) => {
    names[`#f${i}`] = name;
    values[`:v${i}`] = value;
    return `#f${i} = :v${i}`;
  });
  return {
    TableName: tableName(),
    Key: keys.operationsSettings(companyId),
    UpdateExpression: `SET ${sets.join(', ')}`,
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
  };
}

/** GET/PUT /api/companies/{id}/settings's answer: the settings item's fields and the company's own switch. */
export type CompanySettingsView = OperationsSettings & { ownersSeeGuestNames: boolean };

export async function getCompanySettings(companyId: string): Promise<CompanySettingsView> {
  const [settings, company] = await Promise.all([getOperationsSettings(companyId), getCompany(companyId)]);
  return { ...settings, ownersSeeGuestNames: company?.ownersSeeGuestNames === true };
}

/**
 * Changes the given fields only. `ownersSeeGuestNames` is the company item's (the owner portal reads
 * it there); sent with other settings, both items change in one transaction or neither does. 404 when
 * the company does not exist.
 */
export async function saveCompanySettings(companyId: string, changes: CompanySettingsBody, now = new Date()): Promise<CompanySettingsView> {
  const { ownersSeeGuestNames, ...operations } = changes;
  const changesOperations = Object.values(operations).some((value) => value !== undefined);
  const updates: TransactItem[] = [
    ...(changesOperations || ownersSeeGuestNames === undefined ? [{ Update: operationsSettingsUpdate(companyId, operations, now) }] : []),
    ...(ownersSeeGuestNames !== undefined ? [{ Update: ownersSeeGuestNamesUpdate(companyId, ownersSeeGuestNames, now.toISOString()) }] : []),
  ];
  // One transaction, of one item or both: a company that is gone answers 404 (its item's condition).
  await transactWrite(updates, () => new NotFoundError());
  return getCompanySettings(companyId);
}

/** A member leaves: turnovers stop going to them (nothing changes when someone else is chosen). */
export async function clearTurnoverAssignee(companyId: string, userId: string, now = new Date()): Promise<void> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.operationsSettings(companyId),
        UpdateExpression: 'SET turnoverAssigneeId = :none, updatedAt = :now',
        ConditionExpression: 'turnoverAssigneeId = :user',
        ExpressionAttributeValues: { ':none': null, ':now': now.toISOString(), ':user': userId },
      }),
    );
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
}
