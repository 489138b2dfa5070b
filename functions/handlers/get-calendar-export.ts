import { lookUpFeedToken } from '#functions/data/repositories/calendar-exports';
import { NotFoundError, TooManyRequestsError } from '#functions/lib/errors';
import { apiHandler } from '#functions/lib/http';
import { withCompany } from '#functions/lib/tenant';
import { memberTaskExport, propertyExport } from '#functions/reservations/calendar-export/feeds';
import { calendarResponse } from '#functions/reservations/calendar-export/serve';
import { tokenOfFile } from '#functions/reservations/calendar-export/urls';

/**
 * GET /api/calendar/{token}[.ics] (public: the token is the credential): a property's iCal export
 * (its taken nights, for the channels) or a member's task feed, with ETag and 304. An unknown or
 * revoked token is a plain 404; a token polled too often is 429 with Retry-After.
 */
export const handler = apiHandler('get-calendar-export', {}, async ({ event, params }) => {
  const found = await lookUpFeedToken(tokenOfFile(params.calendarFile));
  if (found.status === 'unknown') throw new NotFoundError();
  if (found.status === 'limited') throw new TooManyRequestsError('error.tooManyRequests', found.retryAfterSeconds);
  const { target } = found;
  // The token's lookup was the function's own (CALEXPORT#); from here on it acts for the company the
  // token names, with that company's scoped credentials in AWS (docs/tenant-fence.md).
  return withCompany(target.companyId, async () => {
    // The property or the member may be gone since (a company closed, a member removed): 404 too.
    const file = target.subject === 'PROPERTY' ? await propertyExport(target.companyId, target.subjectId) : await memberTaskExport(target.companyId, target.subjectId);
    if (!file) throw new NotFoundError();
    return calendarResponse(event, file, target.subject === 'PROPERTY' ? 'calendar.ics' : 'tasks.ics');
  });
});
