// The in-app notification feed (shared/inbox.ts): one item per recipient under the company
// partition, `INBOX#<userId>#<ULID>`, so a member's feed is one Query newest first and nobody
// else's is reachable (the key is built from the caller's own id). An item's ULID is derived from the
// event (its time, and a hash of the event id and recipient), and written only if absent: a
// redelivered event adds nothing. While unread an item is also on gsi1 (the member's unread
// partition); reading removes it from there, and DynamoDB's TTL deletes old items with their entry.
import { createHash } from 'node:crypto';
import { ConditionalCheckFailedException, QueryCommand as RawQueryCommand } from '@aws-sdk/client-dynamodb';
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { encodeTime } from 'ulid';
import { INBOX_RETENTION_DAYS, INBOX_UNREAD_CAP, type InboxItem, type InboxKind } from '#shared/inbox';
import { db, readClient, tableName } from '../client';
import { queryPage, type Page } from '../db';
import { keys } from '../keys';

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A ULID whose time is `at` and whose other 16 characters come from `seed`: the same seed, the same id. */
export function inboxItemId(at: string, seed: string): string {
  const time = Number.isNaN(Date.parse(at)) ? Date.now() : Date.parse(at);
  const hash = createHash('sha256').update(seed).digest();
  let random = '';
  for (let i = 0; i < 16; i++) random += CROCKFORD[hash[i] % 32];
  return `${encodeTime(time, 10)}${random}`;
}

export type InboxDraft = Omit<InboxItem, 'id' | 'createdAt' | 'readAt'>;

const DEFAULTS: Omit<InboxDraft, 'kind'> = {
  title: null,
  property: null,
  propertyId: null,
  taskId: null,
  reservationId: null,
  actor: null,
  when: null,
  previousWhen: null,
  timeZone: null,
  detail: null,
};

/**
 * Adds an item to each recipient's feed (once per event id and recipient). Returns how many
 * were new (a redelivery adds none).
 */
export async function addInboxItems(
  companyId: string,
  recipients: readonly string[],
  draft: Partial<InboxDraft> & { kind: InboxKind },
  event: { eventId: string; occurredAt: string },
): Promise<number> {
  const createdAt = Number.isNaN(Date.parse(event.occurredAt)) ? new Date().toISOString() : new Date(event.occurredAt).toISOString();
  const expiresAt = Math.floor(Date.parse(createdAt) / 1000) + INBOX_RETENTION_DAYS * 86_400;
  let added = 0;
  for (const userId of new Set(recipients)) {
    const id = inboxItemId(createdAt, `${event.eventId}#${userId}`);
    const item: InboxItem = { ...DEFAULTS, ...draft, id, createdAt, readAt: null };
    try {
      await db.send(
        new PutCommand({
          TableName: tableName(),
          Item: {
            ...keys.inboxItem(companyId, userId, id),
            gsi1pk: keys.inboxUnread(companyId, userId),
            gsi1sk: id,
            entity: 'inbox',
            userId,
            ...item,
            expiresAt,
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
      added += 1;
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException) && (error as { name?: string }).name !== 'ConditionalCheckFailedException') throw error;
    }
  }
  return added;
}

const ITEM_ATTRIBUTES: readonly string[] = ['id', 'kind', 'createdAt', 'readAt', ...Object.keys(DEFAULTS)];

/** A page of the member's feed, newest first (items past their TTL but not yet deleted are left out). */
export async function listInbox(companyId: string, userId: string, page: { limit: number; cursor?: string }, now = new Date()): Promise<Page<InboxItem>> {
  const result = await queryPage<InboxItem>({
    partition: keys.companyPartition(companyId),
    beginsWith: keys.inboxPrefix(userId),
    limit: page.limit,
    cursor: page.cursor,
    newestFirst: true,
    attributes: ITEM_ATTRIBUTES,
  });
  // The TTL's own rule (createdAt + retention), so an item DynamoDB has not deleted yet is not shown.
  const oldest = now.getTime() - INBOX_RETENTION_DAYS * 86_400_000;
  return {
    items: result.items.filter((item) => Date.parse(item.createdAt) >= oldest).map((item) => ({ ...DEFAULTS, ...item, readAt: item.readAt ?? null })),
    cursor: result.cursor,
  };
}

/** The member's unread items, counted up to INBOX_UNREAD_CAP: one COUNT Query on their unread partition. */
export async function unreadCount(companyId: string, userId: string, now = new Date()): Promise<number> {
  const result = await readClient.send(
    new RawQueryCommand({
      TableName: tableName(),
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      FilterExpression: 'attribute_not_exists(expiresAt) OR expiresAt >= :now',
      ExpressionAttributeValues: { ':pk': { S: keys.inboxUnread(companyId, userId) }, ':now': { N: String(Math.floor(now.getTime() / 1000)) } },
      Select: 'COUNT',
      Limit: INBOX_UNREAD_CAP,
    }),
  );
  return result.Count ?? 0;
}

/**
 * Marks the given items of the member read (and takes them off the unread partition). Ids that are
 * not theirs, unknown or already read change nothing. Returns how many were marked.
 */
export async function markInboxRead(companyId: string, userId: string, ids: readonly string[], now = new Date()): Promise<number> {
  let marked = 0;
  await Promise.all(
    [...new Set(ids)].map(async (id) => {
      try {
        await db.send(
          new UpdateCommand({
            TableName: tableName(),
            Key: keys.inboxItem(companyId, userId, id),
            UpdateExpression: 'SET readAt = :now REMOVE gsi1pk, gsi1sk',
            ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(readAt) OR readAt = :null)',
            ExpressionAttributeValues: { ':now': now.toISOString(), ':null': null },
          }),
        );
        marked += 1;
      } catch (error) {
        if ((error as { name?: string }).name !== 'ConditionalCheckFailedException') throw error;
      }
    }),
  );
  return marked;
}
