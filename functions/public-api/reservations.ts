// Reservations as the public API lists and answers them (issue 39). Reads go through the app's own
// indexes: a property's reservations by check-in (gsi4, as the app's list), the company's newest first
// (its partition). Writes are the app's own (functions/reservations/service.ts, called by the handlers).
import { addDays } from '#shared/days';
import { publicReservationSchema, type PublicReservation, type PublicReservationListQuery } from '#shared/schemas';
import { queryPage, type Page } from '#functions/data/db';
import { keys } from '#functions/data/keys';
import { isBlock, stayDays, type StoredReservation } from '#functions/data/repositories/reservations';

/** A reservation as the API answers it (the app's reservation view): exactly the fields of publicReservationSchema. */
export function publicReservation(view: unknown): PublicReservation {
  return publicReservationSchema.parse(view);
}

/** Pages read at most to fill one answer when filters leave items out (a page may then hold fewer than `limit`: follow nextCursor). */
const MAX_READS = 5;

/** The app's data-layer bookkeeping, never part of a reservation's answer. */
function withoutBookkeeping({ nightsClaimed: _claimed, claims: _claims, hold: _hold, ...reservation }: StoredReservation): StoredReservation {
  return reservation;
}

/**
 * A page of reservations: of one property by check-in day, or of the company newest first; `from`
 * and `to` keep the stays checking in on or after `from` and before `to` (the company's calendar
 * days). Plain blocks (owner stays, closures) are not listed, as in the app's list: a property's
 * availability shows them.
 */
export async function listPublicReservations(companyId: string, query: PublicReservationListQuery): Promise<Page<StoredReservation>> {
  const wanted = (reservation: StoredReservation) => {
    if (isBlock(reservation) && !reservation.ambiguous) return false;
    const { checkinDay } = stayDays(reservation);
    return (!query.from || checkinDay >= query.from) && (!query.to || checkinDay < query.to);
  };
  const byProperty = Boolean(query.propertyId);
  // The index is sorted by the check-in instant (UTC); a day either side covers every time zone.
  const source = byProperty
    ? { index: 'gsi4' as const, partition: keys.reservationsByProperty(companyId, query.propertyId!), ...(query.from ? { from: addDays(query.from, -1) } : {}) }
    : { partition: keys.companyPartition(companyId), beginsWith: keys.reservationPrefix, newestFirst: true };
  const filtered = Boolean(query.from || query.to) || !byProperty;
  const items: StoredReservation[] = [];
  let cursor = query.cursor;
  for (let read = 0; read < MAX_READS; read += 1) {
    const page = await queryPage<StoredReservation>({ ...source, limit: query.limit - items.length, cursor });
    items.push(...page.items.filter(wanted).map(withoutBookkeeping));
    cursor = page.cursor;
    // By property, the index runs by check-in: past `to` (a day of margin), nothing further is wanted.
    if (byProperty && query.to && page.items.some((reservation) => reservation.checkinDate.slice(0, 10) > addDays(query.to!, 1))) {
      cursor = undefined;
      break;
    }
    if (!cursor || items.length >= query.limit || !filtered) break;
  }
  return { items, cursor };
}
