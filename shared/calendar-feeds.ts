// What an iCal feed's last import did, as the API answers it and the property page shows it.

/** An owner block read from a feed ("Not available"): days the property is not bookable. */
export interface FeedBlock {
  start: string;
  end: string;
  summary: string;
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
  conflicts: Array<{ uid: string; checkinDay: string; checkoutDay: string; night: string | null }>;
}
