// Owner stay requests (issue 41 point 3, docs/owners.md): one item per request under the company
// partition, `OWNERSTAY#<ULID>` (newest last), carrying its `propertyId`, so the property scope
// (data/property-scope.ts) keeps an owner to their properties and a scoped manager to theirs. Every
// change is a conditional write (a request is decided once) with its domain event in the same
// transaction (the events outbox: the company's history and the notifications).
import { ulid } from 'ulid';
import type { OwnerStayRequest, OwnerStayRequestStatus } from '#shared/schemas';
import type { DomainEvent } from '../../../events/catalogue';
import { ConflictError } from '#functions/lib/errors';
import { tableName } from '../client';
import { getItem, queryAll, transactWrite, type TransactItem } from '../db';
import { keys } from '../keys';
import { outboxPut } from '../outbox';

/** The most requests one list reads (newest first). */
export const OWNER_STAY_LIST_MAX = 500;

export const newOwnerStayRequestId = (now = new Date()): string => ulid(now.getTime());

function withEvents(items: TransactItem[], events: readonly DomainEvent[], now: Date): TransactItem[] {
  const outbox = outboxPut(events, now);
  return outbox ? [...items, outbox] : items;
}

/** Writes a new request (pending) and its event. */
export async function putOwnerStayRequest(companyId: string, request: OwnerStayRequest, events: readonly DomainEvent[], now = new Date()): Promise<OwnerStayRequest> {
  await transactWrite(
    withEvents(
      [
        {
          Put: {
            TableName: tableName(),
            Item: { ...keys.ownerStayRequest(companyId, request.id), entity: 'ownerStayRequest', ...request },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
      ],
      events,
      now,
    ),
    () => new ConflictError(),
  );
  return request;
}

export async function getOwnerStayRequest(companyId: string, requestId: string): Promise<OwnerStayRequest | undefined> {
  const item = await getItem<OwnerStayRequest & { entity?: string }>(keys.ownerStayRequest(companyId, requestId), { consistent: true });
  if (!item) return undefined;
  const { entity: _entity, ...request } = item;
  return request;
}

/** The company's requests the caller may see (the property scope filters them), newest first. */
export async function listOwnerStayRequests(
  companyId: string,
  filter: { status?: OwnerStayRequestStatus; requestedBy?: string; propertyId?: string } = {},
): Promise<OwnerStayRequest[]> {
  const items = await queryAll<OwnerStayRequest & { entity?: string }>(
    { partition: keys.companyPartition(companyId), beginsWith: keys.ownerStayRequestPrefix, newestFirst: true },
    OWNER_STAY_LIST_MAX,
  );
  return items
    .map(({ entity: _entity, ...request }) => request)
    .filter(
      (request) =>
        (!filter.status || request.status === filter.status) &&
        (!filter.requestedBy || request.requestedBy.userId === filter.requestedBy) &&
        (!filter.propertyId || request.propertyId === filter.propertyId),
    );
}

/**
 * Moves a pending request to its decision (accepted with its block, declined or cancelled), with
 * its event; 409 'owners.requestNotPending' when it was decided or cancelled meanwhile.
 */
export async function decideOwnerStayRequest(
  companyId: string,
  request: OwnerStayRequest,
  decision: { status: Exclude<OwnerStayRequestStatus, 'pending'>; decidedBy: string | null; decisionNote: string | null; blockId: string | null },
  events: readonly DomainEvent[],
  now = new Date(),
): Promise<OwnerStayRequest> {
  const decided: OwnerStayRequest = { ...request, ...decision, decidedAt: now.toISOString() };
  await transactWrite(
    withEvents(
      [
        {
          Update: {
            TableName: tableName(),
            Key: keys.ownerStayRequest(companyId, request.id),
            UpdateExpression: 'SET #status = :status, decidedAt = :at, decidedBy = :by, decisionNote = :note, blockId = :block, propertyId = :property',
            ConditionExpression: 'attribute_exists(pk) AND #status = :pending',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: {
              ':status': decided.status,
              ':at': decided.decidedAt,
              ':by': decided.decidedBy,
              ':note': decided.decisionNote,
              ':block': decided.blockId,
              ':property': request.propertyId,
              ':pending': 'pending',
            },
          },
        },
      ],
      events,
      now,
    ),
    (failed) => (failed === 0 ? new ConflictError('owners.requestNotPending') : new ConflictError()),
  );
  return decided;
}
