// API keys (issue 39 point 1). A key is `rok_` + 43 base64url characters (256 random bits). It is
// shown once, when made; the table keeps only its SHA-256:
// - the company's record (keys.apiKey): name, prefix (the first characters, to recognise it),
//   scopes, expiry, who made it, when it was last used: what the Integrations page lists;
// - the lookup item (keys.apiKeyLookup, partition = the hash): what a bearer call reads, with one
//   strongly consistent read, before its company is known (with the company's items in the same
//   BatchGetItem once this instance has seen the key: findApiKeyWith; company items are read only in
//   that company's context, with its scoped credentials in AWS: docs/tenant-fence.md). Revoking
//   deletes both in one transaction, so the next call with the key is 401.
// The calls of a key are counted per minute beside its lookup item (keys.apiKeyCalls, TTL) with an
// atomic ADD, written at most once a second per function instance and at every call near the limit
// (countApiKeyCall): the limit holds across every function and instance, give or take the calls
// other instances made in their last second below 90% of it.
import { createHash, randomBytes } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import type { ApiKeyScope } from '#shared/integrations';
import { ConflictError, NotFoundError } from '#functions/lib/errors';
import { withCompany } from '#functions/lib/tenant';
import { db, tableName } from '../client';
import { getItem, getItems, queryAll, transactWrite, type TransactItem } from '../db';
import { keys, type Key } from '../keys';
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

function identityOf(item: Record<string, unknown> | undefined, keyHash: string): ApiKeyIdentity | undefined {
  if (!item) return undefined;
  const { keyExpiresAt, ...identity } = item as Stored<ApiKeyIdentity>;
  return { ...identity, keyHash, expiresAt: keyExpiresAt ?? null };
}

/** The key's identity, or undefined for an unknown (or revoked) key. Strongly consistent: a revoked key is refused at once. */
export async function findApiKey(key: string): Promise<ApiKeyIdentity | undefined> {
  return (await findApiKeyWith(key, () => [])).identity;
}

/**
 * The company each key was last found for in this instance (bounded): a hint that lets the next call
 * read the lookup item and the company's items in one BatchGetItem. Never trusted: the lookup item
 * read in that batch is, and when it names another company the items are read again for it.
 */
const companyHints = new Map<string, string>();
const HINT_LIMIT = 1_000;

/** Keys read in `companyId`'s context (its scoped credentials in AWS; APIKEY# items are admitted there too), or outside any when none is a company's. */
function readFor(companyId: string, wanted: Key[], withLookup: Key[] = []): Promise<Array<Record<string, unknown> | undefined>> {
  const all = [...withLookup, ...wanted];
  if (!all.length) return Promise.resolve([]);
  return wanted.length ? withCompany(companyId, () => getItems(all)) : getItems(all);
}

/**
 * The key's identity (strongly consistent, as findApiKey) and the items `itemsOf` names for its
 * company, in their order: one BatchGetItem for a key this instance has seen (in the context of the
 * company it was seen for), two reads otherwise (the lookup item outside any company, with the
 * function's own role; then the items in its company's context).
 */
export async function findApiKeyWith(
  key: string,
  itemsOf: (companyId: string) => Key[],
): Promise<{ identity?: ApiKeyIdentity; items: Array<Record<string, unknown> | undefined> }> {
  if (!looksLikeApiKey(key)) return { items: [] };
  const keyHash = hashApiKey(key);
  const hint = companyHints.get(keyHash);
  if (hint) {
    const [lookup, ...items] = await readFor(hint, itemsOf(hint), [keys.apiKeyLookup(keyHash)]);
    const identity = identityOf(lookup, keyHash);
    if (!identity) {
      companyHints.delete(keyHash);
      return { items: [] };
    }
    if (identity.companyId === hint) return { identity, items };
    companyHints.set(keyHash, identity.companyId);
    return { identity, items: await readFor(identity.companyId, itemsOf(identity.companyId)) };
  }
  const identity = identityOf(await getItem(keys.apiKeyLookup(keyHash), { consistent: true }), keyHash);
  if (!identity) return { items: [] };
  if (companyHints.size >= HINT_LIMIT) companyHints.delete(companyHints.keys().next().value!);
  companyHints.set(keyHash, identity.companyId);
  return { identity, items: await readFor(identity.companyId, itemsOf(identity.companyId)) };
}

/** Length of a rate-limit window. */
export const RATE_WINDOW_SECONDS = 60;
/** How often, at most, an instance writes a key's count while the key is below 90% of its limit. */
export const CALL_FLUSH_MS = 1_000;

interface KeyCalls {
  window: number;
  /** The window's total as last written (every instance's calls until then). */
  known: number;
  /** This instance's calls sent in a write not yet answered. */
  inFlight: number;
  /** This instance's calls since. */
  pending: number;
  flushedAt: number;
  /** This instance's answered writes in the window: each one's calls (`add`) and the last one's place. */
  landed: Array<{ place: number; add: number }>;
}
const calls = new Map<string, KeyCalls>();
/** How many answered writes an instance keeps per key and window (KeyCalls.landed). */
const LANDED_KEPT = 64;

/**
 * Counts one call of the key in the current window; answers the window's count (as far as this
 * instance knows it) and when the window ends. The count is written (ADD, answering the total) on
 * the key's first call in a window, then at most once every CALL_FLUSH_MS, and at every call once
 * the count reaches 90% of `limit`: far from the limit a call costs no write, near it every call is
 * counted exactly.
 */
export async function countApiKeyCall(keyHash: string, limit: number, now = new Date()): Promise<{ count: number; resetSeconds: number }> {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const window = nowSeconds - (nowSeconds % RATE_WINDOW_SECONDS);
  const resetSeconds = window + RATE_WINDOW_SECONDS - nowSeconds;
  let entry = calls.get(keyHash);
  if (!entry || entry.window !== window) {
    entry = { window, known: 0, inFlight: 0, pending: 0, flushedAt: Number.NEGATIVE_INFINITY, landed: [] };
    if (calls.size >= HINT_LIMIT) calls.delete(calls.keys().next().value!);
    calls.set(keyHash, entry);
  }
  entry.pending += 1;
  const current = entry;
  const view = () => current.known + current.inFlight + current.pending;
  const due = now.getTime() - entry.flushedAt >= CALL_FLUSH_MS || view() >= limit * 0.9;
  if (!due) return { count: view(), resetSeconds };
  // This call's place as this instance knows it (its own calls before it included, written or not):
  // a write of a later call of this instance can reach the table first and answer a smaller total.
  const place = view();
  const add = entry.pending;
  entry.pending = 0;
  entry.inFlight += add;
  entry.flushedAt = now.getTime();
  let total: number;
  try {
    const { Attributes } = await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.apiKeyCalls(keyHash, window),
        UpdateExpression: 'ADD calls :add SET #ttl = if_not_exists(#ttl, :ttl), entity = if_not_exists(entity, :entity)',
        ExpressionAttributeNames: { '#ttl': TTL_ATTRIBUTE },
        ExpressionAttributeValues: { ':add': add, ':ttl': window + 2 * RATE_WINDOW_SECONDS, ':entity': 'apiKeyCalls' },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    entry.inFlight -= add;
    // The total answered is this call's place in the window: every call written before it, from any
    // instance. A burst's writes land in any order (twelve calls at once against a limit of six
    // answered eight), so it is the table's total less this instance's later calls whose writes were
    // answered first, and never less than its place among this instance's own calls. Later calls add
    // what this instance has not written since (writes of its own still in flight may be counted
    // twice until answered: never too few).
    const written = Number(Attributes?.calls ?? add);
    entry.known = Math.max(entry.known, written);
    const later = entry.landed.reduce((sum, write) => (write.place > place ? sum + write.add : sum), 0);
    // (Only the latest are kept: a write reordered past this one is one sent about the same time.)
    if (entry.landed.push({ place, add }) > LANDED_KEPT) entry.landed.shift();
    total = Math.max(written - later, place);
  } catch (error) {
    entry.inFlight -= add;
    entry.pending += add;
    entry.flushedAt = Number.NEGATIVE_INFINITY;
    throw error;
  }
  return { count: total, resetSeconds };
}

/** Test hook: forget this instance's counts and company hints (as a new instance would). */
export function forgetApiKeyInstanceState(): void {
  calls.clear();
  companyHints.clear();
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
