// Failed e-mail/password sign-ins per e-mail address: after MAX_FAILURES within WINDOW_SECONDS
// (counted from the first failure) the address is refused until the window ends. The counter is one
// item (keys.loginAttempts) with a TTL, updated atomically, and removed by a successful sign-in.
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '#functions/data/client';
import { keys } from '#functions/data/keys';

export const MAX_FAILURES = 5;
export const WINDOW_SECONDS = 15 * 60;

const epochSeconds = (date: Date) => Math.floor(date.getTime() / 1000);
const isConditionFailure = (error: unknown) => (error as Error).name === 'ConditionalCheckFailedException';

/** Seconds until the address may try again, or 0 when it may try now. */
export async function lockedForSeconds(email: string, now = new Date()): Promise<number> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: keys.loginAttempts(email), ConsistentRead: true }));
  if (!Item) return 0;
  const windowEnds = (Item.windowStart as number) + WINDOW_SECONDS;
  const remaining = windowEnds - epochSeconds(now);
  return remaining > 0 && (Item.failures as number) >= MAX_FAILURES ? remaining : 0;
}

/** Counts one failure: in the current window, or as the first of a new one. */
export async function recordFailure(email: string, now = new Date()): Promise<void> {
  const nowSeconds = epochSeconds(now);
  const key = keys.loginAttempts(email);
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      await db.send(
        new UpdateCommand({
          TableName: tableName(),
          Key: key,
          UpdateExpression: 'ADD failures :one',
          ConditionExpression: 'windowStart > :cutoff',
          ExpressionAttributeValues: { ':one': 1, ':cutoff': nowSeconds - WINDOW_SECONDS },
        }),
      );
      return;
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
    try {
      // No live window: start one, unless a concurrent failure just did (then count in it).
      await db.send(
        new PutCommand({
          TableName: tableName(),
          Item: { ...key, entity: 'loginAttempts', failures: 1, windowStart: nowSeconds, expiresAt: nowSeconds + WINDOW_SECONDS },
          ConditionExpression: 'attribute_not_exists(pk) OR windowStart <= :cutoff',
          ExpressionAttributeValues: { ':cutoff': nowSeconds - WINDOW_SECONDS },
        }),
      );
      return;
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  }
}

export async function clearFailures(email: string): Promise<void> {
  await db.send(new DeleteCommand({ TableName: tableName(), Key: keys.loginAttempts(email) }));
}
