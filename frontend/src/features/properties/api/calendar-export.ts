// The property's iCal export URL (issue 39 point 5), CEO and managers: a new one replaces the old,
// which stops working at once. The URL itself comes with the property (`calendarExportUrl`).
import { mutate } from 'swr';
import type { Property } from '#shared/schemas';
import type { CalendarFeedUrl } from '#shared/schemas/calendar-export';
import { apiRequest } from '../../../lib/api-client';
import { refreshProperties } from './get-properties';
import { propertyKey } from './get-property';

/** POST /api/properties/{id}/calendar-export/regenerate; the property's cache takes the new URL. */
export async function regenerateCalendarExport(id: string): Promise<string> {
  const { url } = await apiRequest<CalendarFeedUrl>('POST', `/api/properties/${encodeURIComponent(id)}/calendar-export/regenerate`, {});
  await Promise.all([
    mutate<Property>(propertyKey(id), (current) => (current ? { ...current, calendarExportUrl: url } : current), { revalidate: false }),
    refreshProperties(),
  ]);
  return url ?? '';
}
