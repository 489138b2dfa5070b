import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ConflictError } from '#functions/lib/errors';
import { db, tableName } from '../client';
import { keys } from '../keys';

export const MAX_PHOTOS_PER_TASK = 50;

export interface TaskPhoto {
  key: string;
  uploadedAt: string;
  uploadedBy: string;
}

/** Appends a photo to the task, unless the task is gone, already has it, or is full. */
export async function addTaskPhoto(companyId: string, taskId: string, photo: TaskPhoto): Promise<void> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.task(companyId, taskId),
        UpdateExpression: 'SET photos = list_append(if_not_exists(photos, :empty), :photo), photoKeys = list_append(if_not_exists(photoKeys, :empty), :key), updatedAt = :now',
        ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(photoKeys) OR (size(photoKeys) < :max AND NOT contains(photoKeys, :keyValue)))',
        ExpressionAttributeValues: { ':empty': [], ':photo': [photo], ':key': [photo.key], ':keyValue': photo.key, ':max': MAX_PHOTOS_PER_TASK, ':now': photo.uploadedAt },
      }),
    );
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') throw new ConflictError('photos.notRecorded');
    throw error;
  }
}
