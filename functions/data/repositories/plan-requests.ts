// Plan-change requests made on the pricing screen. Every request is kept (history: pending,
// cancelled, superseded); a pointer item names the one pending request of a company, so "at most
// one pending request" holds under concurrent writes. A plan picked on the sign-up screen lives on
// the company item (requestedPlan, written at sign-up) until a request replaces or cancels it.
import { nextBillingCycleStart, planButton } from '#shared/rules';
import type { Company, PlanRequest } from '#shared/schemas';
import { ConflictError, NotFoundError } from '#functions/lib/errors';
import { tableName } from '../client';
import { getItem, transactWrite, type TransactItem } from '../db';
import { keys } from '../keys';

/** Id of the request that stands for the plan picked at sign-up (company.requestedPlan). */
export const SIGNUP_REQUEST_ID = 'signup';

/** The plan picked on the sign-up screen, shown as a pending request until replaced or cancelled. */
export function signupRequestOf(company: Company, now: Date): PlanRequest | undefined {
  if (!company.requestedPlan) return undefined;
  if (planButton(company.requestedPlan, company, now).disabled) return undefined; // already on it
  return {
    id: SIGNUP_REQUEST_ID,
    companyId: company.id,
    plan: company.requestedPlan,
    billing: 'monthly',
    status: 'pending',
    source: 'signup',
    fromPlan: company.plan,
    effectiveAt: nextBillingCycleStart(company, now).toISOString(),
    requestedAt: company.requestedPlanAt ?? company.createdAt,
    requestedBy: null,
  };
}

interface PendingPointer {
  requestId: string;
}

export function planRequestItem(request: PlanRequest): Record<string, unknown> {
  return { ...keys.planRequest(request.companyId, request.id), entity: 'planRequest', ...request };
}

export async function getPlanRequest(companyId: string, requestId: string): Promise<PlanRequest | undefined> {
  return getItem<PlanRequest>(keys.planRequest(companyId, requestId));
}

/** The pending request recorded on the pricing screen, if any (two GetItems). */
export async function getPendingPlanRequest(companyId: string): Promise<PlanRequest | undefined> {
  const pointer = await getItem<PendingPointer>(keys.pendingPlanRequest(companyId));
  if (!pointer) return undefined;
  const request = await getPlanRequest(companyId, pointer.requestId);
  return request?.status === 'pending' ? request : undefined;
}

/** The company's pending request: a stored one, else the plan picked at sign-up. */
export async function pendingPlanRequestOf(company: Company, now: Date): Promise<PlanRequest | undefined> {
  return (await getPendingPlanRequest(company.id)) ?? signupRequestOf(company, now);
}

export interface RecordPlanRequestInput {
  request: PlanRequest;
  /** The pending request this one replaces (its id), or undefined when there is none. */
  replaces?: PlanRequest;
  /** The company as read: its plan must still be the same when the request is written. */
  company: Pick<Company, 'id' | 'plan'>;
}

/**
 * Writes a new pending request, all or nothing: the company is still on the plan the request was
 * checked against (and loses its sign-up request), the pointer moves from the replaced request (or
 * is created), the replaced request is marked superseded, and the new one is written.
 */
export async function recordPlanRequest({ request, replaces, company }: RecordPlanRequestInput): Promise<void> {
  const table = tableName();
  const closed = { ':closed': 'superseded', ':at': request.requestedAt, ':by': request.requestedBy ?? null, ':pending': 'pending' };
  const items: TransactItem[] = [
    {
      Update: {
        TableName: table,
        Key: keys.company(company.id),
        UpdateExpression: 'REMOVE requestedPlan, requestedPlanAt',
        ConditionExpression: 'attribute_exists(pk) AND #plan = :plan',
        ExpressionAttributeNames: { '#plan': 'plan' },
        ExpressionAttributeValues: { ':plan': company.plan },
      },
    },
    {
      Put: {
        TableName: table,
        Item: { ...keys.pendingPlanRequest(company.id), entity: 'planRequestPointer', requestId: request.id },
        ...(replaces && replaces.id !== SIGNUP_REQUEST_ID
          ? { ConditionExpression: 'requestId = :previous', ExpressionAttributeValues: { ':previous': replaces.id } }
          : { ConditionExpression: 'attribute_not_exists(pk)' }),
      },
    },
    { Put: { TableName: table, Item: planRequestItem(request), ConditionExpression: 'attribute_not_exists(pk)' } },
  ];
  if (replaces && replaces.id !== SIGNUP_REQUEST_ID) {
    items.push({
      Update: {
        TableName: table,
        Key: keys.planRequest(company.id, replaces.id),
        UpdateExpression: 'SET #status = :closed, closedAt = :at, closedBy = :by',
        ConditionExpression: '#status = :pending',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: closed,
      },
    });
  } else if (replaces) {
    // The sign-up request is kept in the history as superseded, under an id of its own.
    const archived: PlanRequest = { ...replaces, id: `${SIGNUP_REQUEST_ID}-${request.id}`, status: 'superseded', closedAt: request.requestedAt, closedBy: request.requestedBy ?? null };
    items.push({ Put: { TableName: table, Item: planRequestItem(archived), ConditionExpression: 'attribute_not_exists(pk)' } });
  }
  // Any failed condition means someone changed the plan or the pending request meanwhile.
  await transactWrite(items, () => new ConflictError());
}

/**
 * Cancels the pending request `requestId` (or closes it as `applied`/`refused`: the master console);
 * anything else (another company's, not pending) is 404. `extra` items join the transaction.
 */
export async function cancelPlanRequest(companyId: string, requestId: string, by: string, now: Date, status: 'cancelled' | 'applied' | 'refused' = 'cancelled', extra: TransactItem[] = []): Promise<void> {
  const table = tableName();
  const at = now.toISOString();
  await transactWrite(
    [
      {
        Delete: {
          TableName: table,
          Key: keys.pendingPlanRequest(companyId),
          ConditionExpression: 'requestId = :id',
          ExpressionAttributeValues: { ':id': requestId },
        },
      },
      {
        Update: {
          TableName: table,
          Key: keys.planRequest(companyId, requestId),
          UpdateExpression: 'SET #status = :cancelled, closedAt = :at, closedBy = :by',
          ConditionExpression: '#status = :pending',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':cancelled': status, ':pending': 'pending', ':at': at, ':by': by },
        },
      },
      ...extra,
    ],
    () => new NotFoundError(),
  );
}

/** Cancels the plan picked at sign-up (or closes it as `applied`/`refused`): removed from the company, kept in the history. */
export async function cancelSignupRequest(signupRequest: PlanRequest, by: string, now: Date, status: 'cancelled' | 'applied' | 'refused' = 'cancelled', extra: TransactItem[] = []): Promise<void> {
  const table = tableName();
  const at = now.toISOString();
  const archived: PlanRequest = { ...signupRequest, id: `${SIGNUP_REQUEST_ID}-${at}`, status, closedAt: at, closedBy: by };
  await transactWrite(
    [
      {
        Update: {
          TableName: table,
          Key: keys.company(signupRequest.companyId),
          UpdateExpression: 'REMOVE requestedPlan, requestedPlanAt',
          ConditionExpression: 'attribute_exists(requestedPlan) AND requestedPlan = :plan',
          ExpressionAttributeValues: { ':plan': signupRequest.plan },
        },
      },
      { Put: { TableName: table, Item: planRequestItem(archived), ConditionExpression: 'attribute_not_exists(pk)' } },
      ...extra,
    ],
    () => new NotFoundError(),
  );
}
