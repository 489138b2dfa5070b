// The outbox's own reads and writes (its item and the port: functions/data/outbox.ts). Repositories
// put their events in their own transaction with `outboxPut`; `writeEvents` is for the few events
// that follow no table write of their own (a one-item transaction). The local relay reads and
// clears entries here; in AWS the stream delivers them and TTL deletes them.
import { DeleteCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { DomainEvent } from '../../../events/catalogue';
import { db, tableName } from '../client';
import { transactWrite } from '../db';
import { keys, type Key } from '../keys';
import { TTL_ATTRIBUTE } from '../table';
import { OUTBOX_SHARDS, outboxPut, type OutboxEntry } from '../outbox';

/** Writes events that belong to no other write (one item, its own transaction). */
export async function writeEvents(events: readonly DomainEvent[], now = new Date()): Promise<void> {
  const put = outboxPut(events, now);
  if (put) await transactWrite([put], () => new Error('Outbox entry id collision'));
}

class AlreadyClaimed extends Error {}

/**
 * A one-time marker and events, in one transaction: the events are written exactly when the marker
 * is claimed (a reminder, once per reservation). False when the marker was already claimed (nothing
 * written). The marker expires (TTL) at `expiresAt`.
 */
export async function writeEventsOnce(marker: Key, expiresAt: Date, attributes: Record<string, unknown>, events: readonly DomainEvent[], now = new Date()): Promise<boolean> {
  const put = outboxPut(events, now);
  try {
    await transactWrite(
      [
        {
          Put: {
            TableName: tableName(),
            Item: { ...marker, entity: 'claim', ...attributes, [TTL_ATTRIBUTE]: Math.floor(expiresAt.getTime() / 1000) },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        ...(put ? [put] : []),
      ],
      () => new AlreadyClaimed(),
    );
    return true;
  } catch (error) {
    if (error instanceof AlreadyClaimed) return false;
    throw error;
  }
}

/** Entries still in the outbox, oldest first per shard (the local relay's retries; tests). */
export async function pendingOutboxEntries(limitPerShard = 100): Promise<OutboxEntry[]> {
  const shards = Array.from({ length: OUTBOX_SHARDS }, (_, shard) => shard);
  const pages = await Promise.all(
    shards.map((shard) =>
      db.send(
        new QueryCommand({
          TableName: tableName(),
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': keys.outboxPartition(shard) },
          ConsistentRead: true,
          Limit: limitPerShard,
        }),
      ),
    ),
  );
  return pages.flatMap((page) => (page.Items ?? []) as OutboxEntry[]);
}

/** A delivered entry leaves the outbox (locally; in AWS the TTL removes it). */
export async function deleteOutboxEntry(entry: Pick<OutboxEntry, 'pk' | 'sk'>): Promise<void> {
  await db.send(new DeleteCommand({ TableName: tableName(), Key: { pk: entry.pk, sk: entry.sk } }));
}

/** Counts a failed delivery on the entry (it stays for the next retry). */
export async function recordOutboxFailure(entry: Pick<OutboxEntry, 'pk' | 'sk'>, error: string): Promise<number> {
  const result = await db.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: { pk: entry.pk, sk: entry.sk },
      UpdateExpression: 'ADD attempts :one SET lastError = :error',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':one': 1, ':error': error.slice(0, 500) },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return Number(result.Attributes?.attempts ?? 0);
}
