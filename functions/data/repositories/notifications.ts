// Notification preferences (one item per user and company), notification history (newest first
// by a ULID sort key under the company partition), one-time claims that make sends idempotent, the
// hourly quotas of manual sends and of event alerts, and the cross-company check-in-day index read by the reminder job.
import { DeleteCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { monotonicFactory } from 'ulid';
import type { NotificationLanguage, PreferredLanguage } from '#shared/enums';
import type { Company } from '#shared/schemas';
import {
  NOTIFICATION_HISTORY_LIMIT,
  type NotificationHistory,
  type NotificationPreferences,
  type Reservation,
} from '#shared/schemas';
import { db, tableName } from '../client';
import { getItem, queryPage } from '../db';
import { companyIdOfPartition, keys, stripKeys, type Key } from '../keys';

/** What the screen reads: the stored preferences, or the defaults (id and dates null) before the first save. */
export type NotificationPreferencesView = Omit<NotificationPreferences, 'id' | 'createdAt' | 'updatedAt'> & {
  id: string | null;
  createdAt: string | null;
  updatedAt: string | null;
};

export const PREFERENCE_SWITCHES = [
  'emailEnabled',
  'smsEnabled',
  'taskAssigned',
  'taskCompleted',
  'propertyIssues',
  'reservationReminders',
  'reservationChanges',
  'calendarSync',
  'teamChanges',
] as const;
export type PreferenceSwitch = (typeof PREFERENCE_SWITCHES)[number];

/** SPEC point 3: every switch on, no phone number, language pt (the switches added since default on too). */
export const DEFAULT_PREFERENCES: Record<PreferenceSwitch, boolean> & { phoneNumber: string | null; language: NotificationLanguage } = {
  emailEnabled: true,
  smsEnabled: true,
  taskAssigned: true,
  taskCompleted: true,
  propertyIssues: true,
  reservationReminders: true,
  reservationChanges: true,
  calendarSync: true,
  teamChanges: true,
  phoneNumber: null,
  language: 'pt',
};

export function defaultPreferences(companyId: string, userId: string): NotificationPreferencesView {
  return { id: null, userId, companyId, ...DEFAULT_PREFERENCES, createdAt: null, updatedAt: null };
}

const COMPANY_LANGUAGE: Record<PreferredLanguage, NotificationLanguage> = { portuguese: 'pt', english: 'en', spanish: 'es' };

/** The notification language of a company's language (SPEC's default: portuguese, so pt). */
export function companyNotificationLanguage(company: Pick<Company, 'preferredLanguage'> | undefined): NotificationLanguage {
  return COMPANY_LANGUAGE[company?.preferredLanguage ?? 'portuguese'] ?? 'pt';
}

/**
 * The member's stored preferences, or the defaults: every switch on and, until they choose one, the
 * company's language (a Spanish company's CEO gets Spanish alerts without saving the form first).
 */
export async function getPreferences(companyId: string, userId: string): Promise<NotificationPreferencesView> {
  const stored = await getItem<NotificationPreferences>(keys.notificationPreferences(companyId, userId));
  if (stored) return { ...defaultPreferences(companyId, userId), ...stored };
  const company = await getItem<Pick<Company, 'preferredLanguage'>>(keys.company(companyId));
  return { ...defaultPreferences(companyId, userId), language: companyNotificationLanguage(company) };
}

export type PreferenceChanges = Partial<Record<PreferenceSwitch, boolean>> & {
  phoneNumber?: string | null;
  language?: NotificationLanguage;
  /** Every member's evening digest (repositories/member-preferences.ts); absent until they save it. */
  digestEnabled?: boolean;
  digestHour?: number;
};

/**
 * Saves the given fields only (concurrent saves of different switches do not undo each other);
 * the first save also writes the defaults of the fields not given.
 */
export async function savePreferences(
  companyId: string,
  userId: string,
  changes: PreferenceChanges,
  now = new Date(),
): Promise<NotificationPreferences> {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const sets: string[] = [];
  let n = 0;
  const set = (field: string, value: unknown, onlyIfMissing = false) => {
    n += 1;
    names[`#f${n}`] = field;
    values[`:v${n}`] = value;
    sets.push(onlyIfMissing ? `#f${n} = if_not_exists(#f${n}, :v${n})` : `#f${n} = :v${n}`);
  };
  const iso = now.toISOString();
  set('entity', 'notificationPreferences');
  set('id', ulid(now.getTime()), true);
  set('userId', userId);
  set('companyId', companyId);
  set('createdAt', iso, true);
  set('updatedAt', iso);
  for (const [field, fallback] of Object.entries(DEFAULT_PREFERENCES)) {
    const given = (changes as Record<string, unknown>)[field];
    if (given !== undefined) set(field, given);
    else set(field, fallback, true);
  }
  for (const field of ['digestEnabled', 'digestHour'] as const) {
    if (changes[field] !== undefined) set(field, changes[field]);
  }
  const result = await db.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.notificationPreferences(companyId, userId),
      UpdateExpression: `SET ${sets.join(', ')}`,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
      ReturnValues: 'ALL_NEW',
    }),
  );
  return stripKeys<NotificationPreferences>(result.Attributes ?? {});
}

// ---------- History ----------
// Monotonic within this process, so entries written in the same millisecond keep their order.
const ulid = monotonicFactory();

export type NewHistoryEntry = Omit<NotificationHistory, 'id' | 'createdAt'>;

export async function recordNotification(entry: NewHistoryEntry, now = new Date()): Promise<NotificationHistory> {
  const item: NotificationHistory = { id: ulid(now.getTime()), ...entry, createdAt: now.toISOString() };
  await db.send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...keys.notification(entry.companyId, item.id), entity: 'notification', ...item },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
  return item;
}

/** Newest first, at most 50 (SPEC point 9): one Query on the company partition. */
export async function listHistory(companyId: string, limit = NOTIFICATION_HISTORY_LIMIT): Promise<NotificationHistory[]> {
  const page = await queryPage<NotificationHistory>({
    partition: keys.companyPartition(companyId),
    beginsWith: keys.notificationPrefix,
    limit: Math.min(Math.max(1, limit), NOTIFICATION_HISTORY_LIMIT),
    newestFirst: true,
  });
  return page.items;
}

// ---------- One-time claims and quotas ----------
const isConditionFailure = (error: unknown) => (error as Error).name === 'ConditionalCheckFailedException';

/** Claims a one-time marker; false when it was already claimed. The marker expires (TTL) at `expiresAt`. */
export async function claimOnce(key: Key, expiresAt: Date, attributes: Record<string, unknown> = {}): Promise<boolean> {
  try {
    await db.send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...key, entity: 'claim', ...attributes, expiresAt: Math.floor(expiresAt.getTime() / 1000) },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

export async function releaseClaim(key: Key): Promise<void> {
  await db.send(new DeleteCommand({ TableName: tableName(), Key: key }));
}

/** Counts one in an hourly counter; false once `limit` is reached (the counter expires after two hours). */
async function takeHourlyQuota(key: Key, limit: number, now: Date): Promise<boolean> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key,
        UpdateExpression: 'ADD #count :one SET expiresAt = :ttl, entity = :entity',
        ConditionExpression: 'attribute_not_exists(#count) OR #count < :limit',
        ExpressionAttributeNames: { '#count': 'count' },
        ExpressionAttributeValues: {
          ':one': 1,
          ':limit': limit,
          ':ttl': Math.floor(now.getTime() / 1000) + 2 * 3600,
          ':entity': 'notificationQuota',
        },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** Counts one manual send in the company's current UTC hour; false once `limit` is reached. */
export async function takeSendQuota(companyId: string, limit: number, now = new Date()): Promise<boolean> {
  return takeHourlyQuota(keys.notificationQuota(companyId, now.toISOString().slice(0, 13)), limit, now);
}

/** Counts one event alert of a category in the company's current UTC hour; false once `limit` is reached. */
export async function takeAlertQuota(companyId: string, category: string, limit: number, now = new Date()): Promise<boolean> {
  return takeHourlyQuota(keys.alertQuota(companyId, category, now.toISOString().slice(0, 13)), limit, now);
}

// ---------- Check-ins of one UTC day, across companies (reminder job only) ----------
export type ReservationOfCompany = Reservation & { companyId: string };

export async function reservationsCheckingInOn(utcDay: string): Promise<ReservationOfCompany[]> {
  const found: ReservationOfCompany[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const result = await db.send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'gsi3',
        KeyConditionExpression: 'gsi3pk = :day',
        ExpressionAttributeValues: { ':day': keys.checkinsOnDay(utcDay) },
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of result.Items ?? []) {
      const companyId = companyIdOfPartition(String(item.pk));
      if (companyId && item.entity === 'reservation') found.push({ ...stripKeys<Reservation>(item), companyId });
    }
    startKey = result.LastEvaluatedKey;
  } while (startKey);
  return found;
}
