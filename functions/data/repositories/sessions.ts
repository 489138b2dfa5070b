// Sessions: an opaque id in an httpOnly cookie, the item SESSION#<sid> in the table. Nothing about a
// session is kept in memory: every request reads the item, so a session deleted (sign-out, member
// removed, role changed) stops working on the very next request, in every Lambda container.
//
// One read per request (README, "Sessions"): a new session id is `<companyId>.<32 random bytes>`.
// The prefix is only a hint: it lets a route read its session together with the company items it
// needs in one BatchGetItem (getSessionWith). The key and the check stay the session item, and the
// item's own companyId is authoritative: with a prefix that is not the session's company (forged or
// stale) the items read are thrown away and read again for the session's company. Ids without a
// prefix (issued before) keep working through the sequential path.
// The company items are read inside that company's context (functions/lib/tenant.ts), so in AWS with
// its scoped credentials (docs/tenant-fence.md), never the function's own role: the one batch runs in
// the hinted company's context (its tenant role admits SESSION#* too), and only once this function
// holds that company's clients (companyClientsReady), so a forged prefix never makes it assume a
// role; otherwise the session is read alone (own role, SESSION#), then the items in its company's.
import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { randomBytes } from 'node:crypto';
import type { Session } from '#shared/schemas';
import { withCompany } from '#functions/lib/tenant';
import { companyClientsReady, db, tableName } from '../client';
import { getItem, getItems, queryAll } from '../db';
import { keys, type Key } from '../keys';

/** Sliding lifetime: every use within this window pushes the expiry forward. */
export const SESSION_TTL_SECONDS = 7 * 24 * 60 * 60;
/** Don't rewrite the session on every request: only when this much of its life has been used. */
const TOUCH_AFTER_SECONDS = 60 * 60;

const epochSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** A session id: an optional company prefix (`<companyId>.`) and a random part, both URL-safe. */
const SESSION_ID = /^(?:([A-Za-z0-9_-]{1,64})\.)?[A-Za-z0-9_-]{20,100}$/;

/** Whether `sid` has the shape of a session id (anything else is never looked up). */
export function isSessionIdShaped(sid: string): boolean {
  return SESSION_ID.test(sid);
}

/** The company a session id says it belongs to: a hint for prefetching, never trusted on its own. */
export function companyHintOf(sid: string): string | undefined {
  return SESSION_ID.exec(sid)?.[1];
}

export async function createSession(sess: Session['sess'], now = new Date()): Promise<Session> {
  const random = randomBytes(32).toString('base64url');
  const sid = /^[A-Za-z0-9_-]{1,64}$/.test(sess.companyId) ? `${sess.companyId}.${random}` : random;
  const expire = new Date(now.getTime() + SESSION_TTL_SECONDS * 1000);
  const session: Session = { sid, sess, expire: expire.toISOString() };
  await db.send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.session(sid),
        ...keys.userSessions(sess.userId),
        gsi1sk: sid,
        entity: 'session',
        ...session,
        expiresAt: epochSeconds(expire),
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
  return session;
}

/** A live session, or undefined when absent or expired (TTL deletion is lazy, so check expire). */
export async function getSession(sid: string, now = new Date()): Promise<Session | undefined> {
  if (!isSessionIdShaped(sid)) return undefined;
  return liveSession(await getItem<Session>(keys.session(sid)), now);
}

function liveSession(session: Session | undefined, now: Date): Session | undefined {
  if (!session || new Date(session.expire).getTime() <= now.getTime()) return undefined;
  return session;
}

/**
 * The session and the items `itemsOf(companyId)` names for the session's company, in their order
 * (`items` is set whenever the session is live), each company item read in that company's context:
 * - in one BatchGetItem, in the context of the company the id's prefix names, when this function
 *   holds its clients already (companyClientsReady); kept when that is the session's company;
 * - otherwise (no prefix, a company not served here yet, a prefix that is not the session's
 *   company): the session alone, outside any company, then the items in its company's context.
 */
export async function getSessionWith(
  sid: string,
  itemsOf: (companyId: string) => Key[],
  now = new Date(),
): Promise<{ session: Session | undefined; items?: Array<Record<string, unknown> | undefined> }> {
  if (!isSessionIdShaped(sid)) return { session: undefined };
  const hint = companyHintOf(sid);
  let session: Session | undefined;
  if (hint && companyClientsReady(hint)) {
    const [sessionItem, ...items] = await withCompany(hint, () => getItems([keys.session(sid), ...itemsOf(hint)]));
    session = liveSession(sessionItem as Session | undefined, now);
    if (!session || session.sess.companyId === hint) return session ? { session, items } : { session };
  } else {
    session = await getSession(sid, now);
    if (!session) return { session };
  }
  const companyId = session.sess.companyId;
  const wanted = itemsOf(companyId);
  return { session, items: wanted.length ? await withCompany(companyId, () => getItems(wanted)) : [] };
}

/** Slides the expiry forward when the session has been in use for a while. */
export async function touchSession(session: Session, now = new Date()): Promise<void> {
  const remaining = (new Date(session.expire).getTime() - now.getTime()) / 1000;
  if (SESSION_TTL_SECONDS - remaining < TOUCH_AFTER_SECONDS) return;
  const expire = new Date(now.getTime() + SESSION_TTL_SECONDS * 1000);
  await db.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.session(session.sid),
      UpdateExpression: 'SET expire = :expire, expiresAt = :ttl',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':expire': expire.toISOString(), ':ttl': epochSeconds(expire) },
    }),
  ).catch(() => undefined);
}

export async function deleteSession(sid: string): Promise<void> {
  await db.send(new DeleteCommand({ TableName: tableName(), Key: keys.session(sid) }));
}

/** Signs a person out everywhere (after a password reset, a role change, their removal). */
export async function deleteUserSessions(userId: string): Promise<number> {
  const sessions = await queryAll<{ sid: string }>({ index: 'gsi1', partition: keys.userSessions(userId).gsi1pk });
  await Promise.all(sessions.map((session) => deleteSession(session.sid)));
  return sessions.length;
}
