import type { Reservation } from '#shared/schemas';
import { useCursorList, type CursorList } from './cursor-pages';

const PAGE_SIZE = 20;

/** The list's path for a property (its hook's and the property screen's first reads). */
export function propertyReservationsListPath(propertyId: string): string {
  return `/api/reservations?propertyId=${encodeURIComponent(propertyId)}`;
}
export const PROPERTY_RESERVATIONS_PAGE_SIZE = PAGE_SIZE;

/** GET /api/reservations?propertyId=…, by check-in date. */
export function usePropertyReservations(propertyId: string | undefined): CursorList<Reservation> {
  return useCursorList<Reservation>(propertyId ? propertyReservationsListPath(propertyId) : null, PAGE_SIZE);
}
