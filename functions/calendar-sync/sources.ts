// The channel of an iCal feed, from its URL's host (Airbnb, Vrbo / HomeAway, Booking.com), or
// plain `ical` for any other calendar export.
import type { FeedSource } from '#shared/schemas';

const HOSTS: Array<[RegExp, FeedSource]> = [
  [/(^|\.)airbnb\.[a-z.]+$/, 'airbnb'],
  [/(^|\.)(vrbo|homeaway|abritel|fewo-direkt|stayz|bookabach)\.[a-z.]+$/, 'vrbo'],
  [/(^|\.)booking\.com$/, 'booking'],
];

export function sourceFromUrl(url: string): FeedSource {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return 'ical';
  }
  return HOSTS.find(([pattern]) => pattern.test(host))?.[1] ?? 'ical';
}

/** How a channel's guests are named when its feed gives no name (Airbnb's "Reserved"). */
export const SOURCE_LABELS: Record<FeedSource, string> = { airbnb: 'Airbnb', vrbo: 'Vrbo', booking: 'Booking.com', ical: 'iCal' };
