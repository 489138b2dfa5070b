// Calendar export tokens (issue 39 point 5): the iCal export URL of a property (channels import it)
// and a member's personal task feed (their phone subscribes to it).
// - A token is 32 random bytes (256 bits), base64url: it fits a path id (shared/ids.ts).
// - The company's item (keys.calendarExport) keeps the current token, so its URL can be shown again
//   to who may see it; the lookup item (keys.calendarExportLookup) is keyed by the token's SHA-256,
//   like the one-time tokens of tokens.ts, and names the company and the subject.
// - Regenerating replaces both in one transaction: the old lookup item is deleted with it, so the old
//   URL is a 404 from that moment on.
// - Each request of the public feed counts against its token in a fixed window on the lookup item
//   (one UpdateItem reads the lookup and counts): a made-up token matches no item and writes nothing.
import { createHash, randomBytes } from 'node:crypto';
import { ConflictError, NotFoundError } from '#functions/lib/errors';
import { tableName } from '../client';
import { getItem, getItems, transactWrite, type TransactItem } from '../db';
import { keys } from '../keys';
import { countTokenHit } from '../token-hits';

export type CalendarExportSubject = 'PROPERTY' | 'MEMBER';

/** What a lookup item names. */
export interface CalendarExportTarget {
  subject: CalendarExportSubject;
  companyId: string;
  subjectId: string;
}

interface CompanyExportItem {
  token: string;
  digest: string;
  createdAt: string;
}

/** The public feed's limit per token: requests per window (a channel polls every 15 minutes to a few hours). */
export const FEED_RATE_LIMIT = 60;
export const FEED_RATE_WINDOW_SECONDS = 600;

export const tokenDigest = (token: string): string => createHash('sha256').update(token).digest('base64url');

export function newExportToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * The items that give a new subject its first token (a property's export, written in the property's
 * own creation transaction). Returns the items and the token.
 */
export function firstExportItems(target: CalendarExportTarget, now = new Date()): { token: string; items: TransactItem[] } {
  const token = newExportToken();
  const digest = tokenDigest(token);
  const createdAt = now.toISOString();
  return {
    token,
    items: [
      {
        Put: {
          TableName: tableName(),
          Item: { ...keys.calendarExport(target.companyId, target.subject, target.subjectId), entity: 'calendarExport', token, digest, createdAt },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      {
        Put: {
          TableName: tableName(),
          Item: { ...keys.calendarExportLookup(digest), entity: 'calendarExportLookup', ...target, createdAt },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
    ],
  };
}

/** The subject's current token, if it has one. */
export async function currentExportToken(companyId: string, subject: CalendarExportSubject, subjectId: string): Promise<string | undefined> {
  return (await getItem<CompanyExportItem>(keys.calendarExport(companyId, subject, subjectId)))?.token;
}

/** The current tokens of several subjects of one company (one BatchGetItem per 100), by subject id. */
export async function currentExportTokens(companyId: string, subject: CalendarExportSubject, subjectIds: readonly string[]): Promise<Map<string, string>> {
  const tokens = new Map<string, string>();
  for (let i = 0; i < subjectIds.length; i += 100) {
    const ids = subjectIds.slice(i, i + 100);
    const items = await getItems(ids.map((id) => keys.calendarExport(companyId, subject, id)));
    items.forEach((item, index) => {
      if (typeof item?.token === 'string') tokens.set(ids[index], item.token);
    });
  }
  return tokens;
}

/**
 * A new token for the subject, replacing the old one at once (its lookup item deleted in the same
 * transaction), on the condition that the subject itself (the property, the member) is the
 * company's: when it is not, nothing is written and the answer is 404. A concurrent regeneration makes this one
 * fail with 409 rather than leave two live tokens (the caller may try again).
 */
export async function regenerateExportToken(target: CalendarExportTarget, now = new Date()): Promise<string> {
  const subjectKey = target.subject === 'PROPERTY' ? keys.property(target.companyId, target.subjectId) : keys.user(target.companyId, target.subjectId);
  const exists: TransactItem = { ConditionCheck: { TableName: tableName(), Key: subjectKey, ConditionExpression: 'attribute_exists(pk)' } };
  const key = keys.calendarExport(target.companyId, target.subject, target.subjectId);
  const old = await getItem<CompanyExportItem>(key);
  const token = newExportToken();
  const digest = tokenDigest(token);
  const createdAt = now.toISOString();
  const items: TransactItem[] = [
    exists,
    {
      Put: {
        TableName: tableName(),
        Item: { ...key, entity: 'calendarExport', token, digest, createdAt },
        ...(old
          ? { ConditionExpression: 'digest = :old', ExpressionAttributeValues: { ':old': old.digest } }
          : { ConditionExpression: 'attribute_not_exists(pk)' }),
      },
    },
    {
      Put: {
        TableName: tableName(),
        Item: { ...keys.calendarExportLookup(digest), entity: 'calendarExportLookup', ...target, createdAt },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    ...(old ? [{ Delete: { TableName: tableName(), Key: keys.calendarExportLookup(old.digest) } }] : []),
  ];
  await transactWrite(items, (failed) => (failed === 0 ? new NotFoundError() : new ConflictError()));
  return token;
}

export type FeedLookup = { status: 'ok'; target: CalendarExportTarget } | { status: 'limited'; retryAfterSeconds: number } | { status: 'unknown' };

/**
 * The public feed's read of a token: counts the request in the token's current window and answers
 * what the token names. One UpdateItem in the usual case (two when a new window starts); an unknown
 * token fails the condition and writes nothing.
 */
export async function lookUpFeedToken(token: string, now = new Date()): Promise<FeedLookup> {
  const hit = await countTokenHit(keys.calendarExportLookup(tokenDigest(token)), FEED_RATE_WINDOW_SECONDS, now);
  if (!hit) return { status: 'unknown' };
  if (Number(hit.item.hits) > FEED_RATE_LIMIT) return { status: 'limited', retryAfterSeconds: hit.retryAfterSeconds };
  const { subject, companyId, subjectId } = hit.item;
  if ((subject !== 'PROPERTY' && subject !== 'MEMBER') || typeof companyId !== 'string' || typeof subjectId !== 'string') return { status: 'unknown' };
  return { status: 'ok', target: { subject, companyId, subjectId } };
}
