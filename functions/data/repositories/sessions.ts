import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { randomBytes } from 'node:crypto';
import type { Session } from '#shared/schemas';
import { db, tableName } from '../client';
import { getItem, queryAll } from '../db';
import { keys } from '../keys';

/** Sliding lifetime: every use within this window pushes the expiry forward. */
export const SESSION_TTL_SECONDS = 7 * 24 * 60 * 60;
/** Don't rewrite the session on every request: only when this much of its life has been used. */
const TOUCH_AFTER_SECONDS = 60 * 60;

const epochSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

export async function createSession(sess: Session['sess'], now = new Date()): Promise<Session> {
  const sid = randomBytes(32).toString('base64url');
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
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(sid)) return undefined;
  const session = await getItem<Session>(keys.session(sid));
  if (!session || new Date(session.expire).getTime() <= now.getTime()) return undefined;
  return session;
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
