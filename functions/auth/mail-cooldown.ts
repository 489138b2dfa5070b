// One link e-mail of a kind per address per cooldown: the public "forgot password" and "resend
// confirmation" forms answer the same whatever happens, so without this they could be used to
// flood someone's mailbox. One conditional write per request, expired by the table's TTL.
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '#functions/data/client';
import { keys } from '#functions/data/keys';

export const MAIL_COOLDOWN_SECONDS = 60;

/** True (and the cooldown starts) when no e-mail of this kind went to the address in the last minute. */
export async function claimMailSlot(kind: 'reset-password' | 'confirm-email' | 'register-attempt', email: string, now = new Date()): Promise<boolean> {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  try {
    await db.send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...keys.mailCooldown(kind, email), expiresAt: nowSeconds + MAIL_COOLDOWN_SECONDS },
        ConditionExpression: 'attribute_not_exists(pk) OR expiresAt <= :now',
        ExpressionAttributeValues: { ':now': nowSeconds },
      }),
    );
    return true;
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}
