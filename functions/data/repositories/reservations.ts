import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { utcDay } from '#shared/rules';
import { MAX_STAY_NIGHTS, type Reservation } from '#shared/schemas';
import { BadRequestError, ConflictError, NotFoundError } from '#functions/lib/errors';
import { addDays, stayNights } from '#functions/reservations/days';
import { db, tableName } from '../client';
import { getItem, queryPage, transactWrite, type TransactItem } from '../db';
import { propertyExistsCheck } from './properties';
import { keys, stripKeys } from '../keys';

/** The company's next check-ins from `from` on, soonest first: one Query on the check-in index. */
export async function upcomingCheckins(companyId: string, from: Date, limit = 5): Promise<Reservation[]> {
  const page = await queryPage<Reservation>({
    index: 'gsi1',
    partition: keys.checkins(companyId),
    from: from.toISOString(),
    limit,
  });
  return page.items;
}

export interface NewReservation {
  propertyId: string;
  guestName: string;
  checkinDate: string;
  checkoutDate: string;
  integrationSource?: string | null;
}

export async function createReservation(companyId: string, input: NewReservation, now = new Date()): Promise<Reservation> {
  const createdAt = now.toISOString();
  const reservation: Reservation = { id: ulid(), ...input, integrationSource: input.integrationSource ?? null, createdAt, updatedAt: createdAt };
  await transactWrite(
    [
      propertyExistsCheck(companyId, input.propertyId),
      {
        Put: {
          TableName: tableName(),
          Item: {
            ...keys.reservation(companyId, reservation.id),
            ...keys.reservationIndexes(companyId, reservation),
            entity: 'reservation',
            ...reservation,
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
    ],
    (failed) => (failed === 0 ? new BadRequestError('error.badRequest', { propertyId: 'task.unknownProperty' }) : new ConflictError()),
  );
  return reservation;
}

/** A property's reservations by check-in date (one Query on the property index). */
export async function listPropertyReservations(
  companyId: string,
  propertyId: string,
  page: { limit: number; cursor?: string; from?: string },
) {
  const result = await queryPage<Reservation & { nightsClaimed?: boolean }>({
    index: 'gsi4',
    partition: keys.reservationsByProperty(companyId, propertyId),
    ...(page.from ? { from: page.from } : {}),
    limit: page.limit,
    cursor: page.cursor,
  });
  // `nightsClaimed` is the data layer's own bookkeeping (see writeReservation).
  return { ...result, items: result.items.map(({ nightsClaimed: _claimed, ...reservation }) => reservation as Reservation) };
}

// ---- Reservations with night claims (functions/reservations, functions/calendar-sync) ----------
// The low-level createReservation above (seed data, tests) writes no claims. Reservations written
// below hold one claim item per night (keys.propertyNight) from their transaction on, so two
// reservations of a property can never share a night, however many requests race. Older rows
// without claims ("legacy") are still found by findUnclaimedOverlap and upgraded when edited.

/** A reservation as stored: the entity plus what the data layer needs. */
export type StoredReservation = Reservation & {
  /** True once the reservation's nights are claimed (every reservation written by writeReservation). */
  nightsClaimed?: boolean;
};

export const isCancelled = (reservation: Pick<Reservation, 'status'>): boolean => reservation.status === 'cancelled';

/** Days of a stay; rows written before days were stored read their UTC dates. */
export function stayDays(reservation: Pick<Reservation, 'checkinDate' | 'checkoutDate' | 'checkinDay' | 'checkoutDay'>) {
  return {
    checkinDay: reservation.checkinDay ?? utcDay(reservation.checkinDate),
    checkoutDay: reservation.checkoutDay ?? utcDay(reservation.checkoutDate),
  };
}

/** Nights whose claims the reservation holds. */
export function heldNights(reservation: StoredReservation | undefined): string[] {
  if (!reservation || !reservation.nightsClaimed || isCancelled(reservation)) return [];
  const { checkinDay, checkoutDay } = stayDays(reservation);
  return stayNights(checkinDay, checkoutDay);
}

/**
 * The item of a reservation with its indexes. A cancelled one leaves the check-in indexes (upcoming
 * check-ins, the reminder job) and stays on its property's list and calendar.
 */
export function reservationItem(companyId: string, reservation: StoredReservation): Record<string, unknown> {
  const indexes: Record<string, string> = keys.reservationIndexes(companyId, reservation);
  const kept = isCancelled(reservation) ? { gsi4pk: indexes.gsi4pk, gsi4sk: indexes.gsi4sk } : indexes;
  return { ...keys.reservation(companyId, reservation.id), ...kept, entity: 'reservation', ...reservation };
}

export async function getReservation(companyId: string, reservationId: string): Promise<StoredReservation | undefined> {
  return getItem<StoredReservation>(keys.reservation(companyId, reservationId));
}

export async function requireReservation(companyId: string, reservationId: string): Promise<StoredReservation> {
  const reservation = await getReservation(companyId, reservationId);
  if (!reservation) throw new NotFoundError();
  return reservation;
}

/** The night of `day` is taken by another reservation. */
export class NightTakenError extends ConflictError {
  constructor(
    readonly night: string,
    params: Record<string, string | number>,
  ) {
    super('reservation.overlap', params);
  }
}

/** The error for a claim that failed: which stay holds the night, from the claim (outside the transaction). */
async function nightTaken(companyId: string, propertyId: string, night: string): Promise<NightTakenError> {
  const claim = await getItem<{ reservationId?: string }>(keys.propertyNight(companyId, propertyId, night));
  const holder = claim?.reservationId ? await getReservation(companyId, claim.reservationId) : undefined;
  const days = holder ? stayDays(holder) : undefined;
  return new NightTakenError(night, {
    night,
    guest: holder?.guestName ?? '?',
    checkin: days?.checkinDay ?? '?',
    checkout: days?.checkoutDay ?? '?',
  });
}

export interface ExtraItems {
  items: TransactItem[];
  errorFor: (index: number) => Error;
}

export interface ReservationWrite {
  /** The stored version the change starts from; absent for a new reservation. */
  before?: StoredReservation;
  after: StoredReservation;
  /** Check that the property exists (new reservations). */
  checkProperty?: boolean;
  /** More items of the same transaction (the turnover task, the feed's event mapping). */
  extra?: ExtraItems;
}

/**
 * Writes a reservation in one transaction with the nights it claims and releases (only the ones that
 * change), conditioned on the version read (updatedAt) or on being new. Back-to-back stays share no
 * night. Throws NightTakenError (409) when a night belongs to another reservation.
 */
export async function writeReservation(companyId: string, write: ReservationWrite): Promise<void> {
  const { before, after } = write;
  const stored: StoredReservation = { ...after, nightsClaimed: true };
  const oldNights = new Set(heldNights(before));
  const newNights = new Set(heldNights(stored));
  const items: TransactItem[] = [];
  const errors: Array<() => Error | Promise<Error>> = [];
  if (write.checkProperty) {
    items.push(propertyExistsCheck(companyId, after.propertyId));
    errors.push(() => new BadRequestError('error.badRequest', { propertyId: 'task.unknownProperty' }));
  }
  items.push({
    Put: {
      TableName: tableName(),
      Item: reservationItem(companyId, stored),
      ConditionExpression: before ? 'updatedAt = :version' : 'attribute_not_exists(pk)',
      ExpressionAttributeValues: before ? { ':version': before.updatedAt } : undefined,
    },
  });
  errors.push(() => new ConflictError());
  for (const night of oldNights) {
    if (newNights.has(night)) continue;
    items.push({
      Delete: {
        TableName: tableName(),
        Key: keys.propertyNight(companyId, after.propertyId, night),
        ConditionExpression: 'attribute_not_exists(pk) OR reservationId = :id',
        ExpressionAttributeValues: { ':id': after.id },
      },
    });
    errors.push(() => new ConflictError());
  }
  for (const night of newNights) {
    if (oldNights.has(night)) continue;
    items.push({
      Put: {
        TableName: tableName(),
        Item: { ...keys.propertyNight(companyId, after.propertyId, night), entity: 'night', reservationId: after.id, propertyId: after.propertyId, night },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    });
    errors.push(() => nightTaken(companyId, after.propertyId, night));
  }
  const base = items.length;
  if (write.extra) items.push(...write.extra.items);
  for (let attempt = 1; ; attempt += 1) {
    let failed: (() => Error | Promise<Error>) | undefined;
    try {
      await transactWrite(items, (index) => {
        failed = index < base ? errors[index] : () => write.extra!.errorFor(index - base);
        return new ConflictError();
      });
      return;
    } catch (error) {
      if (failed) throw await failed();
      // Another transaction held one of the same items (e.g. a racing claim of the same night):
      // DynamoDB cancels with TransactionConflict; a retry meets its outcome as a condition.
      if (attempt < 4 && isTransactionConflict(error)) {
        await new Promise((resolve) => setTimeout(resolve, 20 * attempt + Math.random() * 30));
        continue;
      }
      throw error;
    }
  }
}

function isTransactionConflict(error: unknown): boolean {
  const reasons = (error as { CancellationReasons?: Array<{ Code?: string }> }).CancellationReasons;
  return (error as Error).name === 'TransactionCanceledException' && Boolean(reasons?.some((reason) => reason.Code === 'TransactionConflict'));
}

/**
 * A reservation without claims (written before claims existed, or by the low-level
 * createReservation) that shares a night with the stay, if any. One bounded Query on the property's
 * reservations by check-in.
 */
export async function findUnclaimedOverlap(
  companyId: string,
  propertyId: string,
  stay: { checkinDay: string; checkoutDay: string; excludeId?: string },
): Promise<StoredReservation | undefined> {
  const candidates = await reservationsCheckingInBetween(companyId, propertyId, addDays(stay.checkinDay, -(MAX_STAY_NIGHTS + 30)), addDays(stay.checkoutDay, 1));
  return candidates.find((other) => {
    if (other.id === stay.excludeId || other.nightsClaimed || isCancelled(other)) return false;
    const days = stayDays(other);
    return days.checkinDay < stay.checkoutDay && days.checkoutDay > stay.checkinDay;
  });
}

/** A property's reservations (cancelled ones included) checking in from `fromDay` up to, not including, `toDay` (UTC days of the check-in instant). */
export async function reservationsCheckingInBetween(
  companyId: string,
  propertyId: string,
  fromDay: string,
  toDay: string,
): Promise<StoredReservation[]> {
  const found: StoredReservation[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const result = await db.send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'gsi4',
        KeyConditionExpression: 'gsi4pk = :pk AND gsi4sk BETWEEN :from AND :to',
        ExpressionAttributeValues: { ':pk': keys.reservationsByProperty(companyId, propertyId), ':from': fromDay, ':to': toDay },
        ExclusiveStartKey: start,
      }),
    );
    found.push(...(result.Items ?? []).map((item) => stripKeys<StoredReservation>(item)));
    start = result.LastEvaluatedKey;
  } while (start && found.length < 2000);
  return found;
}

/**
 * A property's reservations that share a day with [fromDay, toDay): every stay checks in at most
 * MAX_STAY_NIGHTS before the range starts, so the Query is bounded by the range plus that margin.
 */
export async function reservationsOverlapping(companyId: string, propertyId: string, fromDay: string, toDay: string): Promise<StoredReservation[]> {
  const candidates = await reservationsCheckingInBetween(companyId, propertyId, addDays(fromDay, -(MAX_STAY_NIGHTS + 2)), addDays(toDay, 1));
  return candidates.filter((reservation) => {
    const days = stayDays(reservation);
    return days.checkinDay < toDay && days.checkoutDay >= fromDay;
  });
}
