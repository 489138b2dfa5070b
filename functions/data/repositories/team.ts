// Team changes beyond adding a member (users.ts addMember): role changes and removals. The company
// always keeps a CEO: a change that takes away a CEO carries a ConditionCheck that another CEO is
// still one, so of any set of racing demotions and removals the last to commit still leaves one.
import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Role } from '#shared/enums';
import type { User } from '#shared/schemas';
import { ConflictError } from '#functions/lib/errors';
import { db, tableName } from '../client';
import { transactWrite, type TransactItem } from '../db';
import { keys } from '../keys';
import { outboxPut } from '../outbox';
import type { DomainEvent } from '../../../events/catalogue';

function stillCeo(companyId: string, userId: string): TransactItem {
  return {
    ConditionCheck: {
      TableName: tableName(),
      Key: keys.user(companyId, userId),
      ConditionExpression: '#role = :ceo',
      ExpressionAttributeNames: { '#role': 'role' },
      ExpressionAttributeValues: { ':ceo': 'ceo' },
    },
  };
}

/** Sets a member's role, unchanged since read; `keepsCeo` names another CEO who must still be one. */
export async function setMemberRole(companyId: string, user: User, role: Role, keepsCeo?: string, now = new Date(), events: readonly DomainEvent[] = []): Promise<User> {
  const items: TransactItem[] = [
    {
      Update: {
        TableName: tableName(),
        Key: keys.user(companyId, user.id),
        UpdateExpression: 'SET #role = :role, updatedAt = :now',
        ConditionExpression: 'attribute_exists(pk) AND #role = :was',
        ExpressionAttributeNames: { '#role': 'role' },
        ExpressionAttributeValues: { ':role': role, ':was': user.role, ':now': now.toISOString() },
      },
    },
  ];
  if (keepsCeo) items.push(stillCeo(companyId, keepsCeo));
  // The change's events in its transaction (the events outbox), after the items the errors name.
  const outbox = outboxPut(events, now);
  await transactWrite(outbox ? [...items, outbox] : items, (failed) => (failed === 1 ? new ConflictError('team.lastCeo') : new ConflictError()));
  return { ...user, role, updatedAt: now.toISOString() };
}

/**
 * Removes a member: the user item, the e-mail claim (so the address can be invited or register
 * again) and one from the user counter, all or nothing. Tasks keep their assignee id.
 */
export async function deleteMember(companyId: string, user: Pick<User, 'id' | 'email' | 'role'>, keepsCeo?: string, events: readonly DomainEvent[] = []): Promise<void> {
  const items: TransactItem[] = [
    {
      Delete: {
        TableName: tableName(),
        Key: keys.user(companyId, user.id),
        ConditionExpression: 'attribute_exists(pk) AND #role = :role',
        ExpressionAttributeNames: { '#role': 'role' },
        ExpressionAttributeValues: { ':role': user.role },
      },
    },
    {
      Delete: {
        TableName: tableName(),
        Key: keys.emailClaim(user.email),
        ConditionExpression: 'attribute_not_exists(pk) OR userId = :id',
        ExpressionAttributeValues: { ':id': user.id },
      },
    },
    {
      Update: {
        TableName: tableName(),
        Key: keys.companyStats(companyId),
        UpdateExpression: 'ADD userCount :minus',
        // An owner took no seat (users.ts addMember).
        ExpressionAttributeValues: { ':minus': user.role === 'owner' ? 0 : -1 },
      },
    },
  ];
  if (keepsCeo) items.push(stillCeo(companyId, keepsCeo));
  const outbox = outboxPut(events);
  await transactWrite(outbox ? [...items, outbox] : items, (failed) => (failed === 3 ? new ConflictError('team.lastCeo') : new ConflictError()));
}

/** Live sessions carry the role they were started with: they follow a role change. */
export async function setSessionsRole(userId: string, role: Role): Promise<void> {
  let start: Record<string, unknown> | undefined;
  do {
    const result = await db.send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk',
        ExpressionAttributeValues: { ':pk': keys.userSessions(userId).gsi1pk },
        ExclusiveStartKey: start,
      }),
    );
    for (const item of result.Items ?? []) {
      await db
        .send(
          new UpdateCommand({
            TableName: tableName(),
            Key: keys.session(String(item.sid)),
            UpdateExpression: 'SET #sess.#role = :role',
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeNames: { '#sess': 'sess', '#role': 'role' },
            ExpressionAttributeValues: { ':role': role },
          }),
        )
        .catch((error: Error) => {
          if (error.name !== 'ConditionalCheckFailedException') throw error;
        });
    }
    start = result.LastEvaluatedKey;
  } while (start);
}

/** Records when the newest invitation e-mail of a member who has not joined yet went out. */
export async function markInvitationSent(companyId: string, userId: string, at: string): Promise<void> {
  await db
    .send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.user(companyId, userId),
        UpdateExpression: 'SET invitationSentAt = :at',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':at': at },
      }),
    )
    .catch((error: Error) => {
      // Removed meanwhile: nothing to record.
      if (error.name !== 'ConditionalCheckFailedException') throw error;
    });
}
