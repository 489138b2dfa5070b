// Reservations: the record, the reservation forms and the lists and calendar month of a property.
import * as z from 'zod/mini';
import { recordYears } from '../record-dates';
import { transformed, id, timestamp, requiredText, optionalText, isoDate, isoDateTime, requiredIdOf, pageQuery } from './fields';

/** Builds a schema lazily enough for bundlers: fields.ts's `schema`, again here as esbuild honours the annotation only in its own module. */
const schema = /* @__NO_SIDE_EFFECTS__ */ <T>(build: () => T): T => build();

/** Where a reservation came from: entered by hand (direct) or imported from a channel's iCal feed. */
export const INTEGRATION_SOURCES = ['direct', 'airbnb', 'vrbo', 'booking', 'ical', 'other'] as const;
export type IntegrationSource = (typeof INTEGRATION_SOURCES)[number];
/**
 * Longest stay, in nights: three years (a long let, a year-round owner block). Nights are held in one
 * occupancy item per property and month, so a move writes at most 2 x 37 of them in one transaction.
 */
export const MAX_STAY_NIGHTS = 1096;

export const reservationSchema = schema(() => z.object({
  id,
  propertyId: id,
  guestName: z.string(),
  checkinDate: timestamp,
  checkoutDate: timestamp,
  integrationSource: z.nullish(z.string()),
  /** Absent on reservations written before reservations could be cancelled: confirmed. */
  status: z.optional(z.enum(['confirmed', 'cancelled'])),
  /** The stay as calendar days (company time zone): nights from checkinDay up to checkoutDay. */
  checkinDay: z.optional(z.string()),
  checkoutDay: z.optional(z.string()),
  /** Imported from an iCal feed: the feed, and whether the event is still in it. */
  feedId: z.nullish(id),
  /**
   * missing_from_feed: gone from its healthy feed; cancelled_in_feed: the feed marks it
   * STATUS:CANCELLED (both wait for a manager to cancel or keep it); kept: a manager kept it.
   */
  syncStatus: z.nullish(z.enum(['ok', 'missing_from_feed', 'cancelled_in_feed', 'kept'])),
  missingSince: z.nullish(timestamp),
  /** A block (owner block, "Not available", a channel's closure) takes nights but is no guest's stay. Absent: booking. */
  kind: z.optional(z.enum(['booking', 'block'])),
  /** The feed says the stay is tentative (STATUS:TENTATIVE, "Provisoire"…): its turnover asks for a check. */
  tentative: z.optional(z.boolean()),
  /** A Booking.com unavailable stretch: its export cannot tell a booking from a closure. */
  ambiguous: z.optional(z.boolean()),
  /** A manager said this block's turnover cleaning is not needed (kept across syncs). */
  turnoverDismissed: z.optional(z.boolean()),
  /** A Booking.com stretch whose every night another booking holds (the channel closed them for it): no turnover of its own. */
  coveredByBooking: z.optional(z.boolean()),
  /** Imported from a feed over nights another booking holds: a double booking until a manager resolves it. */
  conflictWith: z.optional(z.array(id)),
  /**
   * When the guests said they had left (their private link, issue 40 point 4): the home is free from
   * then, before the checkout time (the property's readiness is no longer `occupied`).
   */
  guestLeftAt: z.nullish(timestamp),
  /** The automatic turnover cleaning task of this stay. */
  turnoverTaskId: z.nullish(id),
  cancelledAt: z.nullish(timestamp),
  cancelReason: z.nullish(z.string()),
  createdAt: timestamp,
  updatedAt: timestamp,
}));
export type Reservation = z.infer<typeof reservationSchema>;

/** A day (YYYY-MM-DD: the company's check-in / check-out hour applies) or an ISO instant (kept as given). */
const stayDate = (requiredKey: string) =>
  z
    .string({ error: requiredKey })
    .check(
      z.trim(),
      z.minLength(1, { error: requiredKey }),
      z.refine((value) => isoDate.safeParse(value).success || isoDateTime.safeParse(value).success, { error: 'validation.date' }),
    );

const integrationSource = schema(() => transformed(z.nullish(z.enum(INTEGRATION_SOURCES, { error: 'validation.invalid' })), (value) => value ?? null));

/** POST /api/reservations. Check-out after check-in is checked by the service (time zone aware). */
export const reservationBody = schema(() => z.object({
  propertyId: requiredIdOf('task.propertyRequired'),
  guestName: requiredText('reservation.guestRequired'),
  checkinDate: stayDate('reservation.checkinRequired'),
  checkoutDate: stayDate('reservation.checkoutRequired'),
  integrationSource,
}));
export type ReservationBody = z.infer<typeof reservationBody>;

/** PUT /api/reservations/{id}: the fields to change. The property of a reservation does not change. */
export const reservationUpdateBody = schema(() => z.object({
  propertyId: z.optional(z.string().check(z.trim(), z.maxLength(64))),
  guestName: z.optional(requiredText('reservation.guestRequired')),
  checkinDate: z.optional(stayDate('reservation.checkinRequired')),
  checkoutDate: z.optional(stayDate('reservation.checkoutRequired')),
  integrationSource: z.nullish(z.enum(INTEGRATION_SOURCES, { error: 'validation.invalid' })),
}));
export type ReservationUpdateBody = z.infer<typeof reservationUpdateBody>;

export const reservationCancelBody = schema(() => z.object({ reason: optionalText(500, 'many') }));
export type ReservationCancelBody = z.infer<typeof reservationCancelBody>;

/** GET /api/properties/{id}/calendar?month=YYYY-MM */
export const calendarMonthQuery = schema(() => z.object({
  month: z.string({ error: 'calendar.monthInvalid' }).check(z.regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'calendar.monthInvalid' }), recordYears()),
}));
export type CalendarMonthQuery = z.infer<typeof calendarMonthQuery>;

export const reservationListQuery = schema(() => z.extend(pageQuery, {
  propertyId: z.string({ error: 'task.propertyRequired' }).check(z.minLength(1, { error: 'task.propertyRequired' }), z.maxLength(64)),
  /** Only reservations checking in from this instant on. */
  from: z.optional(isoDateTime),
}));
export type ReservationListQuery = z.infer<typeof reservationListQuery>;

export const flaggedReservationsQuery = schema(() => z.object({
  propertyId: z.string({ error: 'task.propertyRequired' }).check(z.minLength(1, { error: 'task.propertyRequired' }), z.maxLength(64)),
}));
export type FlaggedReservationsQuery = z.infer<typeof flaggedReservationsQuery>;
