import type { ReservationBody, ReservationUpdateBody } from '#shared/schemas';
import { apiRequest } from '../../../lib/api-client';
import type { ReservationView, UpdatedReservationView } from './types';

// Each write answers the reservation; the caller refreshes the views (useRefreshPropertyViews).
// Errors are ApiErrors: 400 with `errors` per field (checkoutDate: check-out before check-in),
// 409 when a night is already booked (the message names the other stay) or the stay is cancelled.

/** POST /api/reservations: the stay, with its automatic turnover cleaning when the company wants them. */
export function createReservation(body: ReservationBody): Promise<ReservationView> {
  return apiRequest<ReservationView>('POST', '/api/reservations', body);
}

/**
 * PUT /api/reservations/{id}: only the fields given change; moving the stay moves its turnover, or
 * schedules a new one when it was already done. `turnoverOutcome` says which.
 */
export function updateReservation(id: string, body: ReservationUpdateBody): Promise<UpdatedReservationView> {
  return apiRequest<UpdatedReservationView>('PUT', `/api/reservations/${encodeURIComponent(id)}`, body);
}

/** POST /api/reservations/{id}/cancel: releases the nights and cancels the open turnover. */
export function cancelReservation(id: string, reason?: string): Promise<ReservationView> {
  return apiRequest<ReservationView>('POST', `/api/reservations/${encodeURIComponent(id)}/cancel`, { reason: reason?.trim() || null });
}

/** POST /api/reservations/{id}/keep: a booking that vanished from its feed is confirmed by hand. */
export function keepReservation(id: string): Promise<ReservationView> {
  return apiRequest<ReservationView>('POST', `/api/reservations/${encodeURIComponent(id)}/keep`);
}

/**
 * POST /api/reservations/{id}/dismiss-turnover (CEO and managers): a Booking.com stretch was a
 * closure, not a stay: its turnover cleaning is cancelled, and later syncs leave it dismissed.
 */
export function dismissTurnover(id: string): Promise<ReservationView> {
  return apiRequest<ReservationView>('POST', `/api/reservations/${encodeURIComponent(id)}/dismiss-turnover`);
}
