// A property's iCal feeds (Airbnb, Vrbo, Booking.com, any iCal export) and, per feed, which
// reservation each imported event became (keyed by the event's UID, hashed), so an import never
// creates a reservation twice. The scheduled job finds every feed through gsi1 (`CALENDARFEEDS`,
// across companies: only the job reads it; no request path does).
import { createHash } from 'node:crypto';
import { DeleteCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import type { FeedSource } from '#shared/schemas';
import { ConflictError, NotFoundError } from '#functions/lib/errors';
import { db, tableName } from '../client';
import { getItem, queryAll, transactWrite, type TransactItem } from '../db';
import { keys, stripKeys } from '../keys';
import { outboxPut } from '../outbox';
import type { DomainEvent } from '../../../events/catalogue';
import { propertyExistsCheck } from './properties';
import type { FeedBlock, FeedSummary } from '#shared/calendar-feeds';

export type { FeedBlock, FeedSummary };

export const MAX_FEEDS_PER_PROPERTY = 10;

export interface FeedError {
  /** A message key (calendar.error.*) and its parameters; translated when read. */
  code: string;
  params: Record<string, string | number>;
}

export interface StoredFeed {
  id: string;
  companyId: string;
  propertyId: string;
  url: string;
  name: string | null;
  source: FeedSource;
  enabled: boolean;
  createdAt: string;
  updatedAt: string;
  createdBy: string;
  lastSyncAt: string | null;
  lastSuccessAt: string | null;
  lastError: FeedError | null;
  lastErrorAt: string | null;
  consecutiveFailures: number;
  lastSummary: FeedSummary | null;
  /** Owner blocks of the last healthy import (not reservations): shown on the calendar. */
  blocks: FeedBlock[];
  /** A sync in progress holds the feed until then (ISO instant). */
  syncLeaseUntil?: string | null;
  /** The source was chosen by a manager: the channel the calendar names does not replace it. */
  sourceLocked?: boolean;
  /** The last healthy answer's validators, sent back for a conditional fetch (304: nothing changed). */
  etag?: string | null;
  lastModified?: string | null;
  /** When the dispatcher next hands the feed to a worker (absent: due now). */
  nextSyncAt?: string | null;
  /** A sync under way: how many of the calendar's stays it has been through. */
  syncProgress?: { done: number; total: number } | null;
  /**
   * The first read found a calendar that does not look like a booking calendar (meetings,
   * holidays…): nothing is imported until a manager confirms it (confirmedAt).
   */
  awaitingConfirmation?: boolean;
  /** A manager said this calendar is the property's bookings, whatever it looks like. */
  confirmedAt?: string | null;
}

/** How often a healthy feed is synced, and the backoff of a failing one (doubling, capped). */
export const SYNC_INTERVAL_MS = 30 * 60_000;
export const FIRST_RETRY_MS = 5 * 60_000;
export const MAX_RETRY_MS = 6 * 3_600_000;
/** A feed handed to the queue is not handed again before this, unless its sync ends sooner. */
export const QUEUED_HOLD_MS = 15 * 60_000;

export function nextSyncAfter(now: Date, consecutiveFailures: number): string {
  const wait = consecutiveFailures > 0 ? Math.min(FIRST_RETRY_MS * 2 ** (consecutiveFailures - 1), MAX_RETRY_MS) : SYNC_INTERVAL_MS;
  return new Date(now.getTime() + wait).toISOString();
}

export async function listFeeds(companyId: string, propertyId: string): Promise<StoredFeed[]> {
  return queryAll<StoredFeed>({ partition: keys.companyPartition(companyId), beginsWith: keys.calendarFeedPrefix(propertyId) }, MAX_FEEDS_PER_PROPERTY * 2);
}

export async function getFeed(companyId: string, propertyId: string, feedId: string): Promise<StoredFeed | undefined> {
  return getItem<StoredFeed>(keys.calendarFeed(companyId, propertyId, feedId));
}

export async function requireFeed(companyId: string, propertyId: string, feedId: string): Promise<StoredFeed> {
  const feed = await getFeed(companyId, propertyId, feedId);
  if (!feed) throw new NotFoundError();
  return feed;
}

/** The due-index entry: only enabled feeds are on it (a sparse index). */
const dueIndex = (feed: Pick<StoredFeed, 'companyId' | 'id' | 'enabled' | 'nextSyncAt'>) =>
  feed.enabled ? keys.calendarFeedIndex(feed.companyId, feed.id, feed.nextSyncAt ?? '') : {};

function feedItem(feed: StoredFeed): Record<string, unknown> {
  return { ...keys.calendarFeed(feed.companyId, feed.propertyId, feed.id), ...dueIndex(feed), entity: 'calendarFeed', ...feed };
}

export async function createFeed(
  companyId: string,
  propertyId: string,
  input: { url: string; name: string | null; source: FeedSource; enabled: boolean; sourceLocked?: boolean },
  by: string,
  now = new Date(),
): Promise<StoredFeed> {
  const at = now.toISOString();
  const feed: StoredFeed = {
    id: ulid(now.getTime()),
    companyId,
    propertyId,
    ...input,
    createdAt: at,
    updatedAt: at,
    createdBy: by,
    lastSyncAt: null,
    lastSuccessAt: null,
    lastError: null,
    lastErrorAt: null,
    consecutiveFailures: 0,
    lastSummary: null,
    blocks: [],
    // Due at once: the dispatcher's next run hands it to a worker.
    nextSyncAt: at,
  };
  await transactWrite(
    [propertyExistsCheck(companyId, propertyId), { Put: { TableName: tableName(), Item: feedItem(feed), ConditionExpression: 'attribute_not_exists(pk)' } }],
    (failed) => (failed === 0 ? new NotFoundError() : new ConflictError()),
  );
  return feed;
}

export async function updateFeed(
  companyId: string,
  propertyId: string,
  feedId: string,
  changes: Partial<
    Pick<
      StoredFeed,
      'url' | 'name' | 'source' | 'enabled' | 'sourceLocked' | 'etag' | 'lastModified' | 'consecutiveFailures' | 'lastError' | 'lastErrorAt' | 'lastSuccessAt' | 'awaitingConfirmation' | 'confirmedAt'
    >
  >,
  now = new Date(),
): Promise<StoredFeed> {
  const fields: Record<string, unknown> = { ...Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined)), updatedAt: now.toISOString() };
  // Enabled again, a new URL, or confirmed as a booking calendar: due now. Disabled: off the due index.
  const dueNow = changes.enabled === true || changes.url !== undefined || Boolean(changes.confirmedAt);
  if (dueNow && changes.enabled !== false) Object.assign(fields, { nextSyncAt: now.toISOString(), ...keys.calendarFeedIndex(companyId, feedId, now.toISOString()) });
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const sets = Object.entries(fields).map(([name, value], i) => {
    names[`#f${i}`] = name;
    values[`:v${i}`] = value;
    return `#f${i} = :v${i}`;
  });
  // A feed that is (still) disabled keeps no index entry, whatever else changed.
  const removal = changes.enabled === false ? ' REMOVE gsi1pk, gsi1sk' : '';
  try {
    const result = await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.calendarFeed(companyId, propertyId, feedId),
        UpdateExpression: `SET ${sets.join(', ')}${removal}`,
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
        ReturnValues: 'ALL_NEW',
      }),
    );
    return stripKeys<StoredFeed>(result.Attributes ?? {});
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') throw new NotFoundError();
    throw error;
  }
}

/** Removes a feed and its event mappings. Reservations it imported stay (as they are). */
export async function deleteFeed(companyId: string, propertyId: string, feedId: string): Promise<void> {
  try {
    await db.send(new DeleteCommand({ TableName: tableName(), Key: keys.calendarFeed(companyId, propertyId, feedId), ConditionExpression: 'attribute_exists(pk)' }));
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') throw new NotFoundError();
    throw error;
  }
  const mappings = await listFeedEvents(companyId, feedId);
  for (const mapping of mappings) {
    await db.send(new DeleteCommand({ TableName: tableName(), Key: keys.feedEvent(companyId, feedId, mapping.uidHash) }));
  }
}

/**
 * The feeds due for a sync at `now`, from one shard of the due index (only due entries are read),
 * at most `limit`. The dispatcher reads every shard; a shard holds about 1/CALENDAR_SYNC_SHARDS of
 * all feeds, and of those only the due ones are read.
 */
export async function dueFeeds(shard: number, now: Date, limit = 1000): Promise<Array<Pick<StoredFeed, 'companyId' | 'propertyId' | 'id'>>> {
  const due: Array<Pick<StoredFeed, 'companyId' | 'propertyId' | 'id'>> = [];
  let start: Record<string, unknown> | undefined;
  do {
    const result = await db.send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk <= :now',
        ExpressionAttributeValues: { ':pk': keys.calendarFeedShard(shard), ':now': `${now.toISOString()}#~` },
        ProjectionExpression: 'companyId, propertyId, id, enabled',
        Limit: Math.min(limit - due.length, 500),
        ExclusiveStartKey: start,
      }),
    );
    for (const item of result.Items ?? []) if (item.enabled !== false) due.push({ companyId: item.companyId, propertyId: item.propertyId, id: item.id });
    start = result.LastEvaluatedKey;
  } while (start && due.length < limit);
  return due;
}

/** Feeds still on the earlier, unsharded index (not synced since the index was sharded). */
export async function unshardedFeeds(limit = 1000): Promise<Array<Pick<StoredFeed, 'companyId' | 'propertyId' | 'id'>>> {
  const result = await db.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.allCalendarFeeds },
      ProjectionExpression: 'companyId, propertyId, id, enabled',
      Limit: limit,
    }),
  );
  return (result.Items ?? []).filter((item) => item.enabled !== false).map((item) => ({ companyId: item.companyId, propertyId: item.propertyId, id: item.id }));
}

/**
 * The feed was handed to the queue: it stays off the due list until `until` (its sync moves it
 * sooner), so the next dispatcher run does not hand it out again while the message waits.
 */
export async function markQueued(feed: Pick<StoredFeed, 'companyId' | 'propertyId' | 'id'>, until: Date): Promise<boolean> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.calendarFeed(feed.companyId, feed.propertyId, feed.id),
        UpdateExpression: 'SET nextSyncAt = :at, gsi1pk = :pk, gsi1sk = :sk',
        ConditionExpression: 'attribute_exists(pk) AND enabled = :on',
        ExpressionAttributeValues: { ':at': until.toISOString(), ':on': true, ...indexValues(feed, until.toISOString()) },
      }),
    );
    return true;
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}

const indexValues = (feed: Pick<StoredFeed, 'companyId' | 'id'>, nextSyncAt: string) => {
  const index = keys.calendarFeedIndex(feed.companyId, feed.id, nextSyncAt);
  return { ':pk': index.gsi1pk, ':sk': index.gsi1sk };
};

/** A sync under way records how far it got (shown on the feed while it runs). */
export async function recordProgress(feed: StoredFeed, progress: { done: number; total: number }): Promise<void> {
  await db.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.calendarFeed(feed.companyId, feed.propertyId, feed.id),
      UpdateExpression: 'SET syncProgress = :progress',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':progress': progress },
    }),
  );
}

/** Takes the feed for one sync (false when another sync holds it and its lease has not run out). */
export async function acquireSyncLease(feed: StoredFeed, now: Date, leaseMs: number): Promise<boolean> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.calendarFeed(feed.companyId, feed.propertyId, feed.id),
        UpdateExpression: 'SET syncLeaseUntil = :until',
        ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(syncLeaseUntil) OR syncLeaseUntil = :none OR syncLeaseUntil < :now)',
        ExpressionAttributeValues: { ':until': new Date(now.getTime() + leaseMs).toISOString(), ':now': now.toISOString(), ':none': null },
      }),
    );
    return true;
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}

/** Records a sync's outcome and gives the lease back. */
export async function recordSync(
  feed: StoredFeed,
  outcome:
    | { ok: true; summary: FeedSummary; blocks?: FeedBlock[]; etag?: string | null; lastModified?: string | null; source?: FeedSource }
    /** Read, but held: not a booking calendar by the look of it, nothing imported until a manager confirms (not a success, not a failure). */
    | { held: true; summary: FeedSummary }
    /** retryAfterMs: how long the channel asked us to wait (Retry-After); the next sync is not sooner (at most MAX_RETRY_MS). */
    | { ok: false; error: FeedError; retryAfterMs?: number }
    /** A long import stopped at its time budget: the lease is given back and the rest continues at once. */
    | { partial: true; progress: { done: number; total: number } },
  now: Date,
  /** Events of the outcome (a feed's first failure), written in the same transaction (the events outbox). */
  events: readonly DomainEvent[] = [],
): Promise<StoredFeed> {
  const at = now.toISOString();
  if ('held' in outcome) {
    const nextSyncAt = nextSyncAfter(now, 0);
    const result = await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.calendarFeed(feed.companyId, feed.propertyId, feed.id),
        UpdateExpression:
          'SET syncLeaseUntil = :none, syncProgress = :none, lastSyncAt = :at, lastError = :none, consecutiveFailures = :zero, lastSummary = :summary, awaitingConfirmation = :on, nextSyncAt = :next' +
          (feed.enabled ? ', gsi1pk = :pk, gsi1sk = :sk' : ''),
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: {
          ':none': null,
          ':at': now.toISOString(),
          ':zero': 0,
          ':summary': outcome.summary,
          ':on': true,
          ':next': nextSyncAt,
          ...(feed.enabled ? indexValues(feed, nextSyncAt) : {}),
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return stripKeys<StoredFeed>(result.Attributes ?? {});
  }
  if ('partial' in outcome) {
    const result = await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.calendarFeed(feed.companyId, feed.propertyId, feed.id),
        UpdateExpression: 'SET syncLeaseUntil = :none, syncProgress = :progress',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':none': null, ':progress': outcome.progress },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return stripKeys<StoredFeed>(result.Attributes ?? {});
  }
  // When the dispatcher hands it out next: the interval after a success, a doubling backoff after failures.
  const backoff = nextSyncAfter(now, outcome.ok ? 0 : (feed.consecutiveFailures ?? 0) + 1);
  const asked = !outcome.ok && outcome.retryAfterMs ? new Date(now.getTime() + Math.min(outcome.retryAfterMs, MAX_RETRY_MS)).toISOString() : null;
  const nextSyncAt = asked && asked > backoff ? asked : backoff;
  const scheduling = { nextSyncAt, syncProgress: null, ...(feed.enabled ? keys.calendarFeedIndex(feed.companyId, feed.id, nextSyncAt) : {}) };
  const set = outcome.ok
    ? {
        ...scheduling,
        lastSyncAt: at,
        lastSuccessAt: at,
        lastError: null,
        consecutiveFailures: 0,
        lastSummary: outcome.summary,
        awaitingConfirmation: false,
        // Blocks are reservations of kind 'block' now (they take nights); the list is kept empty.
        blocks: outcome.blocks ?? [],
        syncLeaseUntil: null,
        ...(outcome.etag !== undefined ? { etag: outcome.etag } : {}),
        ...(outcome.lastModified !== undefined ? { lastModified: outcome.lastModified } : {}),
        ...(outcome.source ? { source: outcome.source } : {}),
      }
    : { ...scheduling, lastSyncAt: at, lastError: outcome.error, lastErrorAt: at, syncLeaseUntil: null };
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const sets = Object.entries(set).map(([name, value], i) => {
    names[`#f${i}`] = name;
    values[`:v${i}`] = value;
    return `#f${i} = :v${i}`;
  });
  const outbox = outboxPut(events, now);
  if (outbox) {
    // With events: one transaction, conditioned on the failure count read (the run holds the
    // feed's lease), so the events go out exactly when the outcome they describe is recorded.
    const read = feed.consecutiveFailures ?? 0;
    const failures = 'ok' in outcome && outcome.ok ? 0 : read + 1;
    await transactWrite(
      [
        {
          Update: {
            TableName: tableName(),
            Key: keys.calendarFeed(feed.companyId, feed.propertyId, feed.id),
            UpdateExpression: `SET ${sets.join(', ')}, #failures = :failures`,
            ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(#failures) OR #failures = :read)',
            ExpressionAttributeNames: { ...names, '#failures': 'consecutiveFailures' },
            ExpressionAttributeValues: { ...values, ':failures': failures, ':read': read },
          },
        },
        outbox,
      ],
      () => new ConflictError(),
    );
    return { ...feed, ...set, consecutiveFailures: failures } as StoredFeed;
  }
  const result = await db.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.calendarFeed(feed.companyId, feed.propertyId, feed.id),
      UpdateExpression: `SET ${sets.join(', ')}${'ok' in outcome && outcome.ok ? '' : ' ADD consecutiveFailures :one'}`,
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: 'ok' in outcome && outcome.ok ? values : { ...values, ':one': 1 },
      ReturnValues: 'ALL_NEW',
    }),
  );
  return stripKeys<StoredFeed>(result.Attributes ?? {});
}

// ---- Event mappings ---------------------------------------------------------------------------------

export interface FeedEventMapping {
  feedId: string;
  uid: string;
  uidHash: string;
  reservationId: string;
  propertyId: string;
  /** What the feed said at the last import: a change in the feed is a change from these. */
  checkinDay: string;
  checkoutDay: string;
  guestName: string;
  /** Absent on mappings written before blocks and tentative stays were imported: a confirmed booking. */
  kind?: 'booking' | 'block';
  tentative?: boolean;
  /** The sync flagged the stay (gone from the feed, or cancelled in it) after this import. */
  flagged?: boolean;
  importedAt: string;
  updatedAt: string;
}

export const uidHash = (uid: string): string => createHash('sha256').update(uid).digest('base64url');

export async function listFeedEvents(companyId: string, feedId: string): Promise<FeedEventMapping[]> {
  return queryAll<FeedEventMapping>({ partition: keys.companyPartition(companyId), beginsWith: keys.feedEventPrefix(feedId) }, 100_000);
}

/** The mapping of a newly imported event (fails if another run imported it first). */
export function feedEventPut(companyId: string, mapping: FeedEventMapping): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: { ...keys.feedEvent(companyId, mapping.feedId, mapping.uidHash), entity: 'feedEvent', ...mapping },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/** The mapping after the feed changed the event (guarded by what this run read). */
export function feedEventUpdate(companyId: string, mapping: FeedEventMapping, read: FeedEventMapping): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: { ...keys.feedEvent(companyId, mapping.feedId, mapping.uidHash), entity: 'feedEvent', ...mapping },
      ConditionExpression: 'updatedAt = :read',
      ExpressionAttributeValues: { ':read': read.updatedAt },
    },
  };
}

/**
 * Moves a mapping to the event's new key (a feed that writes a new UID on every read): the new key's
 * item is written and the old one removed at once, guarded by what this run read. False when
 * another run changed either meanwhile.
 */
export async function rekeyFeedEvent(companyId: string, read: FeedEventMapping, next: FeedEventMapping): Promise<boolean> {
  try {
    await transactWrite(
      [
        feedEventPut(companyId, next),
        {
          Delete: {
            TableName: tableName(),
            Key: keys.feedEvent(companyId, read.feedId, read.uidHash),
            ConditionExpression: 'updatedAt = :read',
            ExpressionAttributeValues: { ':read': read.updatedAt },
          },
        },
      ],
      () => new ConflictError(),
    );
    return true;
  } catch (error) {
    if (error instanceof ConflictError) return false;
    throw error;
  }
}

/** Remembers what the feed now says when the reservation itself needed no change. */
export async function saveFeedEvent(companyId: string, mapping: FeedEventMapping, read: FeedEventMapping): Promise<void> {
  try {
    await db.send(new PutCommand(feedEventUpdate(companyId, mapping, read).Put as ConstructorParameters<typeof PutCommand>[0]));
  } catch (error) {
    // Another run got there first; it wrote the same values.
    if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
  }
}
