import { pageQuery, type PageQuery } from '#shared/schemas';
import { listProperties } from '#functions/data/repositories/properties';
import { listPage, publicApiHandler } from '#functions/lib/public-api';
import { publicProperty } from '#functions/public-api/properties';
import { propertiesForCaller } from '#functions/staff/property-access';
import { withCalendarExportUrls } from '#functions/reservations/calendar-export/urls';

/** GET /api/v1/properties: a page of the company's properties, as its CEO reads them (access notes, owner, calendar export URL). */
export const handler = publicApiHandler<unknown, PageQuery>('v1-list-properties', { query: pageQuery }, async ({ caller, query }) => {
  const page = await listProperties(caller.companyId, query);
  const views = await withCalendarExportUrls(caller, await propertiesForCaller(caller, page.items));
  return listPage(views.map(publicProperty), page.cursor);
});
