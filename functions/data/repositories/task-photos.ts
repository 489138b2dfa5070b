import { ConflictError } from '#functions/lib/errors';
import { tableName } from '../client';
import { transactWrite, type TransactItem } from '../db';
import { keys } from '../keys';
import { retryOnTransactionConflict } from '../transaction-retry';

export const MAX_PHOTOS_PER_TASK = 50;

export interface TaskPhoto {
  key: string;
  uploadedAt: string;
  uploadedBy: string;
}

/**
 * Appends a photo to the task, unless the task is gone, already has it, or is full. `extra`: more
 * items of the same transaction (the task's history line).
 */
export async function addTaskPhoto(companyId: string, taskId: string, photo: TaskPhoto, extra: TransactItem[] = []): Promise<void> {
  // A photo is a part of the task, not an edit of it: the task's version stays (a cleaner's next
  // start/complete, an office edit, an offline replay keep theirs), and task writes are conditioned on
  // the number of photos they read (repositories/tasks.ts), so none is ever overwritten. Photos sent
  // at once meet transaction conflicts on the task item: tried again, never refused for that.
  await retryOnTransactionConflict(() =>
    transactWrite(
      [
        {
          Update: {
            TableName: tableName(),
            Key: keys.task(companyId, taskId),
            UpdateExpression: 'SET photos = list_append(if_not_exists(photos, :empty), :photo), photoKeys = list_append(if_not_exists(photoKeys, :empty), :key)',
            ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(photoKeys) OR (size(photoKeys) < :max AND NOT contains(photoKeys, :keyValue)))',
            ExpressionAttributeValues: { ':empty': [], ':photo': [photo], ':key': [photo.key], ':keyValue': photo.key, ':max': MAX_PHOTOS_PER_TASK },
          },
        },
        ...extra,
      ],
      () => new ConflictError('photos.notRecorded'),
    ),
  );
}
