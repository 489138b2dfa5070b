// Failed sign-ins (e-mail/password, and the two-factor code after it), counted so that nobody can
// lock someone else out (issue 43 point 4). Two counters per e-mail address:
//   - per account AND source (the client IP API Gateway saw): the first SOURCE_FREE_FAILURES cost
//     nothing (typos); each one after waits a delay that doubles (30 s, 1 min, 2 min ... at most
//     15 min) before that source may try that account again. An attacker typing wrong passwords
//     from elsewhere never slows the real user's own device.
//   - per account across every source, looser (ACCOUNT_FREE_FAILURES), against guessing spread over
//     many addresses: past it, a source that has never signed in to the account waits the same kind
//     of growing delay. A source that has signed in to it before (remembered KNOWN_SOURCE_DAYS) is
//     held to its own counter only, so its right password always gets in.
// A counter forgets its failures FORGET_SECONDS after the last one; it is one item with a TTL
// (keys.loginAttemptsFrom / keys.loginAttempts), updated atomically. A successful sign-in clears its
// source's counter and remembers the source; a password reset clears every counter of the address.
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '#functions/data/client';
import { keys, type Key } from '#functions/data/keys';

export const SOURCE_FREE_FAILURES = 5;
export const ACCOUNT_FREE_FAILURES = 20;
export const FIRST_DELAY_SECONDS = 30;
export const MAX_DELAY_SECONDS = 15 * 60;
export const FORGET_SECONDS = 60 * 60;
export const KNOWN_SOURCE_DAYS = 90;
/** The source of a failure whose request did not say where it came from (counted as one source). */
export const UNKNOWN_SOURCE = '-';

const epochSeconds = (date: Date) => Math.floor(date.getTime() / 1000);
const isConditionFailure = (error: unknown) => (error as Error).name === 'ConditionalCheckFailedException';
/** The source as stored in a key: an IP (v4 or v6), else the unknown source. */
const sourceKey = (source: string | undefined) => (source && /^[0-9A-Fa-f:.]{2,45}$/.test(source) ? source.toLowerCase() : UNKNOWN_SOURCE);

/** The wait after `failures` failures of which the first `free` cost nothing (0: may try now). */
export function delayAfter(failures: number, free: number): number {
  if (failures < free) return 0;
  return Math.min(MAX_DELAY_SECONDS, FIRST_DELAY_SECONDS * 2 ** Math.min(failures - free, 20));
}

interface Counter {
  failures?: number;
  lastFailureAt?: number;
}

async function read(key: Key): Promise<Record<string, unknown> | undefined> {
  return (await db.send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }))).Item;
}

function remaining(counter: Counter | undefined, free: number, nowSeconds: number): number {
  if (!counter?.lastFailureAt || counter.lastFailureAt <= nowSeconds - FORGET_SECONDS) return 0;
  return Math.max(0, counter.lastFailureAt + delayAfter(Number(counter.failures ?? 0), free) - nowSeconds);
}

/** Seconds until `source` may try `email` again, or 0 when it may try now. */
export async function lockedForSeconds(email: string, source?: string, now = new Date()): Promise<number> {
  const from = sourceKey(source);
  const nowSeconds = epochSeconds(now);
  const [own, account, known] = await Promise.all([read(keys.loginAttemptsFrom(email, from)), read(keys.loginAttempts(email)), read(keys.knownLoginSource(email, from))]);
  const ownWait = remaining(own as Counter | undefined, SOURCE_FREE_FAILURES, nowSeconds);
  const isKnown = !!known && Number(known.expiresAt ?? 0) > nowSeconds;
  const accountWait = isKnown ? 0 : remaining(account as Counter | undefined, ACCOUNT_FREE_FAILURES, nowSeconds);
  return Math.max(ownWait, accountWait);
}

/** One more failure on a counter: in its live run, or the first of a new one. */
async function count(key: Key, nowSeconds: number): Promise<void> {
  const cutoff = nowSeconds - FORGET_SECONDS;
  const expiresAt = nowSeconds + FORGET_SECONDS;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      await db.send(
        new UpdateCommand({
          TableName: tableName(),
          Key: key,
          UpdateExpression: 'ADD failures :one SET lastFailureAt = :now, expiresAt = :expires',
          ConditionExpression: 'lastFailureAt > :cutoff',
          ExpressionAttributeValues: { ':one': 1, ':now': nowSeconds, ':expires': expiresAt, ':cutoff': cutoff },
        }),
      );
      return;
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
    try {
      // No live run: start one, unless a concurrent failure just did (then count in it).
      await db.send(
        new PutCommand({
          TableName: tableName(),
          Item: { ...key, entity: 'loginAttempts', failures: 1, lastFailureAt: nowSeconds, expiresAt },
          ConditionExpression: 'attribute_not_exists(pk) OR attribute_not_exists(lastFailureAt) OR lastFailureAt <= :cutoff',
          ExpressionAttributeValues: { ':cutoff': cutoff },
        }),
      );
      return;
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  }
}

/** Counts one failure of `source` on `email`: on its own counter and on the account's. */
export async function recordFailure(email: string, source?: string, now = new Date()): Promise<void> {
  const nowSeconds = epochSeconds(now);
  await Promise.all([count(keys.loginAttemptsFrom(email, sourceKey(source)), nowSeconds), count(keys.loginAttempts(email), nowSeconds)]);
}

/**
 * A successful sign-in from `source`: its counter is cleared and the source is remembered for the
 * account (the account-wide counter is left to expire: someone else's failures are not forgiven by it).
 */
export async function clearFailures(email: string, source?: string, now = new Date()): Promise<void> {
  const from = sourceKey(source);
  const expiresAt = epochSeconds(now) + KNOWN_SOURCE_DAYS * 86_400;
  await Promise.all([
    db.send(new DeleteCommand({ TableName: tableName(), Key: keys.loginAttemptsFrom(email, from) })),
    from === UNKNOWN_SOURCE ? undefined : db.send(new PutCommand({ TableName: tableName(), Item: { ...keys.knownLoginSource(email, from), entity: 'knownLoginSource', expiresAt } })),
  ]);
}

/** The address proved its mailbox (a password reset): every failure counted on it is forgotten. */
export async function clearAllFailures(email: string): Promise<void> {
  const { pk } = keys.loginAttempts(email);
  const found = await db.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': pk, ':prefix': keys.loginAttemptsSourcePrefix },
      ProjectionExpression: 'pk, sk',
      Limit: 200,
    }),
  );
  const stale = [keys.loginAttempts(email), ...((found.Items ?? []) as Key[])];
  await Promise.all(stale.map((key) => db.send(new DeleteCommand({ TableName: tableName(), Key: { pk: key.pk, sk: key.sk } }))));
}
