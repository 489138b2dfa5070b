// A public token's requests counted on its own lookup item (the calendar export's feed tokens, the
// guest links): `hits` in the current window of `windowSeconds`, one UpdateItem in the usual case
// (two when a new window starts). An unknown or revoked token fails the condition and writes nothing.
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './client';
import type { Key } from './keys';

export interface TokenHit {
  /** The lookup item after the count (its `hits` include this request). */
  item: Record<string, unknown>;
  /** Seconds until the window ends (what a 429's Retry-After says). */
  retryAfterSeconds: number;
}

const conditionFailed = (error: unknown) => (error as Error).name === 'ConditionalCheckFailedException';

/** Counts one request on the token's lookup item; undefined when there is no such token. */
export async function countTokenHit(key: Key, windowSeconds: number, now = new Date()): Promise<TokenHit | undefined> {
  const epoch = Math.floor(now.getTime() / 1000);
  const window = Math.floor(epoch / windowSeconds);
  const send = (update: string, condition: string) =>
    db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key,
        UpdateExpression: update,
        ConditionExpression: condition,
        ExpressionAttributeValues: { ':one': 1, ':window': window },
        ReturnValues: 'ALL_NEW',
      }),
    );
  const inWindow = () => send('ADD hits :one', 'attribute_exists(pk) AND rateWindow = :window');
  let attributes: Record<string, unknown> | undefined;
  try {
    attributes = (await inWindow()).Attributes;
  } catch (error) {
    if (!conditionFailed(error)) throw error;
    try {
      attributes = (await send('SET rateWindow = :window, hits = :one', 'attribute_exists(pk) AND (attribute_not_exists(rateWindow) OR rateWindow <> :window)')).Attributes;
    } catch (retry) {
      if (!conditionFailed(retry)) throw retry;
      // Either no such token, or another request opened the window meanwhile: count it there.
      try {
        attributes = (await inWindow()).Attributes;
      } catch (last) {
        if (!conditionFailed(last)) throw last;
        return undefined;
      }
    }
  }
  return attributes ? { item: attributes, retryAfterSeconds: Math.max(1, (window + 1) * windowSeconds - epoch) } : undefined;
}
