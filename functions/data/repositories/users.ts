import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { isOwnerRole, type Plan } from '#shared/enums';
import { UNLIMITED } from '#shared/plans';
import { userLimit } from '#shared/rules';
import type { User } from '#shared/schemas';
import { ConflictError, PlanLimitError } from '#functions/lib/errors';
import { db, tableName } from '../client';
import { getItem, queryAll, transactWrite } from '../db';
import { keys } from '../keys';

export function userItem(user: User): Record<string, unknown> {
  return { ...keys.user(user.companyId, user.id), entity: 'user', ...user };
}

export function emailClaimItem(user: Pick<User, 'email' | 'id' | 'companyId'>): Record<string, unknown> {
  return { ...keys.emailClaim(user.email), entity: 'emailClaim', userId: user.id, companyId: user.companyId };
}

export async function getUser(companyId: string, userId: string): Promise<User | undefined> {
  return getItem<User>(keys.user(companyId, userId));
}

/** Sign-in lookup: the e-mail claim names the user's company, then one GetItem reads the user. */
/** Who holds an e-mail (its claim): the user and company, without reading the user (which may be another company's). */
export async function emailClaimOf(email: string): Promise<{ userId: string; companyId: string } | undefined> {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName(), Key: keys.emailClaim(email), ConsistentRead: true }),
  );
  return Item ? { userId: Item.userId as string, companyId: Item.companyId as string } : undefined;
}

export async function findUserByEmail(email: string): Promise<User | undefined> {
  const claim = await emailClaimOf(email);
  return claim && getUser(claim.companyId, claim.userId);
}

/** A team is bounded by the plan's user limit, so reading it whole is a bounded Query. */
export async function listUsers(companyId: string): Promise<User[]> {
  return queryAll<User>({ partition: keys.companyPartition(companyId), beginsWith: keys.userPrefix });
}

/**
 * The company's team: its users but its property owners (role `owner`: a portal of their own homes,
 * not a member of the team; docs/owners.md), for everything that lists the team as people who work.
 */
export async function listMembers(companyId: string): Promise<User[]> {
  return (await listUsers(companyId)).filter((user) => !isOwnerRole(user.role));
}

export async function topPerformers(companyId: string, limit = 5): Promise<User[]> {
  const users = await listUsers(companyId);
  return users
    .filter((user) => (user.completedTasks ?? 0) > 0)
    .sort((a, b) => (b.completedTasks ?? 0) - (a.completedTasks ?? 0) || a.id.localeCompare(b.id))
    .slice(0, limit);
}

export interface AddMemberContext {
  companyId: string;
  plan: Plan;
  /** The master account's company is never at a limit. */
  unlimited: boolean;
}

/**
 * Adds a user to a company: the plan is still the one checked, the user counter is below the
 * plan's limit and is incremented, the e-mail is claimed and the user written, all or nothing.
 */
export async function addMember(ctx: AddMemberContext, user: User): Promise<User> {
  const limit = userLimit(ctx.plan);
  // An owner (issue 41 point 3) takes no seat: the counter is left as it is (ADD 0 keeps the transaction's shape).
  const seat = isOwnerRole(user.role) ? 0 : 1;
  const enforce = seat > 0 && !ctx.unlimited && limit !== UNLIMITED;
  await transactWrite(
    [
      {
        ConditionCheck: {
          TableName: tableName(),
          Key: keys.company(ctx.companyId),
          ConditionExpression: '#plan = :plan',
          ExpressionAttributeNames: { '#plan': 'plan' },
          ExpressionAttributeValues: { ':plan': ctx.plan },
        },
      },
      {
        Update: {
          TableName: tableName(),
          Key: keys.companyStats(ctx.companyId),
          UpdateExpression: 'ADD userCount :one',
          ...(enforce
            ? { ConditionExpression: 'attribute_not_exists(userCount) OR userCount < :limit', ExpressionAttributeValues: { ':one': seat, ':limit': limit } }
            : { ExpressionAttributeValues: { ':one': seat } }),
        },
      },
      { Put: { TableName: tableName(), Item: emailClaimItem(user), ConditionExpression: 'attribute_not_exists(pk)' } },
      { Put: { TableName: tableName(), Item: userItem(user), ConditionExpression: 'attribute_not_exists(pk)' } },
    ],
    (failed) => {
      if (failed === 1) return new PlanLimitError('user.limitReached', { plan: `plan.${ctx.plan}`, limit });
      if (failed === 2) return new ConflictError('auth.emailTaken');
      return new ConflictError();
    },
  );
  return user;
}

/** What the team screens read of a user (SPEC point 3, "Team member"); nothing private. */
export function toTeamMember(user: User) {
  return {
    id: user.id,
    firstName: user.firstName ?? null,
    lastName: user.lastName ?? null,
    email: user.email,
    role: user.role,
    profileImageUrl: user.profileImageUrl ?? null,
    createdAt: user.createdAt,
    completedTasks: user.completedTasks ?? 0,
  };
}
