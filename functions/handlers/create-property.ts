import { propertyBody, type PropertyBody } from '#shared/schemas';
import { requireCompany } from '#functions/data/repositories/companies';
import { createProperty } from '#functions/data/repositories/properties';
import { assertInspector } from '#functions/data/repositories/readiness';
import { apiHandler, json } from '#functions/lib/http';
import { withCalendarExportUrls } from '#functions/reservations/calendar-export/urls';
import { propertiesForCaller } from '#functions/staff/property-access';

export const handler = apiHandler<PropertyBody>('create-property', { body: propertyBody }, async ({ caller, body }) => {
  const company = await requireCompany(caller.companyId);
  await assertInspector(caller.companyId, body.inspectorId);
  const property = await createProperty({ companyId: caller.companyId, plan: company.plan, unlimited: caller.isMaster }, body);
  const [view] = await withCalendarExportUrls(caller, await propertiesForCaller(caller, [property]));
  return json(view, 201);
});
