import { pageQuery, type PageQuery } from '#shared/schemas';
import { listProperties } from '#functions/data/repositories/properties';
import { apiHandler, page } from '#functions/lib/http';
import { propertiesForCaller } from '#functions/staff/property-access';
import { withCalendarExportUrls } from '#functions/reservations/calendar-export/urls';

/** GET /api/properties: a page, each with its map link; access fields only where the caller may see them. */
export const handler = apiHandler<unknown, PageQuery>('list-properties', { query: pageQuery }, async ({ caller, query }) => {
  const result = await listProperties(caller.companyId, query);
  return page(await withCalendarExportUrls(caller, await propertiesForCaller(caller, result.items)), result.cursor);
});
