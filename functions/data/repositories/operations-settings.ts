// A company's operations settings: whether a reservation's check-out creates its turnover cleaning
// automatically, and the standard check-in / check-out hours (company time zone) that turn a
// reservation's days into instants. One small item per company; absent means the defaults.
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { CompanySettingsBody } from '#shared/schemas';
import { db, tableName } from '../client';
import { getItem } from '../db';
import { keys } from '../keys';

export interface OperationsSettings {
  autoTurnovers: boolean;
  checkinHour: number;
  checkoutHour: number;
  updatedAt: string | null;
}

export const DEFAULT_OPERATIONS_SETTINGS: OperationsSettings = { autoTurnovers: true, checkinHour: 15, checkoutHour: 11, updatedAt: null };

export async function getOperationsSettings(companyId: string): Promise<OperationsSettings> {
  const stored = await getItem<Partial<OperationsSettings>>(keys.operationsSettings(companyId));
  return {
    autoTurnovers: stored?.autoTurnovers ?? DEFAULT_OPERATIONS_SETTINGS.autoTurnovers,
    checkinHour: stored?.checkinHour ?? DEFAULT_OPERATIONS_SETTINGS.checkinHour,
    checkoutHour: stored?.checkoutHour ?? DEFAULT_OPERATIONS_SETTINGS.checkoutHour,
    updatedAt: stored?.updatedAt ?? null,
  };
}

/** Changes the given fields only (the others keep their value or default). */
export async function saveOperationsSettings(companyId: string, changes: CompanySettingsBody, now = new Date()): Promise<OperationsSettings> {
  const fields: Record<string, unknown> = { ...Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined)), updatedAt: now.toISOString(), entity: 'settings' };
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const sets = Object.entries(fields).map(([name, value], i) => {
    names[`#f${i}`] = name;
    values[`:v${i}`] = value;
    return `#f${i} = :v${i}`;
  });
  await db.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.operationsSettings(companyId),
      UpdateExpression: `SET ${sets.join(', ')}`,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    }),
  );
  return getOperationsSettings(companyId);
}
