// The owner portal's reads (issue 41 point 3, docs/owners.md): what they share, the calendar and the
// statements (overview.ts and work.ts: the reads that presign photos). The caller is an owner: their
// property scope is their own properties (repositories/property-groups.ts), so every read below goes
// through the data layer's filter (data/property-scope.ts) and another property reads as absent (404).
// Nothing here writes. Guests' names only when the company allows it (ownersSeeGuestNames).
import type { OwnerCalendar, OwnerCalendarKind, OwnerCalendarQuery, OwnerStatementEntry, Property } from '#shared/schemas';
import { OWNER_CALENDAR_MAX_DAYS, OWNER_STATEMENT_MONTHS } from '#shared/schemas';
import { PROPERTY_READINESS, type PropertyReadiness } from '#shared/enums';
import { addDays, daysBetween, localDay, monthBounds } from '#shared/days';
import { getCompany, type StoredCompany } from '#functions/data/repositories/companies';
import { getProperty } from '#functions/data/repositories/properties';
import { allProperties } from '#functions/data/repositories/owner-reports';
import { isBlock, isCancelled, isOwnerBlock, reservationsOverlapping, stayDays } from '#functions/data/repositories/reservations';
import { listOwnerStayRequests } from '#functions/data/repositories/owner-stay-requests';
import { assertInScope } from '#functions/data/property-scope';
import { BadRequestError, NotFoundError } from '#functions/lib/errors';
import type { Caller } from '#functions/lib/http';

const DEFAULT_TIME_ZONE = 'America/New_York';

/** The owner's properties (their scope; every listed one is theirs), by name. */
export async function ownedProperties(companyId: string): Promise<Property[]> {
  const properties = await allProperties(companyId);
  return properties.sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
}

/** An owned property, else 404 (another property, of this company or another, reads as absent). */
export async function ownedProperty(companyId: string, propertyId: string): Promise<Property> {
  assertInScope(propertyId);
  const property = await getProperty(companyId, propertyId);
  if (!property) throw new NotFoundError();
  return property;
}

export const readinessOf = (property: Property): PropertyReadiness | null =>
  property.readiness && (PROPERTY_READINESS as readonly string[]).includes(property.readiness) ? property.readiness : null;

export async function companyOf(companyId: string) {
  const company = (await getCompany(companyId)) as (StoredCompany & { ownersSeeGuestNames?: boolean }) | undefined;
  if (!company) throw new NotFoundError();
  return { company, timeZone: company.timezone ?? DEFAULT_TIME_ZONE, showGuestNames: company.ownersSeeGuestNames === true };
}

/** The window asked for: from..to (days, inclusive), this month by default, at most OWNER_CALENDAR_MAX_DAYS days. */
function windowOf(query: OwnerCalendarQuery, today: string): { from: string; to: string } {
  const { first, next } = monthBounds(today.slice(0, 7));
  const from = query.from ?? (query.to ? addDays(query.to, -(OWNER_CALENDAR_MAX_DAYS - 1)) : first);
  const to = query.to ?? (query.from ? addDays(query.from, Math.min(daysBetween(first, next), OWNER_CALENDAR_MAX_DAYS) - 1) : addDays(next, -1));
  if (to < from || daysBetween(from, to) + 1 > OWNER_CALENDAR_MAX_DAYS) throw new BadRequestError('owners.rangeInvalid', { to: 'owners.rangeInvalid' });
  return { from, to };
}

/** GET /api/owner/properties/{id}/calendar?from=&to= */
export async function ownerCalendar(caller: Caller, propertyId: string, query: OwnerCalendarQuery, now = new Date()): Promise<OwnerCalendar> {
  const property = await ownedProperty(caller.companyId, propertyId);
  const { timeZone, showGuestNames } = await companyOf(caller.companyId);
  const { from, to } = windowOf(query, localDay(now, timeZone));
  const [stays, requests] = await Promise.all([
    reservationsOverlapping(caller.companyId, property.id, from, addDays(to, 1)),
    listOwnerStayRequests(caller.companyId, { requestedBy: caller.userId, propertyId: property.id }),
  ]);
  const ownerBlocks = new Set(requests.map((request) => request.blockId).filter(Boolean));
  return {
    propertyId: property.id,
    from,
    to,
    stays: stays
      .filter((stay) => !isCancelled(stay))
      .map((stay) => {
        const days = stayDays(stay);
        const kind: OwnerCalendarKind = !isBlock(stay) ? 'stay' : ownerBlocks.has(stay.id) || isOwnerBlock(stay) ? 'owner_stay' : 'block';
        return {
          id: stay.id,
          kind,
          checkinDate: days.checkinDay,
          checkoutDate: days.checkoutDay,
          guestName: kind === 'stay' && showGuestNames ? stay.guestName : null,
          channel: kind === 'stay' ? (stay.integrationSource ?? null) : null,
          nights: Math.max(0, daysBetween(days.checkinDay, days.checkoutDay)),
        };
      })
      .sort((a, b) => a.checkinDate.localeCompare(b.checkinDate) || a.id.localeCompare(b.id)),
    stayRequests: requests.filter((request) => request.checkinDate <= to && request.checkoutDate > from),
  };
}

/** The months already ended since the property was created (at most OWNER_STATEMENT_MONTHS), newest first. */
export function endedMonths(createdAt: string, today: string, max = OWNER_STATEMENT_MONTHS): string[] {
  const current = today.slice(0, 7);
  const created = (createdAt || today).slice(0, 7);
  const months: string[] = [];
  let month = addDays(`${current}-01`, -1).slice(0, 7);
  while (month >= created && months.length < max) {
    months.push(month);
    month = addDays(`${month}-01`, -1).slice(0, 7);
  }
  return months;
}

/** GET /api/owner/statements */
export async function ownerStatements(caller: Caller, now = new Date()): Promise<{ items: OwnerStatementEntry[] }> {
  const [{ timeZone }, properties] = await Promise.all([companyOf(caller.companyId), ownedProperties(caller.companyId)]);
  const today = localDay(now, timeZone);
  const items = properties.flatMap((property) =>
    endedMonths(property.createdAt, today).map((month) => ({ propertyId: property.id, propertyName: property.name, month })),
  );
  items.sort((a, b) => b.month.localeCompare(a.month) || a.propertyName.localeCompare(b.propertyName) || a.propertyId.localeCompare(b.propertyId));
  return { items: items.slice(0, OWNER_STATEMENT_MONTHS * Math.max(1, properties.length)) };
}

/** Whether an owner may download this month's statement: a month already ended (company calendar). */
export async function assertStatementReady(caller: Caller, month: string, now = new Date()): Promise<void> {
  const { timeZone } = await companyOf(caller.companyId);
  if (month >= localDay(now, timeZone).slice(0, 7)) throw new NotFoundError();
}
