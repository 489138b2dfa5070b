// Properties as the public API reads them (issue 39): the app's property record, and a property's
// availability night by night from the occupancy the app keeps (repositories/occupancy.ts, through
// reservationsOverlapping: the month items name every stay, rows older than them are found by check-in).
import { addDays, daysBetween, isDay, localDay, stayNights } from '#shared/days';
import { DEFAULT_TIME_ZONE } from '#shared/enums';
import { DEFAULT_AVAILABILITY_NIGHTS, MAX_AVAILABILITY_NIGHTS, propertySchema, type AvailabilityQuery, type Property } from '#shared/schemas';
import { getCompany } from '#functions/data/repositories/companies';
import { getProperty } from '#functions/data/repositories/properties';
import { isBlock, isCancelled, reservationsOverlapping, stayDays } from '#functions/data/repositories/reservations';
import { BadRequestError, NotFoundError } from '#functions/lib/errors';

/** A property as the API answers it: exactly the fields of propertySchema. */
export function publicProperty(property: Property): Property {
  return propertySchema.parse(property);
}

/** The company's property (404 for another company's, as in the app). */
export async function requirePublicProperty(companyId: string, propertyId: string): Promise<Property> {
  const property = await getProperty(companyId, propertyId);
  if (!property) throw new NotFoundError();
  return property;
}

export interface NightAvailability {
  date: string;
  available: boolean;
  reservationId: string | null;
  kind: 'booking' | 'block' | null;
}

/** A day of the calendar (isDay lets 2026-02-30 through: Date.parse rolls it over). */
const isRealDay = (day: string): boolean => isDay(day) && new Date(`${day}T00:00:00Z`).toISOString().slice(0, 10) === day;

/** The nights from `from` up to, not including, `to`: real days, at least one night, at most MAX_AVAILABILITY_NIGHTS. */
export function availabilityNights(range: { from: string; to: string }): string[] {
  const errors: Record<string, string> = {};
  if (!isRealDay(range.from)) errors.from = 'validation.date';
  if (!isRealDay(range.to) && !errors.from) errors.to = 'validation.date';
  if (Object.keys(errors).length) throw new BadRequestError('error.badRequest', errors);
  const nights = daysBetween(range.from, range.to);
  if (nights < 1 || nights > MAX_AVAILABILITY_NIGHTS) throw new BadRequestError('error.badRequest', { to: 'availability.range' });
  return stayNights(range.from, range.to);
}

/** The range asked for: `from` defaults to today in the company's time zone, `to` to DEFAULT_AVAILABILITY_NIGHTS later. */
async function rangeOf(companyId: string, query: AvailabilityQuery): Promise<{ from: string; to: string }> {
  const from = query.from ?? localDay(new Date(), (await getCompany(companyId))?.timezone ?? DEFAULT_TIME_ZONE);
  return { from, to: query.to ?? (isRealDay(from) ? addDays(from, DEFAULT_AVAILABILITY_NIGHTS) : from) };
}

/**
 * Each night of the range: free, or held by a booking (a guest's stay) or else a block (owner stay,
 * repairs, a channel's closure). A double booking imported from a feed holds no night of its own:
 * the booking it lies over does. Reads the range's month items and the property's recent check-ins.
 */
export async function propertyAvailability(companyId: string, propertyId: string, query: AvailabilityQuery) {
  const range = await rangeOf(companyId, query);
  const nights = availabilityNights(range);
  await requirePublicProperty(companyId, propertyId);
  const reservations = await reservationsOverlapping(companyId, propertyId, range.from, range.to);
  const inRange = new Set(nights);
  const bookings = new Map<string, string>();
  const blocks = new Map<string, string>();
  // Oldest first, so that of two rows over a night (never two bookings by hand) the first one made names it.
  const live = reservations.filter((reservation) => !isCancelled(reservation) && !reservation.conflictWith?.length).sort((a, b) => a.id.localeCompare(b.id));
  for (const reservation of live) {
    const { checkinDay, checkoutDay } = stayDays(reservation);
    const holds = isBlock(reservation) ? blocks : bookings;
    for (const night of stayNights(checkinDay < range.from ? range.from : checkinDay, checkoutDay > range.to ? range.to : checkoutDay)) {
      if (inRange.has(night) && !holds.has(night)) holds.set(night, reservation.id);
    }
  }
  return {
    propertyId,
    from: range.from,
    to: range.to,
    nights: nights.map((date): NightAvailability => {
      const booking = bookings.get(date);
      const block = blocks.get(date);
      if (booking) return { date, available: false, reservationId: booking, kind: 'booking' };
      if (block) return { date, available: false, reservationId: block, kind: 'block' };
      return { date, available: true, reservationId: null, kind: null };
    }),
  };
}
