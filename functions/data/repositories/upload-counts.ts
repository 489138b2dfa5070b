// Upload URLs issued per user and per company in fixed windows (issue 43 point 7; the policy is
// functions/billing/upload-rate.ts): one counter item per scope and window (keys.uploadCount), with
// a TTL. Each take is one conditional ADD, atomic on its item without a transaction, so a phone
// replaying a burst of photos in parallel is counted exactly, never refused by a write conflict.
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../client';
import { keys } from '../keys';
import { TTL_ATTRIBUTE } from '../table';

export interface UploadCounter {
  companyId: string;
  scope: 'user' | 'company';
  id: string;
  /** The window's name in the key: its start (epoch seconds) or its UTC day. */
  window: string;
  limit: number;
  /** When the item may go (epoch seconds): after its window. */
  expiresAt: number;
}

const isConditionFailure = (error: unknown) => (error as Error).name === 'ConditionalCheckFailedException';

/** Counts one upload on the counter when it is under its limit: true; false (nothing counted) at the limit. */
export async function takeUpload(counter: UploadCounter): Promise<boolean> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.uploadCount(counter.companyId, counter.scope, counter.id, counter.window),
        UpdateExpression: 'ADD #count :one SET #ttl = if_not_exists(#ttl, :ttl), entity = if_not_exists(entity, :entity)',
        ConditionExpression: 'attribute_not_exists(#count) OR #count < :limit',
        ExpressionAttributeNames: { '#count': 'uploads', '#ttl': TTL_ATTRIBUTE },
        ExpressionAttributeValues: { ':one': 1, ':limit': counter.limit, ':ttl': counter.expiresAt, ':entity': 'uploadCount' },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** Gives back an upload taken on a counter (another counter refused the same upload). */
export async function returnUpload(counter: UploadCounter): Promise<void> {
  await db.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.uploadCount(counter.companyId, counter.scope, counter.id, counter.window),
      UpdateExpression: 'ADD #count :minusOne',
      ConditionExpression: 'attribute_exists(#count)',
      ExpressionAttributeNames: { '#count': 'uploads' },
      ExpressionAttributeValues: { ':minusOne': -1 },
    }),
  ).catch((error: unknown) => {
    if (!isConditionFailure(error)) throw error;
  });
}
