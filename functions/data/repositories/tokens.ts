// One-time tokens in the table (e-mail confirmation, password reset, OAuth state), with a TTL.
// The item is keyed by the SHA-256 of the token, so someone who can read the table cannot use what
// they read. Consuming deletes the item conditionally: a token works once, even under a race.
// DynamoDB's TTL deletion is lazy, so expiry is checked against `expiresAt` on every read.
import { createHash, randomBytes } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '#functions/data/client';
import { keys } from '#functions/data/keys';

/** What a confirmation, reset or invitation link's token stands for. */
export interface LinkData extends Record<string, unknown> {
  email: string;
  userId: string;
  companyId: string;
}

export type TokenKind = 'confirm-email' | 'reset-password' | 'oauth' | 'two-factor';

export const TOKEN_TTL_SECONDS: Record<TokenKind, number> = {
  'confirm-email': 24 * 60 * 60,
  'reset-password': 60 * 60,
  oauth: 10 * 60,
  // The code step of a sign-in, or an enrolment (functions/auth/two-factor.ts).
  'two-factor': 10 * 60,
};

/** `usedAt`: a link kept after its use (markTokenUsed), so opening it again can say it was used. */
export type TokenCheck<T> = { status: 'valid'; data: T; usedAt?: string } | { status: 'expired' } | { status: 'invalid' };

const digest = (token: string) => createHash('sha256').update(token).digest('base64url');
const epochSeconds = (date: Date) => Math.floor(date.getTime() / 1000);
const tokenKey = (kind: TokenKind, token: string) => keys.token(kind, digest(token));

export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Stores `data` under a new random token (or the given one, for the OAuth state) and returns the
 * token. `now` lets tests create a token that is already expired.
 */
export async function issueToken<T extends Record<string, unknown>>(
  kind: TokenKind,
  data: T,
  options: { token?: string; now?: Date; ttlSeconds?: number } = {},
): Promise<string> {
  const token = options.token ?? randomToken();
  const now = options.now ?? new Date();
  const expiresAt = epochSeconds(now) + (options.ttlSeconds ?? TOKEN_TTL_SECONDS[kind]);
  await db.send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...tokenKey(kind, token), entity: 'token', kind, data, createdAt: now.toISOString(), expiresAt },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
  return token;
}

/** Reads a token without using it up. */
export async function peekToken<T>(kind: TokenKind, token: string, now = new Date()): Promise<TokenCheck<T>> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: tokenKey(kind, token), ConsistentRead: true }));
  if (!Item) return { status: 'invalid' };
  if ((Item.expiresAt as number) <= epochSeconds(now)) return { status: 'expired' };
  return { status: 'valid', data: Item.data as T, ...(typeof Item.usedAt === 'string' ? { usedAt: Item.usedAt } : {}) };
}

/**
 * Marks a token used and keeps it until it expires: a confirmation link opened again (a second
 * click, the mail app's preview) then says the e-mail is already confirmed, not "invalid link".
 */
export async function markTokenUsed(kind: TokenKind, token: string, now = new Date()): Promise<void> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: tokenKey(kind, token),
        UpdateExpression: 'SET usedAt = if_not_exists(usedAt, :now)',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':now': now.toISOString() },
      }),
    );
  } catch (error) {
    // Gone meanwhile (expired and swept): nothing to keep.
    if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
  }
}

/**
 * Uses a token up: deletes it only while it is live, and tells an expired token from an unknown or
 * already used one. An expired token is left for the TTL, so a second try still reads "expired".
 */
export async function consumeToken<T>(kind: TokenKind, token: string, now = new Date()): Promise<TokenCheck<T>> {
  try {
    const { Attributes } = await db.send(
      new DeleteCommand({
        TableName: tableName(),
        Key: tokenKey(kind, token),
        ConditionExpression: 'attribute_exists(pk) AND expiresAt > :now',
        ExpressionAttributeValues: { ':now': epochSeconds(now) },
        ReturnValues: 'ALL_OLD',
      }),
    );
    return { status: 'valid', data: Attributes?.data as T };
  } catch (error) {
    if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
    const check = await peekToken<T>(kind, token, now);
    return check.status === 'expired' ? check : { status: 'invalid' };
  }
}

/** Removes a token whatever its state (after a peek-then-act use, or on rollback). */
export async function revokeToken(kind: TokenKind, token: string): Promise<void> {
  await db.send(new DeleteCommand({ TableName: tableName(), Key: tokenKey(kind, token) }));
}
