// The bars of a property's month, and what each one is: a guest's stay (confirmed, tentative, a
// double booking, flagged by its feed, cancelled) or a block (an owner block, a closure, a Booking.com
// stretch to check). Pure: the calendar's components only draw what this decides.
import type { CalendarBlock, CalendarMonth, ReservationView } from '../api/types';
import { reservationState } from './reservation-state';

/** How a bar looks: its colours, its marker and its legend entry. */
export type BarTone = 'confirmed' | 'tentative' | 'doubleBooked' | 'flagged' | 'cancelled' | 'block' | 'toCheck';

export type Bar =
  | { kind: 'reservation'; start: string; end: string; tone: BarTone; reservation: ReservationView; doubleBookedWith: string[] }
  | { kind: 'block'; start: string; end: string; tone: BarTone; block: CalendarBlock };

export function reservationTone(reservation: ReservationView, doubleBooked: boolean): BarTone {
  if (doubleBooked && reservation.status !== 'cancelled') return 'doubleBooked';
  switch (reservationState(reservation)) {
    case 'cancelled':
      return 'cancelled';
    case 'missing':
    case 'cancelledInFeed':
      return 'flagged';
    case 'tentative':
      return 'tentative';
    default:
      return 'confirmed';
  }
}

export const blockToCheck = (block: CalendarBlock) => block.ambiguous && !block.turnoverDismissed;

/**
 * The stays each live stay shares nights with: the ones it was imported over (`conflictWith`) and
 * the ones imported over it. Cancelled stays are out: cancelling one resolves the double booking.
 */
export function doubleBookings(reservations: readonly ReservationView[]): Map<string, string[]> {
  const live = reservations.filter((reservation) => reservation.status !== 'cancelled');
  const cancelled = new Set(reservations.filter((reservation) => reservation.status === 'cancelled').map((reservation) => reservation.id));
  const pairs = new Map<string, Set<string>>();
  const add = (a: string, b: string) => pairs.set(a, (pairs.get(a) ?? new Set()).add(b));
  for (const reservation of live) {
    for (const other of reservation.conflictWith ?? []) {
      if (cancelled.has(other) || other === reservation.id) continue;
      add(reservation.id, other);
      add(other, reservation.id);
    }
  }
  return new Map([...pairs].map(([id, others]) => [id, [...others]]));
}

/** The bars of a month: stays (with their double bookings) and blocks. */
export function monthBars(month: Pick<CalendarMonth, 'reservations' | 'blocks'> | undefined): Bar[] {
  if (!month) return [];
  const pairs = doubleBookings(month.reservations);
  return [
    ...month.reservations.map((reservation): Bar => {
      const doubleBookedWith = pairs.get(reservation.id) ?? [];
      return { kind: 'reservation', start: reservation.checkinDay, end: reservation.checkoutDay, tone: reservationTone(reservation, doubleBookedWith.length > 0), reservation, doubleBookedWith };
    }),
    ...month.blocks.map((block): Bar => ({ kind: 'block', start: block.start, end: block.end, tone: blockToCheck(block) ? 'toCheck' : 'block', block })),
  ];
}

/** The other stays of the month's double bookings that the month does not list (read one by one). */
export function missingStays(bars: readonly Bar[]): string[] {
  const shown = new Set(bars.flatMap((bar) => (bar.kind === 'reservation' ? [bar.reservation.id] : [])));
  const wanted = bars.flatMap((bar) => (bar.kind === 'reservation' ? bar.doubleBookedWith : []));
  return [...new Set(wanted.filter((id) => !shown.has(id)))];
}
