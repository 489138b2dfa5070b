import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import type { Plan } from '#shared/enums';
import { UNLIMITED } from '#shared/plans';
import { propertyLimit, utcDay } from '#shared/rules';
import type { Property, PropertyBody, PropertyOwner, PropertyUpdateBody } from '#shared/schemas';
import { ConflictError, ForbiddenError, NotFoundError, PlanLimitError } from '#functions/lib/errors';
import { scopedPropertyIds } from '../property-scope';
import { db, tableName } from '../client';
import { getItem, nowIso, queryPage, transactWrite, type Page, type TransactItem } from '../db';
import { keys, stripKeys } from '../keys';
import { firstExportItems } from './calendar-exports';
import { DAY, dayStatsUpdate, present } from './report-stats';
import { FIGURES_REVISION } from './stats';

/** A property as read: its readiness is `ready` until a stay or task first writes one (issue 40). */
const withReadiness = (property: Property): Property => (property.readiness ? property : { ...property, readiness: 'ready' });

export async function getProperty(companyId: string, propertyId: string): Promise<Property | undefined> {
  const property = await getItem<Property>(keys.property(companyId, propertyId));
  return property && withReadiness(property);
}

export async function listProperties(companyId: string, page: { limit: number; cursor?: string }): Promise<Page<Property>> {
  const found = await queryPage<Property>({
    partition: keys.companyPartition(companyId),
    beginsWith: keys.propertyPrefix,
    limit: page.limit,
    cursor: page.cursor,
  });
  return { ...found, items: found.items.map(withReadiness) };
}

export interface CreatePropertyContext {
  companyId: string;
  plan: Plan;
  /** The master account is never at a plan limit. */
  unlimited: boolean;
}

/**
 * One transaction: the plan is still the one we checked, the counter is below the limit and is
 * incremented, and the property is written. Concurrent creates can never pass the limit.
 */
export async function createProperty(ctx: CreatePropertyContext, body: PropertyBody, now = new Date()): Promise<Property> {
  // A member scoped to property groups (issue 41) could not see what they add: the CEO or an unscoped manager adds properties.
  if (scopedPropertyIds()) throw new ForbiddenError('propertyGroups.scopedCaller');
  const createdAt = now.toISOString();
  const property: Property = { id: ulid(), ...body, readiness: 'ready', companyId: ctx.companyId, createdAt, updatedAt: createdAt };
  const limit = propertyLimit(ctx.plan);
  const enforce = !ctx.unlimited && limit !== UNLIMITED;
  const items: TransactItem[] = [
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
        // The count and the dashboard figures' revision (stats.ts FIGURES_REVISION) move together.
        UpdateExpression: `ADD propertyCount :one, ${FIGURES_REVISION} :one`,
        ...(enforce
          ? {
              ConditionExpression: 'attribute_not_exists(propertyCount) OR propertyCount < :limit',
              ExpressionAttributeValues: { ':one': 1, ':limit': limit },
            }
          : { ExpressionAttributeValues: { ':one': 1 } }),
      },
    },
    {
      Put: {
        TableName: tableName(),
        Item: { ...keys.property(ctx.companyId, property.id), entity: 'property', ...property },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    // The day's count of properties added (the dashboard compares with 30 days ago; report-stats.ts).
    ...present(dayStatsUpdate(ctx.companyId, utcDay(now), { [DAY.propertiesAdded]: 1 })),
    // Its calendar export URL for the channels (issue 39 point 5), there from the start.
    ...firstExportItems({ subject: 'PROPERTY', companyId: ctx.companyId, subjectId: property.id }, now).items,
  ];
  await transactWrite(items, (failed) =>
    failed === 1 ? new PlanLimitError('property.limitReached', { plan: `plan.${ctx.plan}`, limit }) : new ConflictError(),
  );
  return property;
}

/** The stored attribute each field of a property's update is written to, when it is sent. */
const UPDATABLE: ReadonlyArray<keyof PropertyUpdateBody> = ['name', 'address', 'accessNotes', 'doorCode', 'inspectionRequired', 'inspectorId', 'ownerApprovalLimit'];

/**
 * Writes the fields sent and only those (a field absent keeps its stored value; null clears access
 * notes, door code, inspector or approval limit); 404 when the company has no such property.
 * Issue 40 point 2: inspectionRequired / inspectorId; issue 41 point 4: ownerApprovalLimit.
 */
export async function updateProperty(companyId: string, propertyId: string, body: PropertyUpdateBody): Promise<Property> {
  const sent = UPDATABLE.filter((field) => body[field] !== undefined);
  try {
    const result = await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.property(companyId, propertyId),
        UpdateExpression: `SET ${['updatedAt = :updatedAt', ...sent.map((field) => `#${field} = :${field}`)].join(', ')}`,
        ConditionExpression: 'attribute_exists(pk)',
        ...(sent.length ? { ExpressionAttributeNames: Object.fromEntries(sent.map((field) => [`#${field}`, field])) } : {}),
        ExpressionAttributeValues: { ':updatedAt': nowIso(), ...Object.fromEntries(sent.map((field) => [`:${field}`, body[field]])) },
        ReturnValues: 'ALL_NEW',
      }),
    );
    const { entity: _entity, ...property } = stripKeys<Property & { entity?: string }>(result.Attributes ?? {});
    return withReadiness(property as Property);
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') throw new NotFoundError();
    throw error;
  }
}

/** Sets (or with null removes) the property's owner; 404 when the company has no such property. */
export async function setPropertyOwner(companyId: string, propertyId: string, owner: PropertyOwner | null): Promise<Property> {
  const index = keys.ownedPropertyIndex(companyId, propertyId);
  try {
    const result = await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.property(companyId, propertyId),
        // The owned-properties index (keys.ownedPropertyIndex) follows the owner: set with it, removed with it.
        UpdateExpression: owner ? 'SET #owner = :owner, updatedAt = :now, gsi2pk = :gpk, gsi2sk = :gsk' : 'REMOVE #owner, gsi2pk, gsi2sk SET updatedAt = :now',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: { '#owner': 'owner' },
        ExpressionAttributeValues: {
          ':now': nowIso(),
          ...(owner ? { ':owner': owner, ':gpk': index.gsi2pk, ':gsk': index.gsi2sk } : {}),
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    const { entity: _entity, ...property } = stripKeys<Property & { entity?: string }>(result.Attributes ?? {});
    return property as Property;
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') throw new NotFoundError();
    throw error;
  }
}

/** A transaction item that fails unless the property exists in the company. */
export function propertyExistsCheck(companyId: string, propertyId: string): TransactItem {
  return {
    ConditionCheck: {
      TableName: tableName(),
      Key: keys.property(companyId, propertyId),
      ConditionExpression: 'attribute_exists(pk)',
    },
  };
}
