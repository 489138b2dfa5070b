// Shapes the reservation, calendar, feed, settings and checklist-template routes answer
// (functions/reservations/service.ts reservationView, functions/reservations/calendar.ts,
// functions/calendar-sync/feeds.ts feedView, repositories/operations-settings.ts, checklists.ts).
import type { TaskStatus, TaskType } from '#shared/enums';
import type { FeedSource, Reservation } from '#shared/schemas';
import type { FeedSummary } from '#shared/calendar-feeds';

export type { FeedSummary };

/** A reservation as POST/PUT/cancel/keep and the calendar answer it (the list answers `Reservation`). */
export interface ReservationView extends Reservation {
  checkinDay: string;
  checkoutDay: string;
  nights: number;
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

/** An owner block of a feed ("Airbnb (Not available)"): days `start` up to, not including, `end`. */
export interface CalendarBlock {
  start: string;
  end: string;
  summary: string;
  feedId: string;
  source: FeedSource;
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
  lastSummary: FeedSummary | null;
  blocks: Array<{ start: string; end: string; summary: string }>;
  syncing: boolean;
}

export type SyncOutcome =
  | { feedId: string; propertyId: string; outcome: 'ok'; summary: FeedSummary }
  | { feedId: string; propertyId: string; outcome: 'failed'; error: { code: string; message: string } }
  | { feedId: string; propertyId: string; outcome: 'busy' | 'disabled' };

/** POST /api/properties/{id}/feeds/sync */
export interface SyncResponse {
  results: SyncOutcome[];
  feeds: CalendarFeed[];
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
