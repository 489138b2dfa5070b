// GET /api/owner/overview (issue 41 point 3, docs/owners.md): the company, the owner's properties
// (readiness, next check-in, this month's occupancy), and what waits for them.
import { cityOf } from '#shared/address';
import type { OwnerOverview } from '#shared/schemas';
import { addDays, daysBetween, localDay, monthBounds, stayNights } from '#shared/days';
import { getMonthOccupancy } from '#functions/data/repositories/occupancy';
import { isBlock, isCancelled, reservationsCheckingInBetween, stayDays } from '#functions/data/repositories/reservations';
import { listOwnerStayRequests } from '#functions/data/repositories/owner-stay-requests';
import { countAwaitingOwner } from '#functions/data/repositories/task-approvals';
import { presignStableView } from '#functions/storage/photos';
import type { Caller } from '#functions/lib/http';
import { companyOf, ownedProperties, readinessOf } from './portal';

/** The next guest's arrival from today (a block or an owner stay is no check-in). */
async function nextCheckin(companyId: string, propertyId: string, today: string) {
  const upcoming = await reservationsCheckingInBetween(companyId, propertyId, today, addDays(today, 366));
  const next = upcoming
    .filter((stay) => !isBlock(stay) && !isCancelled(stay))
    .map((stay) => stayDays(stay))
    .filter((days) => days.checkinDay >= today)
    .sort((a, b) => a.checkinDay.localeCompare(b.checkinDay))[0];
  return next ? { date: next.checkinDay, nights: daysBetween(next.checkinDay, next.checkoutDay) } : null;
}

/** Share of this month's nights held by a stay or a block (the month occupancy item). */
async function occupancyOf(companyId: string, propertyId: string, month: string): Promise<number> {
  const occupancy = await getMonthOccupancy(companyId, propertyId, month);
  const { first, next } = monthBounds(month);
  const nights = stayNights(first, next);
  const held = nights.filter((night) => occupancy.bookings[night] || occupancy.blocks[night]?.length).length;
  return nights.length ? Math.round((held / nights.length) * 1000) / 1000 : 0;
}

/** GET /api/owner/overview */
export async function ownerOverview(caller: Caller, now = new Date()): Promise<OwnerOverview> {
  const [{ company, timeZone, showGuestNames }, properties, requests] = await Promise.all([
    companyOf(caller.companyId),
    ownedProperties(caller.companyId),
    listOwnerStayRequests(caller.companyId, { requestedBy: caller.userId, status: 'pending' }),
  ]);
  const today = localDay(now, timeZone);
  const month = today.slice(0, 7);
  // Every property's two reads, the approvals' count and the logo's URL side by side: one round of
  // reads whatever the number of homes (they were two in a row per property, then two more).
  const [cards, pendingApprovals, logoUrl] = await Promise.all([
    Promise.all(
      properties.map(async (property) => {
        const [next, occupancy] = await Promise.all([nextCheckin(caller.companyId, property.id, today), occupancyOf(caller.companyId, property.id, month)]);
        return {
          id: property.id,
          name: property.name,
          address: property.address || null,
          city: cityOf(property.address),
          readiness: readinessOf(property),
          nextCheckin: next,
          occupancyThisMonth: occupancy,
        };
      }),
    ),
    countAwaitingOwner(caller.companyId, new Set(properties.map((property) => property.id))),
    // The logo as the company screens show it (photos/views.ts companyView): a presigned GET, or null.
    company.logoKey ? presignStableView(company.logoKey) : Promise.resolve(null),
  ]);
  return {
    company: { id: company.id, name: company.name, logoUrl },
    showGuestNames,
    properties: cards,
    pendingApprovals,
    pendingStayRequests: requests.length,
  };
}

