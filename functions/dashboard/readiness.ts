// The dashboard's readiness card (issue 40 point 3): today's remaining check-ins (company zone)
// and the homes not ready for them ("3 homes not ready for today's check-ins"), from each
// property's stored readiness (written by the transactions that change stays and tasks, and by the
// readiness job); nothing is computed from time on the screen.
import type { PropertyReadiness } from '#shared/enums';
import { addDays, localDay, localInstant } from '#shared/days';
import { queryPage } from '#functions/data/db';
import { keys } from '#functions/data/keys';
import { getCompany } from '#functions/data/repositories/companies';
import { getProperty } from '#functions/data/repositories/properties';
import { isCancelled, type StoredReservation } from '#functions/data/repositories/reservations';

const DEFAULT_TIME_ZONE = 'America/New_York';
/** Check-ins read at most for one day (a company's day rarely has more; the rest are not counted). */
const MAX_CHECKINS = 500;

export interface ReadinessCheckin {
  reservationId: string;
  propertyId: string;
  propertyName: string;
  checkinDate: string;
  readiness: PropertyReadiness;
}

export interface DashboardReadiness {
  /** Today in the company's zone. */
  day: string;
  /** Homes with a check-in still to come today, and how many of them are not ready. */
  checkins: number;
  notReady: number;
  /** The ones not ready, soonest check-in first. */
  homes: ReadinessCheckin[];
}

export async function dashboardReadiness(companyId: string, now = new Date()): Promise<DashboardReadiness> {
  const timeZone = (await getCompany(companyId))?.timezone ?? DEFAULT_TIME_ZONE;
  const day = localDay(now, timeZone);
  const end = localInstant(addDays(day, 1), 0, timeZone);
  const stays: StoredReservation[] = [];
  let cursor: string | undefined;
  do {
    const page = await queryPage<StoredReservation>({ index: 'gsi1', partition: keys.checkins(companyId), from: now.toISOString(), limit: 100, cursor });
    const today = page.items.filter((stay) => new Date(stay.checkinDate).toISOString() < end);
    stays.push(...today);
    cursor = today.length === page.items.length ? page.cursor : undefined;
  } while (cursor && stays.length < MAX_CHECKINS);
  // The first check-in of each home today (a home has one arrival a day; a second is a double booking).
  const first = new Map<string, StoredReservation>();
  for (const stay of stays) {
    if (isCancelled(stay) || stay.kind === 'block') continue;
    const held = first.get(stay.propertyId);
    if (!held || stay.checkinDate < held.checkinDate) first.set(stay.propertyId, stay);
  }
  const homes = await Promise.all(
    [...first.values()].map(async (stay): Promise<ReadinessCheckin | undefined> => {
      const property = await getProperty(companyId, stay.propertyId);
      if (!property) return undefined;
      return { reservationId: stay.id, propertyId: stay.propertyId, propertyName: property.name, checkinDate: new Date(stay.checkinDate).toISOString(), readiness: property.readiness ?? 'ready' };
    }),
  );
  const known = homes.filter((home): home is ReadinessCheckin => Boolean(home));
  const notReady = known.filter((home) => home.readiness !== 'ready').sort((a, b) => a.checkinDate.localeCompare(b.checkinDate));
  return { day, checkins: known.length, notReady: notReady.length, homes: notReady };
}
