// Webhooks (issue 39 point 4): a company's endpoints, the messages sent to them (one per event and
// endpoint: the body, its webhook-id, its retry state) and every delivery attempt. Keys in keys.ts.
// - The fan-out reads a company's enabled endpoints with one Query on WEBHOOK# (no secrets read),
//   each with its lane (the deliveries queue its messages go to), kept by the worker.
// - A worker claims an attempt of a message with a conditional write (`nextAttempt`), so a message
//   redelivered by the queue, or a retry that a replay overtook, is not sent twice for one slot.
// - A retry further away than a queue delay (15 min) waits on gsi1 (keys.webhookRetryIndex) for the
//   scheduled dispatcher.
import { PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { WebhookAttemptTrigger, WebhookDisabledReason, WebhookEventType } from '#shared/schemas/webhooks';
import { ConflictError, NotFoundError } from '#functions/lib/errors';
import { db, tableName } from '../client';
import { getItem, queryAll, queryPage, transactWrite, type Page, type TransactItem } from '../db';
import { keys, stripKeys } from '../keys';
import { TTL_ATTRIBUTE } from '../table';

/** Messages and attempts are kept this long (the retries take about 3 days). */
export const WEBHOOK_LOG_TTL_DAYS = 30;

export interface StoredWebhook {
  id: string;
  companyId: string;
  url: string;
  events: WebhookEventType[];
  description: string | null;
  enabled: boolean;
  disabledReason: WebhookDisabledReason | null;
  /** First failed attempt since the last success (null: healthy). */
  failingSince: string | null;
  /** The deliveries queue its messages go to (functions/webhooks/lanes.ts); absent: 'fast'. */
  lane?: WebhookLane;
  secret: string;
  /** After a rotation, the previous secret signs too until previousSecretExpiresAt. */
  previousSecret: string | null;
  previousSecretExpiresAt: string | null;
  createdAt: string;
  updatedAt: string;
  createdBy: string;
}

/** 'slow': its last attempt took long or got no answer, so its deliveries have a queue of their own. */
export type WebhookLane = 'fast' | 'slow';

/** What the fan-out needs of an endpoint (no secret). */
export type WebhookTarget = Pick<StoredWebhook, 'id' | 'companyId' | 'events' | 'enabled' | 'lane'>;

export interface StoredWebhookMessage {
  /** The webhook-id header: the same on every attempt (retries, replays). */
  id: string;
  companyId: string;
  webhookId: string;
  eventType: string;
  /** The exact JSON body sent (signed as it is). */
  body: string;
  /** The payload's timestamp (the event's time). */
  createdAt: string;
  status: 'pending' | 'delivered' | 'failed';
  /** The scheduled attempt the queue is to make next (1 first; replays do not move it). */
  nextAttempt: number;
  /** Attempts made, replays included. */
  attemptCount: number;
  /** When the scheduled next attempt goes (null: none). */
  nextAttemptAt: string | null;
  firstAttemptAt: string | null;
}

export interface StoredWebhookAttempt {
  id: string;
  companyId: string;
  webhookId: string;
  messageId: string;
  eventType: string;
  attempt: number;
  trigger: WebhookAttemptTrigger;
  statusCode: number | null;
  ok: boolean;
  durationMs: number;
  at: string;
  nextRetryAt: string | null;
  /** A message key (webhooks.error.*) and its parameters; translated when read. */
  error: { code: string; params: Record<string, string | number> } | null;
}

const expiry = (now: Date) => Math.floor(now.getTime() / 1000) + WEBHOOK_LOG_TTL_DAYS * 86_400;

const isConditionFailure = (error: unknown) => (error as Error).name === 'ConditionalCheckFailedException';

export async function listWebhooks(companyId: string): Promise<StoredWebhook[]> {
  return queryAll<StoredWebhook>({ partition: keys.companyPartition(companyId), beginsWith: keys.webhookPrefix }, 200);
}

/** The fan-out's read: every endpoint of the company, without secrets (one Query). */
export async function listWebhookTargets(companyId: string): Promise<WebhookTarget[]> {
  return queryAll<WebhookTarget>({ partition: keys.companyPartition(companyId), beginsWith: keys.webhookPrefix, attributes: ['id', 'companyId', 'events', 'enabled', 'lane'] }, 200);
}

export async function getWebhook(companyId: string, webhookId: string): Promise<StoredWebhook | undefined> {
  return getItem<StoredWebhook>(keys.webhook(companyId, webhookId));
}

/** Another company's endpoint is indistinguishable from a missing one. */
export async function requireWebhook(companyId: string, webhookId: string): Promise<StoredWebhook> {
  const webhook = await getWebhook(companyId, webhookId);
  if (!webhook) throw new NotFoundError();
  return webhook;
}

export async function createWebhook(webhook: StoredWebhook, alongside: TransactItem[]): Promise<void> {
  await transactWrite(
    [{ Put: { TableName: tableName(), Item: { ...keys.webhook(webhook.companyId, webhook.id), entity: 'webhook', ...webhook }, ConditionExpression: 'attribute_not_exists(pk)' } }, ...alongside],
    () => new ConflictError(),
  );
}

/** Sets the given fields (undefined ones untouched) of an existing endpoint, with its history line. */
export async function updateWebhook(
  companyId: string,
  webhookId: string,
  changes: Partial<Omit<StoredWebhook, 'id' | 'companyId' | 'createdAt' | 'createdBy'>>,
  alongside: TransactItem[] = [],
): Promise<void> {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const sets = Object.entries(changes)
    .filter(([, value]) => value !== undefined)
    .map(([name, value], i) => {
      names[`#f${i}`] = name;
      values[`:v${i}`] = value;
      return `#f${i} = :v${i}`;
    });
  await transactWrite(
    [
      {
        Update: {
          TableName: tableName(),
          Key: keys.webhook(companyId, webhookId),
          UpdateExpression: `SET ${sets.join(', ')}`,
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: values,
        },
      },
      ...alongside,
    ],
    (failed) => (failed === 0 ? new NotFoundError() : new ConflictError()),
  );
}

/**
 * The worker's health bookkeeping in one write, only when something changes: `failingSince` (a success
 * after failures, a first failure) and/or the lane (the ones given).
 */
export async function updateWebhookHealth(companyId: string, webhookId: string, changes: { failingSince?: string | null; lane?: WebhookLane }): Promise<void> {
  const sets: string[] = [];
  const values: Record<string, unknown> = {};
  if (changes.failingSince !== undefined) {
    sets.push('failingSince = :since');
    values[':since'] = changes.failingSince;
  }
  if (changes.lane !== undefined) {
    sets.push('#lane = :lane');
    values[':lane'] = changes.lane;
  }
  if (sets.length === 0) return;
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.webhook(companyId, webhookId),
        UpdateExpression: `SET ${sets.join(', ')}`,
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: values,
        ...(changes.lane !== undefined ? { ExpressionAttributeNames: { '#lane': 'lane' } } : {}),
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error; // deleted meanwhile: nothing to keep
  }
}

export async function deleteWebhook(companyId: string, webhookId: string, alongside: TransactItem[]): Promise<void> {
  await transactWrite(
    [{ Delete: { TableName: tableName(), Key: keys.webhook(companyId, webhookId), ConditionExpression: 'attribute_exists(pk)' } }, ...alongside],
    (failed) => (failed === 0 ? new NotFoundError() : new ConflictError()),
  );
}

/**
 * The first attempt's claim: the message is written with its body, attempt 1 taken. False when it
 * exists already (the queue delivered the fan-out's message twice).
 */
export async function putFirstMessage(message: StoredWebhookMessage, now: Date): Promise<boolean> {
  try {
    await db.send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...keys.webhookMessage(message.companyId, message.id),
          // Until the attempt's outcome is recorded, the next one waits on the index (a worker that died mid-way).
          ...(message.nextAttemptAt ? keys.webhookRetryIndex(message.companyId, message.id, message.nextAttemptAt) : {}),
          entity: 'webhookMessage',
          ...message,
          [TTL_ATTRIBUTE]: expiry(now),
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** A message written with another write (the test delivery of a new endpoint, delivered). */
export function messagePut(message: StoredWebhookMessage, now: Date): TransactItem {
  return { Put: { TableName: tableName(), Item: { ...keys.webhookMessage(message.companyId, message.id), entity: 'webhookMessage', ...message, [TTL_ATTRIBUTE]: expiry(now) } } };
}

/**
 * Claims scheduled attempt `attempt` of a message (its nextAttempt moves on, its count grows) and
 * answers the message, body included; undefined when that attempt was made already, the message is
 * no longer pending (delivered by a replay), or it expired.
 */
export async function claimScheduledAttempt(companyId: string, messageId: string, attempt: number, safetyAt: string): Promise<StoredWebhookMessage | undefined> {
  const index = keys.webhookRetryIndex(companyId, messageId, safetyAt);
  try {
    const result = await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.webhookMessage(companyId, messageId),
        // Until the attempt's outcome is recorded, the next one waits on the index (a worker that died mid-way).
        UpdateExpression: 'SET nextAttempt = :next, attemptCount = attemptCount + :one, nextAttemptAt = :safety, gsi1pk = :gpk, gsi1sk = :gsk',
        ConditionExpression: 'nextAttempt = :attempt AND #status = :pending',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':next': attempt + 1, ':one': 1, ':attempt': attempt, ':pending': 'pending', ':safety': safetyAt, ':gpk': index.gsi1pk, ':gsk': index.gsi1sk },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return stripKeys<StoredWebhookMessage>(result.Attributes ?? {});
  } catch (error) {
    if (isConditionFailure(error)) return undefined;
    throw error;
  }
}

/** A replay's claim: one more attempt of an existing message (any state). */
export async function claimReplayAttempt(companyId: string, messageId: string): Promise<StoredWebhookMessage> {
  try {
    const result = await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.webhookMessage(companyId, messageId),
        UpdateExpression: 'SET attemptCount = attemptCount + :one',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':one': 1 },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return stripKeys<StoredWebhookMessage>(result.Attributes ?? {});
  } catch (error) {
    if (isConditionFailure(error)) throw new NotFoundError();
    throw error;
  }
}

export function attemptPut(attempt: StoredWebhookAttempt, now: Date): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: { ...keys.webhookAttempt(attempt.companyId, attempt.webhookId, attempt.id), entity: 'webhookAttempt', ...attempt, [TTL_ATTRIBUTE]: expiry(now) },
    },
  };
}

/**
 * An attempt's outcome: the attempt recorded, and the message's state with it (delivered, failed
 * for good, or pending with its next attempt's time; a retry further than a queue delay goes on
 * the due index). A replay that failed leaves the message's state as it was.
 */
export async function recordAttempt(
  attempt: StoredWebhookAttempt,
  message: { status?: StoredWebhookMessage['status']; nextAttemptAt?: string | null; onDueIndex?: boolean; firstAttemptAt?: string },
  now: Date,
  alongside: TransactItem[] = [],
): Promise<void> {
  const sets: string[] = [];
  const values: Record<string, unknown> = {};
  const names: Record<string, string> = {};
  if (message.status) {
    names['#status'] = 'status';
    sets.push('#status = :status');
    values[':status'] = message.status;
  }
  if (message.nextAttemptAt !== undefined) {
    sets.push('nextAttemptAt = :nextAt');
    values[':nextAt'] = message.nextAttemptAt;
  }
  if (message.firstAttemptAt) {
    sets.push('firstAttemptAt = if_not_exists(firstAttemptAt, :first)');
    values[':first'] = message.firstAttemptAt;
  }
  let removal = '';
  if (message.onDueIndex && message.nextAttemptAt) {
    const index = keys.webhookRetryIndex(attempt.companyId, attempt.messageId, message.nextAttemptAt);
    sets.push('gsi1pk = :gpk', 'gsi1sk = :gsk');
    values[':gpk'] = index.gsi1pk;
    values[':gsk'] = index.gsi1sk;
  } else if (message.status) {
    removal = ' REMOVE gsi1pk, gsi1sk';
  }
  const items: TransactItem[] = [attemptPut(attempt, now), ...alongside];
  if (sets.length || removal) {
    items.push({
      Update: {
        TableName: tableName(),
        Key: keys.webhookMessage(attempt.companyId, attempt.messageId),
        UpdateExpression: `${sets.length ? `SET ${sets.join(', ')}` : ''}${removal}`,
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: Object.keys(names).length ? names : undefined,
        ExpressionAttributeValues: Object.keys(values).length ? values : undefined,
      },
    });
  }
  await transactWrite(items, () => new NotFoundError());
}

export async function listAttempts(companyId: string, webhookId: string, limit: number, cursor?: string): Promise<Page<StoredWebhookAttempt>> {
  return queryPage<StoredWebhookAttempt>({ partition: keys.companyPartition(companyId), beginsWith: keys.webhookAttemptPrefix(webhookId), newestFirst: true, limit, cursor });
}

export async function getAttempt(companyId: string, webhookId: string, attemptId: string): Promise<StoredWebhookAttempt | undefined> {
  return getItem<StoredWebhookAttempt>(keys.webhookAttempt(companyId, webhookId, attemptId));
}

export async function getMessage(companyId: string, messageId: string): Promise<StoredWebhookMessage | undefined> {
  return getItem<StoredWebhookMessage>(keys.webhookMessage(companyId, messageId));
}

/** The messages whose retry is due by `until`, from one shard of the retry index. */
export async function dueRetries(shard: number, until: Date, limit = 1000): Promise<Array<Pick<StoredWebhookMessage, 'companyId' | 'id' | 'webhookId' | 'nextAttempt' | 'nextAttemptAt'>>> {
  const due: Array<Pick<StoredWebhookMessage, 'companyId' | 'id' | 'webhookId' | 'nextAttempt' | 'nextAttemptAt'>> = [];
  let start: Record<string, unknown> | undefined;
  do {
    const result = await db.send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk <= :until',
        ExpressionAttributeValues: { ':pk': keys.webhookRetryShard(shard), ':until': `${until.toISOString()}#~` },
        ProjectionExpression: 'companyId, id, webhookId, nextAttempt, nextAttemptAt',
        Limit: Math.min(limit - due.length, 500),
        ExclusiveStartKey: start,
      }),
    );
    for (const item of result.Items ?? []) due.push(item as (typeof due)[number]);
    start = result.LastEvaluatedKey;
  } while (start && due.length < limit);
  return due;
}

/** Takes a message off the retry index once its retry is on the queue (only if still the same retry). */
export async function takeOffRetryIndex(companyId: string, messageId: string, nextAttempt: number): Promise<boolean> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.webhookMessage(companyId, messageId),
        UpdateExpression: 'REMOVE gsi1pk, gsi1sk',
        ConditionExpression: 'nextAttempt = :attempt AND attribute_exists(gsi1pk)',
        ExpressionAttributeValues: { ':attempt': nextAttempt },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}
