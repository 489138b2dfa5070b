// Occupancy: who holds each night of a property, one item per property and calendar month
// (keys.propertyMonth), changed inside the reservation's own transaction. A stay of any length
// touches one item per month it spans (a 365-night stay: 13 items), so long stays, moves and
// overlaps stay atomic and race-safe without one item per night.
//
// Per night DD of the month (the night from DD's check-in to the next day's check-out):
// - `dDD`: the reservation id of the booking holding it. At most one: claimed with
//   attribute_not_exists, released only by its holder.
// - `bDD`: a string set of blocks over it (owner blocks, "Not available", Booking.com closures).
//   Any number (a closure on one channel often mirrors a booking on another), added and removed
//   without conditions (set ADD / DELETE are idempotent), but a booking made by hand checks it:
//   occupied is occupied.
// - `c`: a string set of reservations imported over taken nights (double bookings), which hold no
//   night; kept so the month's readers find them.
// A night is free when it has neither.
import { BadRequestError } from '#functions/lib/errors';
import { getItem, type TransactItem } from '../db';
import { tableName } from '../client';
import { keys } from '../keys';

/** What a reservation holds: a booking's nights, a block's, a conflict's listing only, or nothing. */
export type Hold = 'booking' | 'block' | 'conflict' | 'none';

/** How a booking's claim is checked: by hand blocks count as taken; from a feed they do not. */
export type ClaimMode = 'strict' | 'feed';

export interface Holding {
  hold: Hold;
  /** Nights (YYYY-MM-DD) of the stay. */
  nights: readonly string[];
}

export interface MonthOccupancy {
  month: string;
  /** Night → booking reservation id. */
  bookings: Record<string, string>;
  /** Night → block reservation ids. */
  blocks: Record<string, string[]>;
  /** Reservations imported over taken nights that touch the month. */
  conflicts: string[];
}

const monthOf = (night: string) => night.slice(0, 7);
const dayAttr = (prefix: 'd' | 'b', night: string) => `${prefix}${night.slice(8, 10)}`;

function byMonth(nights: readonly string[]): Map<string, string[]> {
  const months = new Map<string, string[]>();
  for (const night of nights) {
    const month = monthOf(night);
    if (!months.has(month)) months.set(month, []);
    months.get(month)!.push(night);
  }
  return months;
}

interface MonthChange {
  set: string[];
  remove: string[];
  add: string[];
  del: string[];
  conditions: string[];
  conflictAdd: boolean;
  conflictDel: boolean;
  /** Booking nights claimed in this month (for the error when the claim fails). */
  claimed: string[];
}

const emptyChange = (): MonthChange => ({ set: [], remove: [], add: [], del: [], conditions: [], conflictAdd: false, conflictDel: false, claimed: [] });

/** One Update of a month item in a reservation's transaction, and the nights it claims for a booking. */
export interface OccupancyUpdate {
  item: TransactItem;
  month: string;
  claimed: string[];
}

/**
 * The Updates that move a reservation's holding from `before` to `after`: only the nights that
 * change, one Update per month touched. Claims of booking nights are conditioned (see ClaimMode);
 * everything else is unconditional or conditioned on the reservation being the holder.
 */
export function occupancyUpdates(
  companyId: string,
  propertyId: string,
  reservationId: string,
  before: Holding,
  after: Holding,
  mode: ClaimMode,
): OccupancyUpdate[] {
  const changes = new Map<string, MonthChange>();
  const change = (month: string) => {
    if (!changes.has(month)) changes.set(month, emptyChange());
    return changes.get(month)!;
  };
  const held = (holding: Holding, hold: Hold) => new Set(holding.hold === hold ? holding.nights : []);
  for (const hold of ['booking', 'block'] as const) {
    const was = held(before, hold);
    const now = held(after, hold);
    for (const night of was) {
      if (now.has(night)) continue;
      const attr = dayAttr(hold === 'booking' ? 'd' : 'b', night);
      const target = change(monthOf(night));
      if (hold === 'booking') {
        target.remove.push(attr);
        target.conditions.push(`(attribute_not_exists(${attr}) OR ${attr} = :id)`);
      } else target.del.push(attr);
    }
    for (const night of now) {
      if (was.has(night)) continue;
      const attr = dayAttr(hold === 'booking' ? 'd' : 'b', night);
      const target = change(monthOf(night));
      if (hold === 'booking') {
        target.set.push(attr);
        target.claimed.push(night);
        target.conditions.push(`attribute_not_exists(${attr})`);
        if (mode === 'strict') target.conditions.push(`attribute_not_exists(${dayAttr('b', night)})`);
      } else target.add.push(attr);
    }
  }
  const conflictMonths = (holding: Holding) => new Set(holding.hold === 'conflict' ? [...byMonth(holding.nights).keys()] : []);
  const wasListed = conflictMonths(before);
  const nowListed = conflictMonths(after);
  for (const month of wasListed) if (!nowListed.has(month)) change(month).conflictDel = true;
  for (const month of nowListed) if (!wasListed.has(month)) change(month).conflictAdd = true;

  const updates: OccupancyUpdate[] = [];
  for (const [month, c] of [...changes.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    const clauses: string[] = [];
    const values: Record<string, unknown> = {};
    const set = [...c.set.map((attr) => `${attr} = :id`), 'propertyId = :property', '#entity = :entity', 'monthKey = :month'];
    clauses.push(`SET ${set.join(', ')}`);
    if (c.remove.length) clauses.push(`REMOVE ${c.remove.join(', ')}`);
    const adds = [...c.add.map((attr) => `${attr} :ids`), ...(c.conflictAdd ? ['c :ids'] : [])];
    const dels = [...c.del.map((attr) => `${attr} :ids`), ...(c.conflictDel ? ['c :ids'] : [])];
    if (adds.length) clauses.push(`ADD ${adds.join(', ')}`);
    if (dels.length) clauses.push(`DELETE ${dels.join(', ')}`);
    values[':property'] = propertyId;
    values[':entity'] = 'occupancy';
    values[':month'] = month;
    if (c.set.length || c.remove.length) values[':id'] = reservationId;
    if (adds.length || dels.length) values[':ids'] = new Set([reservationId]);
    updates.push({
      month,
      claimed: c.claimed,
      item: {
        Update: {
          TableName: tableName(),
          Key: keys.propertyMonth(companyId, propertyId, month),
          UpdateExpression: clauses.join(' '),
          ...(c.conditions.length ? { ConditionExpression: c.conditions.join(' AND ') } : {}),
          ExpressionAttributeNames: { '#entity': 'entity' },
          ExpressionAttributeValues: values,
        },
      },
    });
  }
  if (updates.length > 80) throw new BadRequestError('reservation.tooLong', {}, { max: 80 * 28 });
  return updates;
}

type StoredMonth = Record<string, unknown>;

function readMonth(month: string, item: StoredMonth | undefined): MonthOccupancy {
  const result: MonthOccupancy = { month, bookings: {}, blocks: {}, conflicts: [] };
  if (!item) return result;
  for (const [attr, value] of Object.entries(item)) {
    const match = /^([db])(\d{2})$/.exec(attr);
    if (match) {
      const night = `${month}-${match[2]}`;
      if (match[1] === 'd' && typeof value === 'string') result.bookings[night] = value;
      if (match[1] === 'b' && value instanceof Set) result.blocks[night] = [...(value as Set<string>)].sort();
    } else if (attr === 'c' && value instanceof Set) result.conflicts = [...(value as Set<string>)].sort();
  }
  return result;
}

export async function getMonthOccupancy(companyId: string, propertyId: string, month: string): Promise<MonthOccupancy> {
  return readMonth(month, await getItem<StoredMonth>(keys.propertyMonth(companyId, propertyId, month)));
}

/** Every reservation id the month item names (bookings, blocks, conflicts). */
export function reservationIdsOf(month: MonthOccupancy): string[] {
  return [...new Set([...Object.values(month.bookings), ...Object.values(month.blocks).flat(), ...month.conflicts])];
}

/** Who holds each of `nights` (the booking, else the first block), read outside any transaction. */
export async function holdersOf(companyId: string, propertyId: string, nights: readonly string[]): Promise<Map<string, { id: string; hold: 'booking' | 'block' }>> {
  const holders = new Map<string, { id: string; hold: 'booking' | 'block' }>();
  for (const [month, monthNights] of byMonth(nights)) {
    const occupancy = await getMonthOccupancy(companyId, propertyId, month);
    for (const night of monthNights) {
      const booking = occupancy.bookings[night];
      const block = occupancy.blocks[night]?.[0];
      if (booking) holders.set(night, { id: booking, hold: 'booking' });
      else if (block) holders.set(night, { id: block, hold: 'block' });
    }
  }
  return holders;
}

/** The months (YYYY-MM) a stay's nights fall in. */
export const monthsOf = (nights: readonly string[]): string[] => [...byMonth(nights).keys()];
