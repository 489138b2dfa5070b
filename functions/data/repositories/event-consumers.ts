// Idempotent event consumers (functions/events/event-handler.ts): one item per event id and consumer
// (keys.eventConsumed, in the event's company partition). A consumer claims the event before it
// runs and marks it done after; a redelivery of a done event (EventBridge's retry, the relay putting
// an entry again) is skipped, and one still running elsewhere is left to that run. A run that fails
// gives its claim back, so the retry runs; a crashed one's claim lapses after `lockMs`.
import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../client';
import { keys } from '../keys';

const KEEP_DAYS = 7;
const isConditionFailure = (error: unknown) => (error as Error).name === 'ConditionalCheckFailedException';

/** True when this run may handle the event (first time, or a crashed run's claim lapsed). */
export async function claimEvent(companyId: string, eventId: string, consumer: string, now = new Date(), lockMs = 120_000): Promise<boolean> {
  try {
    await db.send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...keys.eventConsumed(companyId, eventId, consumer),
          entity: 'eventConsumed',
          status: 'running',
          lockedUntil: new Date(now.getTime() + lockMs).toISOString(),
          expiresAt: Math.floor(now.getTime() / 1000) + KEEP_DAYS * 86_400,
        },
        ConditionExpression: 'attribute_not_exists(pk) OR (#status = :running AND lockedUntil < :now)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':running': 'running', ':now': now.toISOString() },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

export async function completeEvent(companyId: string, eventId: string, consumer: string, at = new Date()): Promise<void> {
  await db.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.eventConsumed(companyId, eventId, consumer),
      UpdateExpression: 'SET #status = :done, doneAt = :at REMOVE lockedUntil',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':done': 'done', ':at': at.toISOString() },
    }),
  );
}

export async function releaseEvent(companyId: string, eventId: string, consumer: string): Promise<void> {
  await db.send(
    new DeleteCommand({
      TableName: tableName(),
      Key: keys.eventConsumed(companyId, eventId, consumer),
      ConditionExpression: '#status = :running',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':running': 'running' },
    }),
  ).catch((error: unknown) => {
    if (!isConditionFailure(error)) throw error;
  });
}
