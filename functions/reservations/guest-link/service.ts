// The guest's "we have left" (issue 40 point 4), behind the public routes GET /api/guest/{token},
// POST /api/guest/{token}/left and POST /api/guest/{token}/photo: opening a request and what the page
// shows. No session: the token is the credential, and every request is counted against its source
// (client address) and its token (429 in words). What the guest sees names the property and the
// checkout, nothing personal. Recording and the photo: record.ts.
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { UiLanguage } from '#shared/enums';
import type { GuestLanguage, GuestStayView } from '#shared/schemas/guest-link';
import { zonedTime } from '#shared/rules';
import { getCompany } from '#functions/data/repositories/companies';
import { countGuestSource, lookUpGuestToken, type GuestLinkTarget } from '#functions/data/repositories/guest-links';
import { getProperty } from '#functions/data/repositories/properties';
import { getReservation, isBlock, isCancelled, stayDays, type StoredReservation } from '#functions/data/repositories/reservations';
import { TooManyRequestsError } from '#functions/lib/errors';
import { withCompany } from '#functions/lib/tenant';
import { companyLanguage } from '../turnovers';
import { GuestLinkUnknownError, GuestWindowError } from './errors';
import { guestClock, guestWindow } from './window';

const DEFAULT_TIME_ZONE = 'America/New_York';

/** A guest stay the link still names: the reservation, a booking, not cancelled. */
export interface GuestStay {
  /** The request's token (a concurrent press's record is read back by it). */
  token: string;
  target: GuestLinkTarget;
  reservation: StoredReservation;
  timeZone: string;
  language: UiLanguage;
  propertyName: string;
}

/**
 * The guest's address, for the per-source limit. Behind CloudFront (a stage with an origin secret,
 * checked before any handler runs: functions/lib/request-guards.ts) API Gateway's sourceIp is an edge
 * server's, shared by many guests: the viewer's own address is the `CloudFront-Viewer-Address` header
 * CloudFront adds ("ip:port"). Anywhere else (npm start, tests) it is sourceIp.
 */
function clientAddress(event: APIGatewayProxyEventV2): string | undefined {
  if (process.env.ORIGIN_SECRET) {
    const headers = event.headers ?? {};
    const viewer = headers['cloudfront-viewer-address'] ?? Object.entries(headers).find(([name]) => name.toLowerCase() === 'cloudfront-viewer-address')?.[1];
    if (viewer) return viewer.replace(/:\d+$/, '');
  }
  return event.requestContext?.http?.sourceIp;
}

/**
 * Opens a public request: counts it against its source and its token (429 with Retry-After when
 * either is over), and reads what the token names. Unknown, rotated, or naming a stay that is gone,
 * cancelled or a block: 404 (nothing written beyond the counts). Then runs `use` with the stay.
 * The counts and the token's lookup are the function's own (GUESTSOURCE#, GUESTLINK#: the route's
 * `companyFromToken`); the stay's reads and `use` act for the company the token names
 * (functions/lib/tenant.ts), with its scoped credentials in AWS (docs/tenant-fence.md).
 */
export async function withGuestStay<T>(event: APIGatewayProxyEventV2, token: string, use: (stay: GuestStay) => Promise<T> | T, now = guestClock.now()): Promise<T> {
  const sourceWait = await countGuestSource(clientAddress(event), now);
  if (sourceWait !== undefined) throw new TooManyRequestsError('guestLink.tooMany', sourceWait);
  const found = await lookUpGuestToken(token, now);
  if (found.status === 'unknown') throw new GuestLinkUnknownError();
  if (found.status === 'limited') throw new TooManyRequestsError('guestLink.tooMany', found.retryAfterSeconds);
  const { target } = found;
  return withCompany(target.companyId, async () => {
    const [reservation, company] = await Promise.all([getReservation(target.companyId, target.reservationId), getCompany(target.companyId)]);
    if (!reservation || isCancelled(reservation) || isBlock(reservation)) throw new GuestLinkUnknownError();
    const property = await getProperty(target.companyId, reservation.propertyId);
    if (!property) throw new GuestLinkUnknownError();
    return use({
      token,
      target,
      reservation,
      timeZone: company?.timezone ?? DEFAULT_TIME_ZONE,
      language: companyLanguage(company?.preferredLanguage),
      propertyName: property.name,
    });
  });
}

export const hhmm = (instant: string, timeZone: string) => {
  const wall = zonedTime(new Date(instant), timeZone);
  return `${String(wall.hour).padStart(2, '0')}:${String(wall.minute).padStart(2, '0')}`;
};

/** What the guest page shows: the property's name, the checkout, the window, and the record if any. */
export function guestStayView(stay: GuestStay, now = guestClock.now()): GuestStayView {
  const { checkoutDay } = stayDays(stay.reservation);
  const window = guestWindow(checkoutDay, stay.timeZone, now);
  const leftAt = stay.target.leftAt;
  return {
    propertyName: stay.propertyName,
    checkoutDate: checkoutDay,
    checkoutTime: hhmm(stay.reservation.checkoutDate, stay.timeZone),
    window,
    language: stay.language as GuestLanguage,
    ...(leftAt ? { alreadyLeftAt: leftAt, alreadyLeftTime: hhmm(leftAt, stay.timeZone) } : {}),
  };
}

/** The window's opening as the request's reader writes it: "Dec 5, 6:00 PM" in the stay's zone. */
const opening = (opensAt: string, timeZone: string, language: UiLanguage) =>
  new Intl.DateTimeFormat(language === 'pt' ? 'pt-BR' : language === 'es' ? 'es-ES' : 'en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(new Date(opensAt));

export function assertInWindow(stay: GuestStay, now: Date, language: UiLanguage): void {
  const window = guestWindow(stayDays(stay.reservation).checkoutDay, stay.timeZone, now);
  if (window.state === 'open') return;
  const details = { opensAt: window.opensAt, closesAt: window.closesAt };
  throw new GuestWindowError(window.state, details, window.state === 'too_early' ? { opens: opening(window.opensAt, stay.timeZone, language) } : {});
}
