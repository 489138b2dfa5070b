// The few account writes the identity flows make beyond the shared repositories: marking an
// e-mail verified, recording a plan picked at sign-up, and undoing a registration that failed.
import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Plan } from '#shared/enums';
import type { User } from '#shared/schemas';
import { db, tableName } from '#functions/data/client';
import { keys } from '#functions/data/keys';

/** Records when the address was proven (the first time only: a later proof keeps the first date). */
export async function markEmailVerified(companyId: string, userId: string, now = new Date()): Promise<void> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.user(companyId, userId),
        UpdateExpression: 'SET emailVerified = :now, updatedAt = :now',
        // New users carry emailVerified: null, which if_not_exists() would keep.
        ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(emailVerified) OR attribute_type(emailVerified, :nullType))',
        ExpressionAttributeValues: { ':now': now.toISOString(), ':nullType': 'NULL' },
      }),
    );
  } catch (error) {
    if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
  }
}

/** A plan chosen before the company existed, kept as a pending plan-change request. */
export async function recordPlanRequest(companyId: string, plan: Plan, now = new Date()): Promise<void> {
  await db.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.company(companyId),
      UpdateExpression: 'SET requestedPlan = :plan, requestedPlanAt = :now',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':plan': plan, ':now': now.toISOString() },
    }),
  );
}

/** Removes what createCompanyWithOwner wrote (a registration rolled back before anyone used it). */
export async function deleteCompanyWithOwner(user: Pick<User, 'email' | 'id' | 'companyId'>): Promise<void> {
  const items = [
    keys.emailClaim(user.email),
    keys.user(user.companyId, user.id),
    keys.companyStats(user.companyId),
    keys.company(user.companyId),
  ];
  await Promise.all(items.map((Key) => db.send(new DeleteCommand({ TableName: tableName(), Key }))));
}

/** Records that the user turned TOTP on (Cognito holds the secret; this is what the app shows and checks). */
export async function markTotpEnabled(companyId: string, userId: string, now = new Date()): Promise<void> {
  await db.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.user(companyId, userId),
      UpdateExpression: 'SET totpEnabledAt = if_not_exists(totpEnabledAt, :now), updatedAt = :now',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':now': now.toISOString() },
    }),
  );
}
