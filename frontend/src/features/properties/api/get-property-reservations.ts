import type { Reservation } from '#shared/schemas';
import { useCursorList, type CursorList } from './cursor-pages';

const PAGE_SIZE = 20;

/** GET /api/reservations?propertyId=…, by check-in date. */
export function usePropertyReservations(propertyId: string | undefined): CursorList<Reservation> {
  return useCursorList<Reservation>(
    propertyId ? `/api/reservations?propertyId=${encodeURIComponent(propertyId)}` : null,
    PAGE_SIZE,
  );
}
