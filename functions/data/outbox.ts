// The events outbox: a write and the domain events it produces are one DynamoDB transaction. The
// repository adds `outboxPut(events)` to its transaction (one item, whatever the number of events);
// nothing is published by the request itself.
// - In AWS the table's stream (NEW_IMAGE) hands every new outbox item to the relay function
//   (functions/handlers/relay-outbox.ts: PutEvents on the bus, partial batch failures, bisect on
//   error, a dead-letter queue); the item expires by TTL after OUTBOX_TTL_DAYS.
// - Under `npm start` and in tests the local relay (local/outbox-relay.ts, configured through the
//   port below) delivers the entry to the in-process bus as soon as the transaction committed
//   (db.ts calls `afterCommit`), and deletes it once every handler succeeded; a failing handler
//   leaves it for a later retry.
// Each event carries an id fixed when it is written (`eventId` in the detail on the wire), so a
// redelivery, or a second PutEvents of the same entry, is recognised by the consumers.
import { randomUUID } from 'node:crypto';
import type { TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import type { DomainEvent } from '../../events/catalogue';
import { definePort } from '#functions/lib/ports';
import { logger } from '#functions/lib/logger';
import { countMetric, METRIC } from '#functions/lib/metrics';
import { tableName } from './client';
import { keys } from './keys';
import { TTL_ATTRIBUTE } from './table';

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

export const OUTBOX_SHARDS = 16;
export const OUTBOX_ENTITY = 'outbox';
/** Delivered entries stay this long (replay by hand), then DynamoDB's TTL deletes them. */
export const OUTBOX_TTL_DAYS = 3;

/** One event of an entry: its id (stable across deliveries), type and detail. */
export interface OutboxEvent {
  id: string;
  type: DomainEvent['type'];
  detail: DomainEvent['detail'];
}

/** The outbox item as stored (and as the stream's NEW_IMAGE carries it). */
export interface OutboxEntry {
  pk: string;
  sk: string;
  entity: typeof OUTBOX_ENTITY;
  events: OutboxEvent[];
  createdAt: string;
  /** Deliveries that failed (local relay only). */
  attempts?: number;
  lastError?: string;
  expiresAt: number;
}

const shardOf = (id: string) => {
  let hash = 0;
  for (const char of id) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return hash % OUTBOX_SHARDS;
};

/** The events as the bus carries them: the outbox id rides in the detail (`eventId`). */
export function withEventIds(entry: Pick<OutboxEntry, 'events'>): DomainEvent[] {
  return entry.events.map((event) => ({ type: event.type, detail: { ...event.detail, eventId: event.id } }) as unknown as DomainEvent);
}

/** The id an event carries (see withEventIds), if any. */
export function eventIdOf(detail: unknown): string | undefined {
  const id = (detail as { eventId?: unknown } | null)?.eventId;
  return typeof id === 'string' && id.length > 0 && id.length <= 64 ? id : undefined;
}

/** The outbox entry of a write's events (undefined for none). */
export function outboxEntry(events: readonly DomainEvent[], now = new Date()): OutboxEntry | undefined {
  if (events.length === 0) return undefined;
  const entryId = randomUUID();
  return {
    ...keys.outboxEntry(shardOf(entryId), `${now.toISOString()}#${entryId}`),
    entity: OUTBOX_ENTITY,
    events: events.map((event) => ({ id: randomUUID(), type: event.type, detail: event.detail })),
    createdAt: now.toISOString(),
    [TTL_ATTRIBUTE]: Math.floor(now.getTime() / 1000) + OUTBOX_TTL_DAYS * 86_400,
  } as OutboxEntry;
}

/** The transaction item that writes the events with the write they belong to (undefined for none). */
export function outboxPut(events: readonly DomainEvent[], now = new Date()): TransactItem | undefined {
  const entry = outboxEntry(events, now);
  return entry && { Put: { TableName: tableName(), Item: entry, ConditionExpression: 'attribute_not_exists(pk)' } };
}

export const isOutboxEntry = (item: Record<string, unknown> | undefined): item is OutboxEntry & Record<string, unknown> =>
  Boolean(item) && item!.entity === OUTBOX_ENTITY && typeof item!.pk === 'string' && item!.pk.startsWith('OUTBOX#') && Array.isArray(item!.events);

/** What delivers committed entries: nothing in AWS (the table's stream does), the local relay otherwise. */
export interface OutboxRelay {
  /** Called once a transaction holding these entries committed. */
  committed(entries: readonly OutboxEntry[]): Promise<void>;
}

/** In AWS nothing is configured: the stream delivers. */
const streamDelivers: OutboxRelay = { committed: async () => undefined };

export const outboxRelayPort = definePort<OutboxRelay>('outbox', () => streamDelivers);

/** For composition roots (local/ports.ts) and tests. */
export function configureOutboxRelay(relay: OutboxRelay): void {
  outboxRelayPort.configure(relay);
}

/**
 * After a transaction committed (db.ts transactWrite): hands its outbox entries to the relay. The
 * write stands whatever happens here; an entry not delivered now stays in the outbox for a retry.
 */
export async function afterCommit(items: readonly TransactItem[]): Promise<void> {
  const entries = items.map((item) => item.Put?.Item).filter(isOutboxEntry);
  if (entries.length === 0 || !outboxRelayPort.configured) return;
  try {
    await (await outboxRelayPort.use()).committed(entries);
  } catch (error) {
    logger.error('Outbox relay failed; the entries stay in the outbox for a retry', { error: error as Error, entries: entries.map((entry) => entry.sk) });
  }
}

/** Business metrics of delivered events (the relay counts them once the bus took them): tasks completed. */
export function countDelivered(events: readonly Pick<DomainEvent, 'type'>[]): void {
  const completed = events.filter((event) => event.type === 'task.completed').length;
  if (completed) countMetric(METRIC.tasksCompleted, completed);
}
