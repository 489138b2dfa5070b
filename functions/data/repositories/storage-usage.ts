// The company's stored bytes (photos and logos): a counter on the company's STATS item, changed with
// an atomic ADD by each confirmed upload (in the same transaction as the record, where there is
// one) and each deletion, so reading the usage is one GetItem at any size.
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../client';
import { getItem, type TransactItem } from '../db';
import { keys } from '../keys';
import { statsDelta } from './stats';

export const STORAGE_COUNTER = 'storageBytes';

export async function getStoredBytes(companyId: string): Promise<number> {
  const stats = await getItem<Record<string, unknown>>(keys.companyStats(companyId), { consistent: true });
  return Math.max(0, Number(stats?.[STORAGE_COUNTER] ?? 0));
}

/** A transaction item adding `bytes` (negative: removing) to the counter; undefined for 0. */
export function storedBytesDelta(companyId: string, bytes: number): TransactItem | undefined {
  return statsDelta(companyId, { [STORAGE_COUNTER]: Math.trunc(bytes) });
}

/** The same ADD on its own (logos: their record is a single update of the company item). */
export async function addStoredBytes(companyId: string, bytes: number): Promise<void> {
  if (!Math.trunc(bytes)) return;
  await db.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.companyStats(companyId),
      UpdateExpression: 'ADD #c :d',
      ExpressionAttributeNames: { '#c': STORAGE_COUNTER },
      ExpressionAttributeValues: { ':d': Math.trunc(bytes) },
    }),
  );
}
