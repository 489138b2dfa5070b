import { publicPropertyCreateBody, type PropertyBody } from '#shared/schemas';
import { requireCompany } from '#functions/data/repositories/companies';
import { createProperty } from '#functions/data/repositories/properties';
import { assertInspector } from '#functions/data/repositories/readiness';
import { apiJson, publicApiHandler } from '#functions/lib/public-api';
import { publicProperty } from '#functions/public-api/properties';
import { withCalendarExportUrls } from '#functions/reservations/calendar-export/urls';
import { propertiesForCaller } from '#functions/staff/property-access';

/** POST /api/v1/properties: the app's property form (create-property), within the plan's property limit. */
export const handler = publicApiHandler<PropertyBody>('v1-create-property', { body: publicPropertyCreateBody }, async ({ caller, body }) => {
  const company = await requireCompany(caller.companyId);
  await assertInspector(caller.companyId, body.inspectorId);
  const property = await createProperty({ companyId: caller.companyId, plan: company.plan, unlimited: false }, body);
  const [view] = await withCalendarExportUrls(caller, await propertiesForCaller(caller, [property]));
  return apiJson(publicProperty(view), 201, { location: `/api/v1/properties/${property.id}` });
});
