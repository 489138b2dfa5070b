// The owner calendar's month: which nights each stay, block, owner stay or pending request covers.
import { addDays } from '#shared/days';
import type { OwnerCalendar, OwnerStayKind } from '../api/types';

/** How a night shows: one of the calendar's kinds, or an owner stay still waiting for the company. */
export type NightKind = OwnerStayKind | 'requested';

export interface Night {
  kind: NightKind;
  /** The stay or request it belongs to. */
  id: string;
  /** Its first night (a label is drawn there, or where a week starts). */
  first: boolean;
  /** Its last night (the bar ends there). */
  last: boolean;
  label: string | null;
}

/** This month (YYYY-MM) on the browser's calendar. */
export function thisMonth(now = new Date()): string {
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`;
}

export function isMonth(value: string | null): value is string {
  return Boolean(value && /^20\d{2}-(0[1-9]|1[0-2])$/.test(value));
}

/** Night (YYYY-MM-DD) -> what occupies it. Stays win over pending requests (a request never overlaps a stay it was refused for). */
export function nightsOf(calendar: OwnerCalendar | undefined): Map<string, Night> {
  const nights = new Map<string, Night>();
  if (!calendar) return nights;
  const mark = (id: string, kind: NightKind, from: string, to: string, label: string | null) => {
    for (let day = from, first = true; day < to; day = addDays(day, 1), first = false) {
      if (!nights.has(day)) nights.set(day, { kind, id, first, last: addDays(day, 1) >= to, label });
    }
  };
  for (const stay of calendar.stays) mark(stay.id, stay.kind, stay.checkinDate, stay.checkoutDate, stay.guestName);
  for (const request of calendar.stayRequests) {
    if (request.status === 'pending') mark(request.id, 'requested', request.checkinDate, request.checkoutDate, null);
  }
  return nights;
}
