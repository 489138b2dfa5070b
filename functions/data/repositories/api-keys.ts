// API keys (issue 39 point 1). A key is `rok_` + 43 base64url characters (256 random bits). It is
// shown once, when made; the table keeps only its SHA-256:
// - the company's record (keys.apiKey): name, prefix (the first characters, to recognise it),
//   scopes, expiry, who made it, when it was last used: what the Integrations page lists;
// - the lookup item (keys.apiKeyLookup, partition = the hash): what a bearer call reads, with one
//   strongly consistent GetItem, before its company is known. Revoking deletes both in one
//   transaction, so the next call with the key is 401.
// The calls of a key are counted per minute beside its lookup item (keys.apiKeyCalls, TTL), one
// atomic ADD per call: the key's rate limit holds across every function and instance.
import { createHash, randomBytes } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import type { ApiKeyScope } from '#shared/integrations';
import { ConflictError, NotFoundError } from '#functions/lib/errors';
import { db, tableName } from '../client';
import { getItem, getItems, queryAll, transactWrite, type TransactItem } from '../db';
import { keys } from '../keys';
import { TTL_ATTRIBUTE } from '../table';
import { integrationAuditPut } from './integration-audit';

export const API_KEY_PREFIX = 'rok_';
/** Characters of a key shown after it is made (`rok_` + 8): enough to tell keys apart, far too few to guess the rest. */
const SHOWN_CHARACTERS = API_KEY_PREFIX.length + 8;
/** Active keys a company may hold (a key per system it connects, with room to rotate). */
export const MAX_API_KEYS = 25;
const KEY_PATTERN = /^rok_[A-Za-z0-9_-]{43}$/;

export interface ApiKeyRecord {
  id: string;
  name: string;
  prefix: string;
  scopes: ApiKeyScope[];
  createdAt: string;
  createdByUserId: string;
  expiresAt: string | null;
  lastUsedAt: string | null;
}

/** What a bearer call learns from the lookup item. */
export interface ApiKeyIdentity {
  keyId: string;
  keyHash: string;
  companyId: string;
  scopes: ApiKeyScope[];
  /** When the key stops working (stored as `keyExpiresAt`: `expiresAt` is the table's TTL attribute). */
  expiresAt: string | null;
  createdByUserId: string;
}

type Stored<T extends { expiresAt: string | null }> = Omit<T, 'expiresAt'> & { keyExpiresAt?: string | null };
const stored = <T extends { expiresAt: string | null }>({ expiresAt, ...rest }: T) => ({ ...rest, keyExpiresAt: expiresAt });

export const hashApiKey = (key: string): string => createHash('sha256').update(key, 'utf8').digest('hex');

/** Whether a string has the shape of one of our keys (anything else is refused without a read). */
export const looksLikeApiKey = (value: string): boolean => KEY_PATTERN.test(value);

export async function listApiKeys(companyId: string): Promise<ApiKeyRecord[]> {
  const items = await queryAll<Stored<ApiKeyRecord> & { keyHash: string }>({ partition: keys.companyPartition(companyId), beginsWith: keys.apiKeyPrefix });
  // When each was last used is kept on its lookup item (the only item a public API read may write).
  const lookups = items.length ? await getItems(items.map((item) => keys.apiKeyLookup(item.keyHash))) : [];
  return items
    .map((item, i) => ({ ...recordOf(item), lastUsedAt: (lookups[i]?.lastUsedAt as string | undefined) ?? null }))
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

function recordOf(item: Stored<ApiKeyRecord>): ApiKeyRecord {
  const { id, name, prefix, scopes, createdAt, createdByUserId, keyExpiresAt, lastUsedAt } = item;
  return { id, name, prefix, scopes, createdAt, createdByUserId, expiresAt: keyExpiresAt ?? null, lastUsedAt: lastUsedAt ?? null };
}

export async function createApiKey(
  companyId: string,
  input: { name: string; scopes: ApiKeyScope[]; expiresAt: string | null },
  actorUserId: string,
  now = new Date(),
): Promise<{ record: ApiKeyRecord; key: string }> {
  const existing = await listApiKeys(companyId);
  if (existing.length >= MAX_API_KEYS) throw new ConflictError('apiKeys.tooMany', { max: MAX_API_KEYS });
  const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  const keyHash = hashApiKey(key);
  const record: ApiKeyRecord = {
    id: ulid(now.getTime()),
    name: input.name,
    prefix: key.slice(0, SHOWN_CHARACTERS),
    scopes: [...new Set<ApiKeyScope>(['read', ...input.scopes])],
    createdAt: now.toISOString(),
    createdByUserId: actorUserId,
    expiresAt: input.expiresAt,
    lastUsedAt: null,
  };
  const identity: ApiKeyIdentity = { keyId: record.id, keyHash, companyId, scopes: record.scopes, expiresAt: record.expiresAt, createdByUserId: actorUserId };
  // An expired key's lookup item leaves by itself a day after its expiry (it is refused from the expiry on).
  const ttl = record.expiresAt ? { [TTL_ATTRIBUTE]: Math.floor(Date.parse(record.expiresAt) / 1000) + 86_400 } : {};
  const items: TransactItem[] = [
    { Put: { TableName: tableName(), Item: { ...keys.apiKey(companyId, record.id), entity: 'apiKey', ...stored(record), keyHash }, ConditionExpression: 'attribute_not_exists(pk)' } },
    { Put: { TableName: tableName(), Item: { ...keys.apiKeyLookup(keyHash), entity: 'apiKeyLookup', ...stored(identity), ...ttl }, ConditionExpression: 'attribute_not_exists(pk)' } },
    integrationAuditPut(companyId, { action: 'api_key.created', actorUserId, subject: { kind: 'api_key', id: record.id, label: record.name }, details: { scopes: record.scopes, expiresAt: record.expiresAt } }, now),
  ];
  await transactWrite(items, () => new ConflictError());
  return { record, key };
}

export async function revokeApiKey(companyId: string, keyId: string, actorUserId: string, now = new Date()): Promise<void> {
  const item = await getItem<Stored<ApiKeyRecord> & { keyHash: string }>(keys.apiKey(companyId, keyId), { consistent: true });
  if (!item?.keyHash) throw new NotFoundError();
  await transactWrite(
    [
      { Delete: { TableName: tableName(), Key: keys.apiKey(companyId, keyId), ConditionExpression: 'attribute_exists(pk)' } },
      { Delete: { TableName: tableName(), Key: keys.apiKeyLookup(item.keyHash) } },
      integrationAuditPut(companyId, { action: 'api_key.revoked', actorUserId, subject: { kind: 'api_key', id: keyId, label: item.name } }, now),
    ],
    () => new NotFoundError(),
  );
}

/** The key's identity, or undefined for an unknown (or revoked) key. Strongly consistent: a revoked key is refused at once. */
export async function findApiKey(key: string): Promise<ApiKeyIdentity | undefined> {
  if (!looksLikeApiKey(key)) return undefined;
  const keyHash = hashApiKey(key);
  const item = await getItem<Stored<ApiKeyIdentity>>(keys.apiKeyLookup(keyHash), { consistent: true });
  if (!item) return undefined;
  const { keyExpiresAt, ...identity } = item;
  return { ...identity, keyHash, expiresAt: keyExpiresAt ?? null };
}

/** Length of a rate-limit window. */
export const RATE_WINDOW_SECONDS = 60;

/** Counts one call of the key in the current window; answers the window's count and when it ends. */
export async function countApiKeyCall(keyHash: string, now = new Date()): Promise<{ count: number; resetSeconds: number }> {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const window = nowSeconds - (nowSeconds % RATE_WINDOW_SECONDS);
  const { Attributes } = await db.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.apiKeyCalls(keyHash, window),
      UpdateExpression: 'ADD calls :one SET #ttl = if_not_exists(#ttl, :ttl), entity = if_not_exists(entity, :entity)',
      ExpressionAttributeNames: { '#ttl': TTL_ATTRIBUTE },
      ExpressionAttributeValues: { ':one': 1, ':ttl': window + 2 * RATE_WINDOW_SECONDS, ':entity': 'apiKeyCalls' },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return { count: Number(Attributes?.calls ?? 1), resetSeconds: window + RATE_WINDOW_SECONDS - nowSeconds };
}

/** How often a key's `lastUsedAt` is written at most (per function instance). */
const LAST_USED_RESOLUTION_MS = 60_000;
const lastWritten = new Map<string, number>();

/** Records that the key was used (at most once a minute per instance; never brings a revoked key's lookup back). */
export async function touchApiKey(keyHash: string, now = new Date()): Promise<void> {
  const last = lastWritten.get(keyHash);
  if (last !== undefined && now.getTime() - last < LAST_USED_RESOLUTION_MS) return;
  lastWritten.set(keyHash, now.getTime());
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.apiKeyLookup(keyHash),
        UpdateExpression: 'SET lastUsedAt = :now',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':now': now.toISOString() },
      }),
    );
  } catch (error) {
    if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
  }
}
