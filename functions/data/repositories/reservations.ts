import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { utcDay } from '#shared/rules';
import { MAX_STAY_NIGHTS, type Reservation } from '#shared/schemas';
import { BadRequestError, ConflictError, NotFoundError } from '#functions/lib/errors';
import { addDays, stayNights } from '#shared/days';
import { db, tableName } from '../client';
import { getItem, getItems, queryPage, transactWrite, TRANSACTION_ITEM_LIMIT, withTaskListRevision, type TransactItem } from '../db';
import { getMonthOccupancy, holdersOf, monthsOf, occupancyUpdates, reservationIdsOf, type ClaimMode, type Hold, type Holding } from './occupancy';
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
  const result = await queryPage<StoredReservation>({
    index: 'gsi4',
    partition: keys.reservationsByProperty(companyId, propertyId),
    ...(page.from ? { from: page.from } : {}),
    limit: page.limit,
    cursor: page.cursor,
  });
  // `nightsClaimed`, `claims` and `hold` are the data layer's own bookkeeping (see writeReservation).
  return { ...result, items: result.items.map(({ nightsClaimed: _claimed, claims: _claims, hold: _hold, ...reservation }) => reservation as Reservation) };
}

// ---- Reservations with occupancy (functions/reservations, functions/reservations/calendar-sync) -------------
// The low-level createReservation above (seed data, tests) writes no occupancy. Reservations written
// below hold their nights in the property's month occupancy items (repositories/occupancy.ts) from
// their transaction on, so two bookings of a property can never share a night, however many
// requests race. Older rows ("legacy": no occupancy, or the earlier one-item-per-night claims, whose
// stays were at most LEGACY_MAX_STAY_NIGHTS) are still found by findUnclaimedOverlap and upgraded
// when edited.

/** The longest stay of the rows written before occupancy items (the earlier per-night claims). */
export const LEGACY_MAX_STAY_NIGHTS = 45;

/** A reservation as stored: the entity plus what the data layer needs. */
export type StoredReservation = Reservation & {
  /** Earlier per-night claims (keys.propertyNight) held by this row. */
  nightsClaimed?: boolean;
  /** 'month' once the reservation's holding is in the month occupancy items. */
  claims?: 'month';
  /** What it holds there (see occupancy.ts). */
  hold?: Hold;
};

export const isCancelled = (reservation: Pick<Reservation, 'status'>): boolean => reservation.status === 'cancelled';
export const isBlock = (reservation: Pick<Reservation, 'kind'>): boolean => reservation.kind === 'block';

/** The names an owner's own stay goes by (a block made for the owner, or a channel's "Owner stay"), in the languages channels use. */
const OWNER_WORDS = /\b(owner|propriet[aá]ri[oa]|propietari[oa]|dono|dona|due[nñ]o|propri[ée]taire|eigent[üu]mer)\b/i;

/** Whether a block is the owner's own stay (by its name), as both calendars show it. */
export const isOwnerBlock = (reservation: Pick<Reservation, 'kind' | 'guestName'>): boolean => isBlock(reservation) && OWNER_WORDS.test(reservation.guestName);

/** Days of a stay; rows written before days were stored read their UTC dates. */
export function stayDays(reservation: Pick<Reservation, 'checkinDate' | 'checkoutDate' | 'checkinDay' | 'checkoutDay'>) {
  return {
    checkinDay: reservation.checkinDay ?? utcDay(reservation.checkinDate),
    checkoutDay: reservation.checkoutDay ?? utcDay(reservation.checkoutDate),
  };
}

/** What the reservation holds in the occupancy items. */
export function holdingOf(reservation: StoredReservation | undefined): Holding {
  if (!reservation || reservation.claims !== 'month' || isCancelled(reservation)) return { hold: 'none', nights: [] };
  const { checkinDay, checkoutDay } = stayDays(reservation);
  return { hold: reservation.hold ?? 'booking', nights: stayNights(checkinDay, checkoutDay) };
}

/** Nights of the earlier per-night claims the row still holds. */
function legacyNights(reservation: StoredReservation | undefined): string[] {
  if (!reservation || !reservation.nightsClaimed || reservation.claims === 'month' || isCancelled(reservation)) return [];
  const { checkinDay, checkoutDay } = stayDays(reservation);
  return stayNights(checkinDay, checkoutDay);
}

/** What a reservation should hold: nothing when cancelled, a block's nights, a conflict's listing, or a booking's nights. */
export function wantedHold(reservation: StoredReservation): Hold {
  if (isCancelled(reservation)) return 'none';
  if (isBlock(reservation)) return 'block';
  if (reservation.conflictWith?.length) return 'conflict';
  return 'booking';
}

/**
 * The item of a reservation with its indexes. A cancelled one, or a Booking.com stretch (booking or
 * closure), leaves the check-in indexes (upcoming check-ins, the reminder job) and stays on its
 * property's list and calendar. A plain block is on no list: the calendar finds it through the
 * month occupancy items.
 */
export function reservationItem(companyId: string, reservation: StoredReservation): Record<string, unknown> {
  const indexes: Record<string, string> = keys.reservationIndexes(companyId, reservation);
  const listed = { gsi4pk: indexes.gsi4pk, gsi4sk: indexes.gsi4sk };
  const kept = isBlock(reservation) ? (reservation.ambiguous ? listed : {}) : isCancelled(reservation) ? listed : indexes;
  return { ...keys.reservation(companyId, reservation.id), ...kept, entity: 'reservation', ...reservation };
}

export async function getReservation(companyId: string, reservationId: string): Promise<StoredReservation | undefined> {
  return getItem<StoredReservation>(keys.reservation(companyId, reservationId));
}

/** Several reservations by id (absent ones left out). */
export async function getReservations(companyId: string, ids: readonly string[]): Promise<StoredReservation[]> {
  const found: StoredReservation[] = [];
  for (let i = 0; i < ids.length; i += 100) {
    const items = await getItems(ids.slice(i, i + 100).map((id) => keys.reservation(companyId, id)));
    for (const item of items) if (item) found.push(item as StoredReservation);
  }
  return found;
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
    /** The reservation holding it, and whether it holds it as a booking or a block. */
    readonly holder?: { id: string; hold: 'booking' | 'block' },
  ) {
    super('reservation.overlap', params);
  }
}

/** The error for a claim that failed: which stay holds which night, read from the month item (outside the transaction). */
async function nightTaken(companyId: string, propertyId: string, nights: readonly string[], mode: ClaimMode): Promise<Error> {
  const holders = await holdersOf(companyId, propertyId, nights);
  const night = nights.find((candidate) => {
    const holder = holders.get(candidate);
    return holder && (holder.hold === 'booking' || mode === 'strict');
  });
  if (!night) return new ConflictError();
  const holder = holders.get(night)!;
  const other = await getReservation(companyId, holder.id);
  const days = other ? stayDays(other) : undefined;
  return new NightTakenError(
    night,
    { night, guest: other?.guestName ?? '?', checkin: days?.checkinDay ?? '?', checkout: days?.checkoutDay ?? '?' },
    holder,
  );
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
  /** By hand, blocks count as taken nights; a feed's booking may lie over a block (default strict). */
  mode?: ClaimMode;
}

/**
 * Writes a reservation in one transaction with the occupancy it claims and releases (only the
 * nights that change, one item per month), conditioned on the version read (updatedAt) or on being
 * new. Back-to-back stays share no night. Throws NightTakenError (409) when a night belongs to
 * another booking (or, by hand, to a block). Returns the row as stored.
 */
export async function writeReservation(companyId: string, write: ReservationWrite): Promise<StoredReservation> {
  const { before, after } = write;
  const mode = write.mode ?? 'strict';
  const { nightsClaimed: _legacy, ...rest } = after;
  const stored: StoredReservation = { ...rest, claims: 'month', hold: wantedHold(after) };
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
  for (const update of occupancyUpdates(companyId, after.propertyId, after.id, holdingOf(before), holdingOf(stored), mode)) {
    items.push(update.item);
    errors.push(() => (update.claimed.length ? nightTaken(companyId, after.propertyId, update.claimed, mode) : new ConflictError()));
  }
  // The earlier one-item-per-night claims of a legacy row go with its upgrade.
  for (const night of legacyNights(before)) {
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
  const base = items.length;
  if (write.extra) items.push(...write.extra.items);
  // With the task list's revision transactWrite adds when the change writes a task (the turnover).
  if (withTaskListRevision(items).length > TRANSACTION_ITEM_LIMIT) throw new BadRequestError('reservation.tooLong', {}, { max: MAX_STAY_NIGHTS });
  for (let attempt = 1; ; attempt += 1) {
    let failed: (() => Error | Promise<Error>) | undefined;
    try {
      await transactWrite(items, (index) => {
        failed = index < base ? errors[index] : () => write.extra!.errorFor(index - base);
        return new ConflictError();
      });
      return stored;
    } catch (error) {
      if (failed) throw await failed();
      // Another transaction held one of the same items (e.g. a racing claim of the same month):
      // DynamoDB cancels with TransactionConflict; a retry meets its outcome as a condition.
      if (attempt < 6 && isTransactionConflict(error)) {
        await new Promise((resolve) => setTimeout(resolve, 20 * attempt + Math.random() * 40));
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
 * A reservation without claims (written before occupancy items existed, or by the low-level
 * createReservation) that shares a night with the stay, if any. One bounded Query on the property's
 * reservations by check-in.
 */
export async function findUnclaimedOverlap(
  companyId: string,
  propertyId: string,
  stay: { checkinDay: string; checkoutDay: string; excludeId?: string },
): Promise<StoredReservation | undefined> {
  const candidates = await reservationsCheckingInBetween(companyId, propertyId, addDays(stay.checkinDay, -(LEGACY_MAX_STAY_NIGHTS + 30)), addDays(stay.checkoutDay, 1));
  return candidates.find((other) => {
    if (other.id === stay.excludeId || other.claims === 'month' || isCancelled(other) || isBlock(other)) return false;
    const days = stayDays(other);
    return days.checkinDay < stay.checkoutDay && days.checkoutDay > stay.checkinDay;
  });
}

/**
 * An open double booking (a booking imported over taken nights: it holds none of them, the month
 * items list it) that shares a night with the stay, if any. Its nights are booked twice already: a
 * third booking over them is one more double booking, never a free claim. One read per month.
 */
export async function findDoubleBookedOverlap(
  companyId: string,
  propertyId: string,
  stay: { checkinDay: string; checkoutDay: string; excludeId?: string },
): Promise<StoredReservation | undefined> {
  const months = monthsOf(stayNights(stay.checkinDay, stay.checkoutDay));
  const occupancies = await Promise.all(months.map((month) => getMonthOccupancy(companyId, propertyId, month)));
  const ids = [...new Set(occupancies.flatMap((month) => month.conflicts))].filter((id) => id !== stay.excludeId);
  if (!ids.length) return undefined;
  return (await getReservations(companyId, ids)).find((other) => {
    if (isCancelled(other) || isBlock(other) || !other.conflictWith?.length) return false;
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
 * A property's reservations (cancelled ones included) that share a day with [fromDay, toDay): those
 * the range's month occupancy items name (any length of stay), and the ones checking in within the
 * range or up to LEGACY_MAX_STAY_NIGHTS before it (rows without occupancy, cancelled stays).
 */
export async function reservationsOverlapping(companyId: string, propertyId: string, fromDay: string, toDay: string): Promise<StoredReservation[]> {
  const months = monthsOf(stayNights(fromDay, toDay));
  const [occupancies, recent] = await Promise.all([
    Promise.all(months.map((month) => getMonthOccupancy(companyId, propertyId, month))),
    reservationsCheckingInBetween(companyId, propertyId, addDays(fromDay, -(LEGACY_MAX_STAY_NIGHTS + 2)), addDays(toDay, 1)),
  ]);
  const known = new Set(recent.map((reservation) => reservation.id));
  const named = [...new Set(occupancies.flatMap(reservationIdsOf))].filter((id) => !known.has(id));
  const all = [...recent, ...(await getReservations(companyId, named))];
  return all.filter((reservation) => {
    const days = stayDays(reservation);
    return days.checkinDay < toDay && days.checkoutDay >= fromDay;
  });
}

// ---- Double bookings ------------------------------------------------------------------------------
// A feed's booking imported over nights another booking holds keeps an item `CONFLICT#<id>` in the
// company's partition until it is resolved (cancelled, moved, or the other one is), so the dashboard
// lists open double bookings with one Query.

export interface OpenConflict {
  reservationId: string;
  propertyId: string;
  conflictWith: string[];
  checkinDay: string;
  checkoutDay: string;
  since: string;
}

/** The items that keep the open-conflict entry in step with the reservation (none when it has none). */
export function conflictItems(companyId: string, before: StoredReservation | undefined, after: StoredReservation, now: string): TransactItem[] {
  const open = (reservation: StoredReservation | undefined) => Boolean(reservation && !isCancelled(reservation) && reservation.conflictWith?.length);
  if (open(after)) {
    const days = stayDays(after);
    return [
      {
        Update: {
          TableName: tableName(),
          Key: keys.reservationConflict(companyId, after.id),
          UpdateExpression:
            'SET #entity = :entity, reservationId = :id, propertyId = :property, conflictWith = :with, checkinDay = :in, checkoutDay = :out, since = if_not_exists(since, :now)',
          ExpressionAttributeNames: { '#entity': 'entity' },
          ExpressionAttributeValues: {
            ':entity': 'conflict',
            ':id': after.id,
            ':property': after.propertyId,
            ':with': after.conflictWith,
            ':in': days.checkinDay,
            ':out': days.checkoutDay,
            ':now': now,
          },
        },
      },
    ];
  }
  if (open(before)) return [{ Delete: { TableName: tableName(), Key: keys.reservationConflict(companyId, after.id) } }];
  return [];
}

/** The company's open double bookings (one Query; there are few). */
export async function listOpenConflicts(companyId: string): Promise<OpenConflict[]> {
  const found: OpenConflict[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const result = await db.send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': keys.companyPartition(companyId), ':prefix': keys.conflictPrefix },
        ExclusiveStartKey: start,
      }),
    );
    found.push(...(result.Items ?? []).map((item) => stripKeys<OpenConflict>(item)));
    start = result.LastEvaluatedKey;
  } while (start && found.length < 1000);
  return found;
}

// ---- Flagged stays ------------------------------------------------------------------------------
// A stay its feed no longer has (or marks cancelled) keeps an item `FLAGGED#<propertyId>#<id>` until
// a manager keeps or cancels it, so the property page lists them with one Query, however long ago
// the stay checked in.

const isFlaggedStay = (reservation: StoredReservation | undefined) =>
  Boolean(reservation && !isCancelled(reservation) && (reservation.syncStatus === 'missing_from_feed' || reservation.syncStatus === 'cancelled_in_feed'));

/** The items that keep the flagged entry in step with the reservation (none when nothing changes). */
export function flagItems(companyId: string, before: StoredReservation | undefined, after: StoredReservation): TransactItem[] {
  const key = keys.flaggedReservation(companyId, after.propertyId, after.id);
  if (isFlaggedStay(after)) {
    if (isFlaggedStay(before)) return [];
    return [{ Put: { TableName: tableName(), Item: { ...key, entity: 'flagged', reservationId: after.id, propertyId: after.propertyId } } }];
  }
  return isFlaggedStay(before) ? [{ Delete: { TableName: tableName(), Key: key } }] : [];
}

/** A property's flagged stays (one Query and a BatchGet). */
export async function listFlaggedReservations(companyId: string, propertyId: string): Promise<StoredReservation[]> {
  const result = await db.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': keys.companyPartition(companyId), ':prefix': keys.flaggedPrefix(propertyId) },
      Limit: 500,
    }),
  );
  const ids = (result.Items ?? []).map((item) => String(item.reservationId));
  return (await getReservations(companyId, ids)).filter(isFlaggedStay);
}
