// Shapes the reservation, calendar, feed, settings and checklist-template routes answer
// (functions/reservations/service.ts reservationView, functions/reservations/calendar.ts,
// functions/reservations/calendar-sync/feeds.ts feedView, repositories/operations-settings.ts, checklists.ts).
import type { TaskStatus, TaskType } from '#shared/enums';
import type { FeedSource, Reservation } from '#shared/schemas';
import type { FeedNotice, FeedSummary as StoredFeedSummary, SkippedFeedEvent } from '#shared/calendar-feeds';

/** A notice of a feed's last import, translated by the server into the request's language. */
export type TranslatedNotice<T extends FeedNotice = FeedNotice> = T & { message: string };

/** What a feed's last import did (feedView): its warnings and skipped events come translated. */
export interface FeedSummary extends Omit<StoredFeedSummary, 'warnings' | 'skippedEvents'> {
  warnings?: TranslatedNotice[];
  skippedEvents?: Array<TranslatedNotice<SkippedFeedEvent>>;
}

/**
 * A reservation as POST/PUT/cancel/keep/dismiss-turnover and the calendar answer it (reservationView;
 * the list answers `Reservation`, where these fields may be absent).
 */
export interface ReservationView extends Reservation {
  checkinDay: string;
  checkoutDay: string;
  nights: number;
  /** A block takes nights but is no guest's stay; the calendar month lists blocks apart. */
  kind: 'booking' | 'block';
  /** The channel says tentative: its turnover asks for a check. */
  tentative: boolean;
  /** A Booking.com stretch: a booking or a closure, a manager checks. */
  ambiguous: boolean;
  turnoverDismissed: boolean;
  /** A double booking: the reservations holding the same nights (empty when none). */
  conflictWith: string[];
}

/**
 * PUT /api/reservations/{id}'s answer: the reservation and what became of its cleaning
 * (functions/reservations/service.ts TurnoverOutcome): `moved` (the open turnover followed the new
 * check-out), `replaced` (it was already done: a new one is scheduled for the new check-out),
 * `created` (the stay had none), `cancelled`, or null (nothing changed for the cleaning).
 */
export interface UpdatedReservationView extends ReservationView {
  turnoverOutcome: 'moved' | 'replaced' | 'created' | 'cancelled' | null;
}

export interface CalendarTask {
  id: string;
  type: TaskType;
  title: string;
  status: TaskStatus;
  dueDate: string | null;
  assignedUserId: string | null;
  reservationId: string | null;
  checklistId: string | null;
  openRequiredItems: number;
}

/**
 * A block of the month (an owner block, "Airbnb (Not available)", a Booking.com closure): days
 * `start` up to, not including, `end`. Never a guest. An `ambiguous` one (Booking.com cannot tell a
 * booking from a closure) has a turnover cleaning until a manager dismisses it.
 */
export interface CalendarBlock {
  start: string;
  end: string;
  summary: string;
  feedId: string | null;
  /** The feed's channel (airbnb, vrbo, booking, ical), or the block's own source. */
  source: FeedSource | string;
  reservationId: string;
  ambiguous: boolean;
  turnoverTaskId: string | null;
  turnoverDismissed: boolean;
}

/** GET /api/properties/{id}/calendar?month=YYYY-MM */
export interface CalendarMonth {
  propertyId: string;
  month: string;
  /** The company's time zone: days and "today" are read in it. */
  timezone: string;
  from: string;
  to: string;
  reservations: ReservationView[];
  tasks: CalendarTask[];
  blocks: CalendarBlock[];
}

/** A property's iCal feed (managers only: the URL carries the channel's secret). */
export interface CalendarFeed {
  id: string;
  propertyId: string;
  url: string;
  name: string | null;
  source: FeedSource;
  enabled: boolean;
  createdAt: string;
  updatedAt: string;
  lastSyncAt: string | null;
  lastSuccessAt: string | null;
  /** The last failure, already in the request's language. */
  lastError: string | null;
  lastErrorCode: string | null;
  lastErrorAt: string | null;
  consecutiveFailures: number;
  /** When the scheduled sync reads it next (after a failure: the backoff, or as long as the channel asked). */
  nextSyncAt?: string | null;
  lastSummary: FeedSummary | null;
  /** A manager chose the channel: what the calendar says does not change it. */
  sourceLocked: boolean;
  /** A long import under way: events done of the calendar's total. */
  syncProgress?: { done: number; total: number } | null;
  blocks: Array<{ start: string; end: string; summary: string }>;
  syncing: boolean;
  /** Held on its first read: the calendar does not look like a booking calendar; nothing imported until confirmed. */
  awaitingConfirmation: boolean;
  confirmedAt: string | null;
  /** Why it is held, in the request's language (null when not held). */
  notBookingCalendar: string | null;
}

export type SyncOutcome =
  | { feedId: string; propertyId: string; outcome: 'ok'; summary: FeedSummary }
  | { feedId: string; propertyId: string; outcome: 'failed'; error: { code: string; message: string } }
  | { feedId: string; propertyId: string; outcome: 'busy' | 'disabled' }
  /** The channel asked us to wait (429 / Retry-After): not read before nextSyncAt; `message` says how long. */
  | { feedId: string; propertyId: string; outcome: 'waiting'; nextSyncAt: string; message: string }
  /** Still importing when "Sync now" answered (202): the feed shows its progress. */
  | { feedId: string; propertyId: string; outcome: 'queued'; progress: { done: number; total: number } | null };

/** POST /api/properties/{id}/feeds/sync: 200 when every feed is done, 202 while some still import. */
export interface SyncResponse {
  results: SyncOutcome[];
  feeds: CalendarFeed[];
}

/** GET /api/reservations/double-bookings (CEO and managers): one entry per open double booking. */
export interface DoubleBooking {
  propertyId: string;
  checkinDay: string;
  checkoutDay: string;
  /** When it was found. */
  since: string;
  /** The stay imported over taken nights. */
  reservation: ReservationView;
  /** The stays that hold those nights. */
  conflictsWith: ReservationView[];
}

/** GET/PUT /api/companies/{id}/settings */
export interface CompanySettings {
  autoTurnovers: boolean;
  checkinHour: number;
  checkoutHour: number;
  /** Team settings: a shift start more than this many minutes after the window opens is late. */
  shiftLateAfterMinutes: number;
  /** Team settings: the member who gets every automatic turnover cleaning; null leaves them unassigned. */
  turnoverAssigneeId: string | null;
  /** Planned minutes per task type (the dispatch board's workload and warnings). */
  taskDurations?: { cleaning: number; maintenance: number; laundry: number; inspection?: number };
  /** Issue 40: hours before a check-in at which a property not ready alerts the office (once). */
  readinessAlertHours?: number;
  /** Issue 41: owners see their guests' names in the portal (the CEO changes it). */
  ownersSeeGuestNames?: boolean;
  updatedAt: string | null;
}

export interface ChecklistTemplateItem {
  id: string;
  description: string;
  required: boolean;
}

/** GET/PUT /api/properties/{id}/checklist-template */
export interface ChecklistTemplate {
  propertyId: string;
  items: ChecklistTemplateItem[];
  updatedAt: string | null;
  updatedBy: string | null;
}
