// Thin helpers over DynamoDB: reads that strip key attributes, paginated queries with opaque
// cursors bound to their partition, and transactions whose failures are told apart. The reads
// marshal their own values and go through `readClient` (see client.ts): they run on every request.
import {
  BatchGetItemCommand,
  GetItemCommand,
  QueryCommand,
  TransactionCanceledException,
  type AttributeValue,
} from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand, type QueryCommandInput, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { marshall, unmarshall } from '@aws-sdk/util-dynamodb';
import { BadRequestError } from '#functions/lib/errors';
import { db, readClient, tableName } from './client';
// The property scope (issue 41) on the clients, before their first call: out-of-scope items read as absent.
import './property-scope';
import { companyIdOfPartition, isTaskItemKey, keys, stripKeys, type Key } from './keys';
import { afterCommit } from './outbox';
import { CONFLICT_ATTEMPTS, conflictBackoff, isTransactionConflict } from './transaction-retry';
import type { IndexName } from './table';

export interface Page<T> {
  items: T[];
  /** Opaque cursor for the next page, absent on the last one. */
  cursor?: string;
}

type Marshalled = Record<string, AttributeValue>;
const toNative = (item: Marshalled) => unmarshall(item);
const toAttributes = (values: object): Marshalled =>
  marshall(values, { removeUndefinedValues: true, convertClassInstanceToMap: false });

export async function getItem<T>(key: Key, options: { consistent?: boolean } = {}): Promise<T | undefined> {
  const { Item } = await readClient.send(
    new GetItemCommand({ TableName: tableName(), Key: toAttributes(key), ConsistentRead: options.consistent ?? true }),
  );
  return Item ? stripKeys<T>(toNative(Item)) : undefined;
}

const BATCH_GET_ATTEMPTS = 5;

/**
 * Several items in one BatchGetItem (at most 100 keys), strongly consistent, in the order of `keyList`
 * (undefined where absent). Keys DynamoDB leaves unprocessed under throttling are asked again.
 */
export async function getItems(keyList: Key[]): Promise<Array<Record<string, unknown> | undefined>> {
  const found = new Map<string, Record<string, unknown>>();
  const id = (key: { pk?: unknown; sk?: unknown }) => `${String(key.pk)}\u0000${String(key.sk)}`;
  let pending: Marshalled[] = keyList.map(toAttributes);
  for (let attempt = 1; pending.length; attempt += 1) {
    const result = await readClient.send(
      new BatchGetItemCommand({ RequestItems: { [tableName()]: { Keys: pending, ConsistentRead: true } } }),
    );
    for (const raw of result.Responses?.[tableName()] ?? []) {
      const item = toNative(raw);
      found.set(id(item), stripKeys(item));
    }
    pending = result.UnprocessedKeys?.[tableName()]?.Keys ?? [];
    if (pending.length && attempt >= BATCH_GET_ATTEMPTS) throw new Error(`BatchGetItem left ${pending.length} keys unprocessed`);
    if (pending.length) await new Promise((resolve) => setTimeout(resolve, 20 * 2 ** attempt));
  }
  return keyList.map((key) => found.get(id(key)));
}

/** The raw item, key attributes included (for writes that need to rewrite index keys). */
export async function getRawItem(key: Key): Promise<Record<string, unknown> | undefined> {
  const { Item } = await readClient.send(new GetItemCommand({ TableName: tableName(), Key: toAttributes(key), ConsistentRead: true }));
  return Item ? toNative(Item) : undefined;
}

export function encodeCursor(lastKey: Record<string, unknown> | undefined): string | undefined {
  return lastKey ? Buffer.from(JSON.stringify(lastKey)).toString('base64url') : undefined;
}

/** Where a page may start: the query's partition, and the sort-key range it reads. */
export interface CursorBounds {
  /** The index queried; absent: the table. */
  index?: IndexName;
  partition: string;
  /** The query reads sort keys starting with this prefix. */
  beginsWith?: string;
  /** The query reads sort keys from this one on. */
  from?: string;
}

/** DynamoDB's limits on key values, in UTF-8 bytes (a longer one is no key of ours). */
const MAX_PARTITION_KEY_BYTES = 2048;
const MAX_SORT_KEY_BYTES = 1024;

/**
 * A cursor is only accepted for the query it came from: its partition (a crafted one cannot reach
 * another tenant), exactly the key attributes of the table (and of the index) a page ends on, and a
 * sort key inside the range the query reads. DynamoDB refuses any other start key with a
 * ValidationException, which answered 500 before; it is the caller's bad cursor (400).
 */
export function decodeCursor(cursor: string | undefined, bounds: CursorBounds): Record<string, string> | undefined {
  if (!cursor) return undefined;
  const pkName = bounds.index ? `${bounds.index}pk` : 'pk';
  const skName = bounds.index ? `${bounds.index}sk` : 'sk';
  const expected = new Set(['pk', 'sk', pkName, skName]);
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Record<string, unknown>;
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed) && parsed[pkName] === bounds.partition) {
      const entries = Object.entries(parsed);
      const wellFormed =
        entries.length === expected.size &&
        entries.every(([name, value]) => {
          if (!expected.has(name) || typeof value !== 'string' || !value) return false;
          return Buffer.byteLength(value) <= (name === 'pk' || name === pkName ? MAX_PARTITION_KEY_BYTES : MAX_SORT_KEY_BYTES);
        });
      const sortKey = parsed[skName] as string;
      const inRange =
        (bounds.beginsWith === undefined || sortKey.startsWith(bounds.beginsWith)) && (bounds.from === undefined || sortKey >= bounds.from);
      if (wellFormed && inRange) return parsed as Record<string, string>;
    }
  } catch {
    // fall through to the error below
  }
  throw new BadRequestError('error.invalidCursor');
}

export interface QueryPageOptions {
  index?: IndexName;
  /** The partition value: `pk` on the table, `<index>pk` on an index. */
  partition: string;
  beginsWith?: string;
  /** Inclusive lower bound of the sort key. */
  from?: string;
  limit: number;
  cursor?: string;
  newestFirst?: boolean;
  filter?: Pick<QueryCommandInput, 'FilterExpression' | 'ExpressionAttributeNames' | 'ExpressionAttributeValues'>;
  /** Only these attributes are returned (a list reads less than the table stores: no index keys). */
  attributes?: readonly string[];
}

export async function queryPage<T>(options: QueryPageOptions): Promise<Page<T>> {
  const pkName = options.index ? `${options.index}pk` : 'pk';
  const skName = options.index ? `${options.index}sk` : 'sk';
  const names: Record<string, string> = { '#pk': pkName, ...(options.filter?.ExpressionAttributeNames ?? {}) };
  const values: Record<string, unknown> = { ':pk': options.partition, ...(options.filter?.ExpressionAttributeValues ?? {}) };
  let condition = '#pk = :pk';
  if (options.beginsWith !== undefined) {
    // The same range as begins_with (our keys are ASCII), written as BETWEEN: DynamoDB reads both as
    // a range of the sort key, but DynamoDB Local walks the whole partition for begins_with, which
    // made a team's read slow down with the company's task count there (bench/results.md).
    names['#sk'] = skName;
    values[':prefix'] = options.beginsWith;
    values[':prefixEnd'] = `${options.beginsWith}\u{10FFFF}`;
    condition += ' AND #sk BETWEEN :prefix AND :prefixEnd';
  } else if (options.from !== undefined) {
    names['#sk'] = skName;
    values[':from'] = options.from;
    condition += ' AND #sk >= :from';
  }
  const projection = options.attributes?.map((attribute, i) => {
    names[`#p${i}`] = attribute;
    return `#p${i}`;
  });
  const startKey = decodeCursor(options.cursor, { index: options.index, partition: options.partition, beginsWith: options.beginsWith, from: options.from });
  const result = await readClient.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: options.index,
      KeyConditionExpression: condition,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: toAttributes(values),
      FilterExpression: options.filter?.FilterExpression,
      ProjectionExpression: projection?.join(', '),
      Limit: options.limit,
      ScanIndexForward: !options.newestFirst,
      ExclusiveStartKey: startKey && toAttributes(startKey),
    }),
  );
  return {
    items: (result.Items ?? []).map((item) => stripKeys<T>(toNative(item))),
    cursor: encodeCursor(result.LastEvaluatedKey && toNative(result.LastEvaluatedKey)),
  };
}

/** Every item of a partition prefix, page by page (for bounded collections such as a team). */
export async function queryAll<T>(options: Omit<QueryPageOptions, 'limit' | 'cursor'>, maxItems = 1000): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | undefined;
  do {
    const page: Page<T> = await queryPage<T>({ ...options, limit: 100, cursor });
    items.push(...page.items);
    cursor = page.cursor;
  } while (cursor && items.length < maxItems);
  return items;
}

export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** DynamoDB's limit on the items of one transaction. */
export const TRANSACTION_ITEM_LIMIT = 100;

/** The task list's revision attribute on keys.taskListRevision (`at`: when it last moved, ISO). */
export const TASK_LIST_REVISION = 'rev';

/** The transaction item that moves a company's task-list revision (and its `at`) forward. */
export function taskListRevisionBump(companyId: string, now = new Date()): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: keys.taskListRevision(companyId),
      UpdateExpression: 'SET #at = :at ADD #rev :one',
      ExpressionAttributeNames: { '#rev': TASK_LIST_REVISION, '#at': 'at' },
      ExpressionAttributeValues: { ':one': 1, ':at': now.toISOString() },
    },
  };
}

type KeyLike = { pk?: unknown; sk?: unknown };
const keyId = (key: KeyLike) => `${String(key.pk)}\u0000${String(key.sk)}`;

/** The key an item of a transaction writes (Put, Update, Delete), or undefined (ConditionCheck). */
function writtenKey(item: TransactItem): KeyLike | undefined {
  return (item.Put?.Item ?? item.Update?.Key ?? item.Delete?.Key) as KeyLike | undefined;
}

/**
 * `items` and, after them, one taskListRevisionBump per company whose task item the transaction
 * writes, unless it already touches that revision item itself (an item may appear once in a
 * transaction). After them: a failed condition's index still names the caller's item.
 */
export function withTaskListRevision(items: TransactItem[], now = new Date()): TransactItem[] {
  const companies = new Set<string>();
  for (const item of items) {
    const key = writtenKey(item);
    if (key && isTaskItemKey(key)) companies.add(companyIdOfPartition(key.pk as string)!);
  }
  if (!companies.size) return items;
  const touched = new Set(items.map((item) => (writtenKey(item) ?? item.ConditionCheck?.Key) as KeyLike | undefined).filter(Boolean).map((key) => keyId(key!)));
  const bumps = [...companies].filter((companyId) => !touched.has(keyId(keys.taskListRevision(companyId)))).map((companyId) => taskListRevisionBump(companyId, now));
  if (items.length + bumps.length > TRANSACTION_ITEM_LIMIT) {
    throw new Error(`A transaction writing task items needs room for the task list's revision: ${items.length} items + ${bumps.length} > ${TRANSACTION_ITEM_LIMIT}`);
  }
  return bumps.length ? [...items, ...bumps] : items;
}

/**
 * Runs a transaction. When a condition fails, DynamoDB writes nothing and we learn which item's
 * condition failed: `onConditionFailed(index)` turns that into the error the caller wants.
 * A transaction that writes a task item also moves its company's task-list revision (the task
 * list's first pages are kept per process while it stays: functions/tasks/task-list-cache.ts);
 * tests refuse any write of a task item that does not (local/permission-guard.ts). That item is
 * shared by every task write of the company, so a transaction cancelled by a conflict on it (or on
 * any item: nothing was written) is tried again after a short pause.
 */
export async function transactWrite(
  items: TransactItem[],
  onConditionFailed: (failedIndex: number) => Error,
): Promise<void> {
  const sent = withTaskListRevision(items);
  for (let attempt = 1; ; attempt += 1) {
    try {
      await db.send(new TransactWriteCommand({ TransactItems: sent }));
      break;
    } catch (error) {
      if (error instanceof TransactionCanceledException) {
        const reasons = error.CancellationReasons ?? [];
        const failed = reasons.findIndex((reason) => reason.Code === 'ConditionalCheckFailed');
        if (failed >= 0 && failed < items.length) throw onConditionFailed(failed);
      }
      if (sent !== items && isTransactionConflict(error) && attempt < CONFLICT_ATTEMPTS) {
        await conflictBackoff(attempt);
        continue;
      }
      throw error;
    }
  }
  // Committed: the events written with it (functions/data/outbox.ts) go to the relay (local only).
  await afterCommit(sent);
}

export const nowIso = (): string => new Date().toISOString();
