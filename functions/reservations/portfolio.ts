// The portfolio calendar (GET /api/calendar/portfolio, issue 40 point 1): one page of the company's
// properties (by creation, a cursor for the next), each with what it holds in a window of 14, 30,
// 60 or 90 days (company calendar): its guests' stays, blocks and owner stays overlapping the
// window (double bookings flagged), its tasks due in it (assignee, status, unassigned, at risk),
// and the days one guest leaves and the next arrives. The reads are portfolio-reads.ts's: bounded
// per property and month, whatever the company's history.
//
// Property scope (docs/property-scope.md): a manager scoped to property groups sees only their
// properties. The data layer already filters every read by the caller's scope; the page is filtered
// here too (filterToScope), so the calendar never depends on that alone.
import { PROPERTY_READINESS, type PropertyReadiness } from '#shared/enums';
import { plannedMinutes } from '#shared/dispatch';
import { addDays, localDay, localInstant } from '#shared/days';
import type { Portfolio, PortfolioProperty, PortfolioStay, PortfolioStayKind, PortfolioTask, Property, Task, User } from '#shared/schemas';
import { encodeCursor } from '#functions/data/db';
import { filterToScope } from '#functions/data/property-scope';
import { keys } from '#functions/data/keys';
import { listProperties } from '#functions/data/repositories/properties';
import { isBlock, isCancelled, isOwnerBlock, stayDays, type StoredReservation } from '#functions/data/repositories/reservations';
import { listUsers } from '#functions/data/repositories/users';
import { cityOf } from '#shared/address';
import { readPortfolioWindow } from './portfolio-reads';

export { cityOf };
import type { CompanyContext } from './service';

const MINUTE = 60_000;

const memberName = (user: Pick<User, 'firstName' | 'lastName' | 'email'>) => [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email;

function stayKind(reservation: StoredReservation): PortfolioStayKind {
  if (!isBlock(reservation)) return 'guest';
  return isOwnerBlock(reservation) ? 'owner' : 'block';
}

const readinessOf = (property: Property): PropertyReadiness | null => {
  const value = (property as { readiness?: unknown }).readiness;
  return typeof value === 'string' && (PROPERTY_READINESS as readonly string[]).includes(value) ? (value as PropertyReadiness) : null;
};

interface Window {
  from: string;
  to: string;
  now: Date;
}

/** One property's row from what was read (pure). */
export function portfolioRow(
  ctx: CompanyContext,
  property: Property,
  reservations: readonly StoredReservation[],
  tasks: readonly Task[],
  names: ReadonlyMap<string, string>,
  window: Window,
): PortfolioProperty {
  const seen = new Set<string>();
  const live = reservations.filter((reservation) => {
    if (seen.has(reservation.id) || reservation.propertyId !== property.id || isCancelled(reservation)) return false;
    seen.add(reservation.id);
    const days = stayDays(reservation);
    // Its nights or its check-out morning fall in the window.
    return days.checkinDay < window.to && days.checkoutDay >= window.from;
  });
  const guests = live.filter((reservation) => !isBlock(reservation));
  const conflicted = new Set<string>();
  for (const stay of guests) {
    if (stay.conflictWith?.length) {
      conflicted.add(stay.id);
      for (const other of stay.conflictWith) conflicted.add(other);
    }
  }
  for (let i = 0; i < guests.length; i += 1) {
    const a = stayDays(guests[i]);
    for (let j = i + 1; j < guests.length; j += 1) {
      const b = stayDays(guests[j]);
      if (a.checkinDay < b.checkoutDay && b.checkinDay < a.checkoutDay) {
        conflicted.add(guests[i].id);
        conflicted.add(guests[j].id);
      }
    }
  }
  const stays: PortfolioStay[] = live
    .map((reservation) => {
      const days = stayDays(reservation);
      return {
        id: reservation.id,
        kind: stayKind(reservation),
        guestName: reservation.guestName,
        channel: reservation.integrationSource ?? null,
        checkinDay: days.checkinDay,
        checkoutDay: days.checkoutDay,
        conflict: !isBlock(reservation) && conflicted.has(reservation.id),
        tentative: reservation.tentative ?? false,
        guestLeftAt: isBlock(reservation) ? null : (reservation.guestLeftAt ?? null),
      };
    })
    .sort((a, b) => a.checkinDay.localeCompare(b.checkinDay) || a.id.localeCompare(b.id));

  const arrivals = new Set(guests.map((stay) => stayDays(stay).checkinDay));
  const sameDayTurnovers = [...new Set(guests.map((stay) => stayDays(stay).checkoutDay))]
    .filter((day) => arrivals.has(day) && day >= window.from && day < window.to)
    .sort();
  const checkins = guests.map((stay) => Date.parse(stay.checkinDate)).sort((a, b) => a - b);
  const durations = ctx.settings.taskDurations;
  const fromInstant = Date.parse(localInstant(window.from, 0, ctx.timeZone));
  const toInstant = Date.parse(localInstant(window.to, 0, ctx.timeZone));
  const rows: PortfolioTask[] = tasks
    .filter((task) => task.propertyId === property.id && task.status !== 'cancelled' && task.dueDate)
    .filter((task) => {
      const due = Date.parse(task.dueDate!);
      return due >= fromInstant && due < toInstant;
    })
    .map((task) => {
      const start = Date.parse(task.dueDate!);
      const open = task.status === 'pending' || task.status === 'in_progress';
      const end = start + plannedMinutes(task, durations) * MINUTE;
      const nextCheckin = checkins.find((checkin) => checkin >= start);
      const day = localDay(task.dueDate!, ctx.timeZone);
      const assigneeId = task.assignedUserId ?? null;
      return {
        id: task.id,
        type: task.type,
        title: task.title,
        status: task.status,
        dueDate: new Date(start).toISOString(),
        day,
        reservationId: task.reservationId ?? null,
        assigneeId,
        assigneeName: assigneeId ? (names.get(assigneeId) ?? null) : null,
        unassigned: !assigneeId,
        atRisk: open && (start < window.now.getTime() || (nextCheckin !== undefined && nextCheckin < end)),
        sameDay: sameDayTurnovers.includes(day),
      };
    })
    .sort((a, b) => a.dueDate.localeCompare(b.dueDate) || a.id.localeCompare(b.id));

  return {
    id: property.id,
    name: property.name,
    city: cityOf(property.address),
    ownerName: property.owner?.name ?? null,
    readiness: readinessOf(property),
    stays,
    tasks: rows,
    sameDayTurnovers,
  };
}

/** The page of the portfolio calendar the query asks for. */
export async function portfolioCalendar(
  ctx: CompanyContext,
  query: { from?: string; days: number; limit: number; cursor?: string },
  now = new Date(),
): Promise<Portfolio> {
  const today = localDay(now, ctx.timeZone);
  const from = query.from ?? today;
  const to = addDays(from, query.days);
  // One more than the page: a full last page then says it is the last (no request for an empty one).
  const [page, members] = await Promise.all([listProperties(ctx.companyId, { limit: query.limit + 1, cursor: query.cursor }), listUsers(ctx.companyId)]);
  const items = filterToScope(page.items.slice(0, query.limit), (property) => property.id);
  const last = page.items[Math.min(query.limit, page.items.length) - 1];
  const nextCursor = page.items.length > query.limit ? encodeCursor(keys.property(ctx.companyId, last.id) as unknown as Record<string, unknown>) : page.cursor;
  const names = new Map(members.map((user) => [user.id, memberName(user)]));
  const held = await readPortfolioWindow(
    ctx.companyId,
    items.map((property) => property.id),
    { from, to, fromInstant: localInstant(from, 0, ctx.timeZone), toInstant: localInstant(to, 0, ctx.timeZone) },
  );
  return {
    from,
    to,
    days: query.days,
    today,
    timeZone: ctx.timeZone,
    properties: items.map((property) => {
      const window = held.get(property.id) ?? { reservations: [], tasks: [] };
      return portfolioRow(ctx, property, window.reservations, window.tasks, names, { from, to, now });
    }),
    nextCursor: nextCursor ?? null,
  };
}
