// Guest links (issue 40 point 4): each guest stay's private link to the "we have left" page.
// The token design is the calendar export's (repositories/calendar-exports.ts):
// - a token is 32 random bytes (256 bits), base64url, so it fits a path id (shared/ids.ts);
// - the company's item (keys.guestLink) keeps the current token, so the office can show the URL
//   again; the lookup item (keys.guestLinkLookup) is keyed by the token's SHA-256 and names the
//   company and the reservation, nothing else;
// - rotating replaces both in one transaction (the old lookup deleted): the old link is a 404 at once;
// - every public request counts against its token in a fixed window on the lookup item (one
//   UpdateItem reads the lookup and counts; a made-up token matches no item and writes nothing), and
//   against its source (a hash of the client IP, never the IP itself) in a counter item with a TTL;
// - "we have left" is recorded once on the lookup item (a condition: not yet recorded), in the same
//   transaction as the turnover's `guestLeftAt` (functions/reservations/guest-link/record.ts).
import { createHash } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ConflictError, NotFoundError } from '#functions/lib/errors';
import { db, tableName } from '../client';
import { getItem, transactWrite, type TransactItem } from '../db';
import { keys } from '../keys';
import { countTokenHit } from '../token-hits';
import { newExportToken, tokenDigest } from './calendar-exports';

/** Requests per token and window: a guest opens the page a few times and presses once. */
export const GUEST_TOKEN_RATE_LIMIT = 30;
/** Requests per source (client IP) and window, across every token: guessing links stops here. */
export const GUEST_SOURCE_RATE_LIMIT = 60;
export const GUEST_RATE_WINDOW_SECONDS = 600;
/** Photo upload URLs one link may ask for (one photo, a few retries on a bad connection). */
export const GUEST_PHOTO_UPLOADS = 3;

/** The company's record of a stay's link. */
export interface GuestLinkRecord {
  reservationId: string;
  token: string;
  digest: string;
  createdAt: string;
  /** When the guests said they had left (once). */
  leftAt?: string;
}

/** What a lookup names. */
export interface GuestLinkTarget {
  companyId: string;
  reservationId: string;
  digest: string;
  leftAt?: string;
  photoUploads: number;
}

export type GuestLookup = { status: 'ok'; target: GuestLinkTarget } | { status: 'limited'; retryAfterSeconds: number } | { status: 'unknown' };

const epochSeconds = (now: Date) => Math.floor(now.getTime() / 1000);

/** The stay's current link, if it has one. */
export async function getGuestLink(companyId: string, reservationId: string): Promise<GuestLinkRecord | undefined> {
  const item = await getItem<GuestLinkRecord>(keys.guestLink(companyId, reservationId), { consistent: true });
  return item ? { reservationId, token: item.token, digest: item.digest, createdAt: item.createdAt, ...(item.leftAt ? { leftAt: item.leftAt } : {}) } : undefined;
}

function linkItems(companyId: string, reservationId: string, token: string, createdAt: string, leftAt: string | undefined, companyCondition: Pick<NonNullable<TransactItem['Put']>, 'ConditionExpression' | 'ExpressionAttributeValues'>): TransactItem[] {
  const digest = tokenDigest(token);
  const left = leftAt ? { leftAt } : {};
  return [
    {
      Put: {
        TableName: tableName(),
        Item: { ...keys.guestLink(companyId, reservationId), entity: 'guestLink', reservationId, token, digest, createdAt, ...left },
        ...companyCondition,
      },
    },
    {
      Put: {
        TableName: tableName(),
        Item: { ...keys.guestLinkLookup(digest), entity: 'guestLinkLookup', companyId, reservationId, createdAt, ...left },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
  ];
}

/** The reservation must be the company's (a ConditionCheck of the link's transaction). */
const reservationExists = (companyId: string, reservationId: string): TransactItem => ({
  ConditionCheck: { TableName: tableName(), Key: keys.reservation(companyId, reservationId), ConditionExpression: 'attribute_exists(pk)' },
});

/**
 * The stay's link, made on first use (lazily: stays imported before this feature have none). Two
 * first uses at once: one writes, the other reads what it wrote. Another company's reservation: 404.
 */
export async function ensureGuestLink(companyId: string, reservationId: string, now = new Date()): Promise<GuestLinkRecord> {
  const existing = await getGuestLink(companyId, reservationId);
  if (existing) return existing;
  const token = newExportToken();
  const createdAt = now.toISOString();
  try {
    await transactWrite(
      [reservationExists(companyId, reservationId), ...linkItems(companyId, reservationId, token, createdAt, undefined, { ConditionExpression: 'attribute_not_exists(pk)' })],
      (failed) => (failed === 0 ? new NotFoundError() : new ConflictError()),
    );
  } catch (error) {
    if (!(error instanceof ConflictError)) throw error;
    const raced = await getGuestLink(companyId, reservationId);
    if (raced) return raced;
    throw error;
  }
  return { reservationId, token, digest: tokenDigest(token), createdAt };
}

/**
 * A new link for the stay: the old one answers 404 from now on. What was recorded (the guests left)
 * stays recorded. A concurrent rotation makes this one fail with 409 rather than leave two live links.
 */
export async function rotateGuestLink(companyId: string, reservationId: string, now = new Date()): Promise<GuestLinkRecord> {
  const old = await getGuestLink(companyId, reservationId);
  const token = newExportToken();
  const createdAt = now.toISOString();
  const items: TransactItem[] = [
    reservationExists(companyId, reservationId),
    ...linkItems(
      companyId,
      reservationId,
      token,
      createdAt,
      old?.leftAt,
      old ? { ConditionExpression: 'digest = :old', ExpressionAttributeValues: { ':old': old.digest } } : { ConditionExpression: 'attribute_not_exists(pk)' },
    ),
    ...(old ? [{ Delete: { TableName: tableName(), Key: keys.guestLinkLookup(old.digest) } }] : []),
  ];
  await transactWrite(items, (failed) => (failed === 0 ? new NotFoundError() : new ConflictError()));
  return { reservationId, token, digest: tokenDigest(token), createdAt, ...(old?.leftAt ? { leftAt: old.leftAt } : {}) };
}

const conditionFailed = (error: unknown) => (error as Error).name === 'ConditionalCheckFailedException';

/**
 * A public request's read of a token: counts it in the token's current window and answers what the
 * token names. A made-up or revoked token fails the condition and writes nothing.
 */
export async function lookUpGuestToken(token: string, now = new Date()): Promise<GuestLookup> {
  const digest = tokenDigest(token);
  const hit = await countTokenHit(keys.guestLinkLookup(digest), GUEST_RATE_WINDOW_SECONDS, now);
  if (!hit) return { status: 'unknown' };
  if (Number(hit.item.hits) > GUEST_TOKEN_RATE_LIMIT) return { status: 'limited', retryAfterSeconds: hit.retryAfterSeconds };
  const { companyId, reservationId, leftAt, photoUploads } = hit.item;
  if (typeof companyId !== 'string' || typeof reservationId !== 'string') return { status: 'unknown' };
  return {
    status: 'ok',
    target: { companyId, reservationId, digest, photoUploads: Number(photoUploads ?? 0), ...(typeof leftAt === 'string' ? { leftAt } : {}) },
  };
}

/**
 * Counts a public request against its source (a hash of the client IP) and says when the source is
 * over its limit: the seconds until its window ends, else undefined. One UpdateItem; the counter
 * leaves with its TTL after the window.
 */
export async function countGuestSource(sourceIp: string | undefined, now = new Date()): Promise<number | undefined> {
  const epoch = epochSeconds(now);
  const window = Math.floor(epoch / GUEST_RATE_WINDOW_SECONDS);
  const source = createHash('sha256').update(`guest-source:${sourceIp ?? 'unknown'}`).digest('base64url');
  const { Attributes } = await db.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.guestLinkSource(source, window),
      UpdateExpression: 'ADD hits :one SET expiresAt = if_not_exists(expiresAt, :ttl), entity = if_not_exists(entity, :entity)',
      ExpressionAttributeValues: { ':one': 1, ':ttl': (window + 2) * GUEST_RATE_WINDOW_SECONDS, ':entity': 'guestLinkSource' },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return Number(Attributes?.hits ?? 0) > GUEST_SOURCE_RATE_LIMIT ? Math.max(1, (window + 1) * GUEST_RATE_WINDOW_SECONDS - epoch) : undefined;
}

/**
 * Takes one of the link's photo uploads: false when it has used them all, or the guests' leaving is
 * already recorded (nothing more to attach).
 */
export async function takeGuestPhotoUpload(digest: string): Promise<boolean> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.guestLinkLookup(digest),
        UpdateExpression: 'ADD photoUploads :one',
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(leftAt) AND (attribute_not_exists(photoUploads) OR photoUploads < :max)',
        ExpressionAttributeValues: { ':one': 1, ':max': GUEST_PHOTO_UPLOADS },
      }),
    );
    return true;
  } catch (error) {
    if (conditionFailed(error)) return false;
    throw error;
  }
}

/**
 * The transaction items that record the guests' leaving on the link (lookup and company items): the
 * lookup's condition (still this link, not recorded yet) makes it once only, whatever the races.
 */
export function guestLeftItems(target: Pick<GuestLinkTarget, 'companyId' | 'reservationId' | 'digest'>, leftAt: string, note: string | null): TransactItem[] {
  return [
    {
      Update: {
        TableName: tableName(),
        Key: keys.guestLinkLookup(target.digest),
        UpdateExpression: note ? 'SET leftAt = :at, guestNote = :note' : 'SET leftAt = :at',
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(leftAt)',
        ExpressionAttributeValues: { ':at': leftAt, ...(note ? { ':note': note } : {}) },
      },
    },
    {
      Update: {
        TableName: tableName(),
        Key: keys.guestLink(target.companyId, target.reservationId),
        UpdateExpression: 'SET leftAt = :at',
        ConditionExpression: 'digest = :digest',
        ExpressionAttributeValues: { ':at': leftAt, ':digest': target.digest },
      },
    },
  ];
}
