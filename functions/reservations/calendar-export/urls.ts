// The calendar export URLs (issue 39 point 5): `${APP_URL}/api/calendar/<token>.ics`, on the site's
// own origin (CloudFront sends /api/* to the API). The `.ics` suffix is for the channels that want a
// file name; the same URL without it works too (GET /api/calendar/{calendarFile}).
import { isManagerRole } from '#shared/enums';
import { optionalEnv } from '#functions/lib/env';
import { currentExportTokens } from '#functions/data/repositories/calendar-exports';

export const CALENDAR_FILE_SUFFIX = '.ics';

export function calendarFeedUrl(token: string): string {
  const base = optionalEnv('APP_URL', 'http://localhost:3000').replace(/\/+$/, '');
  return `${base}/api/calendar/${token}${CALENDAR_FILE_SUFFIX}`;
}

/** The token of a `{calendarFile}` path parameter: the `.ics` suffix, when sent, removed. */
export const tokenOfFile = (file: string): string => (file.toLowerCase().endsWith(CALENDAR_FILE_SUFFIX) ? file.slice(0, -CALENDAR_FILE_SUFFIX.length) : file);

/**
 * The properties as the caller reads them, with `calendarExportUrl` for the CEO and managers (null
 * for a property that has no export yet: regenerating creates one); staff never get the field.
 */
export async function withCalendarExportUrls<P extends { id: string }>(caller: { companyId: string; role: string }, properties: readonly P[]): Promise<Array<P & { calendarExportUrl?: string | null }>> {
  if (!isManagerRole(caller.role) || !properties.length) return [...properties];
  const tokens = await currentExportTokens(caller.companyId, 'PROPERTY', properties.map((property) => property.id));
  return properties.map((property) => {
    const token = tokens.get(property.id);
    return { ...property, calendarExportUrl: token ? calendarFeedUrl(token) : null };
  });
}
