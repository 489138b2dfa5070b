// What an iCal feed's last import did, as the API answers it and the property page shows it.

/** An owner block read from a feed ("Not available"): days the property is not bookable. */
export interface FeedBlock {
  start: string;
  end: string;
  summary: string;
}

/** A message key of shared/messages.ts and its parameters (translated when the API answers). */
export interface FeedNotice {
  code: string;
  params: Record<string, string | number>;
}

/** An event of the feed that was not imported, and why. */
export interface SkippedFeedEvent extends FeedNotice {
  uid: string | null;
  summary: string | null;
}

/** The counts of one import of a feed, and the bookings it could not place. */
export interface FeedSummary {
  events: number;
  bookings: number;
  blocks: number;
  created: number;
  updated: number;
  unchanged: number;
  restored: number;
  flagged: number;
  skipped: number;
  /** Bookings imported over nights another booking holds (double bookings, flagged). */
  doubleBooked?: number;
  /** Stays refused (e.g. longer than the longest stay) with the night that stopped them, if any. */
  conflicts: Array<{ uid: string; checkinDay: string; checkoutDay: string; night: string | null }>;
  /** Events not imported, with their reason (at most MAX_SKIPPED_LISTED listed). */
  skippedEvents?: SkippedFeedEvent[];
  /** Limits met (events, blocks, bytes, horizon): nothing is capped silently. */
  warnings?: FeedNotice[];
  /** The channel the calendar says it comes from (PRODID), when it says. */
  detectedChannel?: string | null;
  /**
   * The calendar does not look like a booking calendar (most events are meetings, appointments,
   * holidays): on its first read nothing was imported, and a manager is asked to confirm it.
   */
  notBookingCalendar?: { events: number; notStays: number; examples: string[] } | null;
}

export const MAX_SKIPPED_LISTED = 50;
