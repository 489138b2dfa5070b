// A property added or changed, and answered as the caller may read it: the app's routes
// (create-property, update-property) and the public API's (v1-create-property, v1-update-property)
// share this, so the plan's limit, the inspector check and the answer's shape are written once.
import type { Property, PropertyBody, PropertyUpdateBody } from '#shared/schemas';
import { requireCompany } from '#functions/data/repositories/companies';
import { createProperty, updateProperty } from '#functions/data/repositories/properties';
import { assertInspector } from '#functions/data/repositories/readiness';
import type { Caller } from '#functions/lib/http';
import { withCalendarExportUrls } from '#functions/reservations/calendar-export/urls';
import { propertiesForCaller } from '#functions/staff/property-access';

/** The property as its writer reads it: access fields, owner for the office, calendar export URL. */
async function viewFor(caller: Caller, property: Property): Promise<Property> {
  const [view] = await withCalendarExportUrls(caller, await propertiesForCaller(caller, [property]));
  return view;
}

/** Adds a property within the company's plan (`unlimited`: the master account's own company). */
export async function addProperty(caller: Caller, body: PropertyBody, options: { unlimited: boolean }): Promise<Property> {
  const company = await requireCompany(caller.companyId);
  await assertInspector(caller.companyId, body.inspectorId);
  return viewFor(caller, await createProperty({ companyId: caller.companyId, plan: company.plan, unlimited: options.unlimited }, body));
}

/** Changes the fields sent (propertyUpdateBody); 404 for another company's property. */
export async function changeProperty(caller: Caller, propertyId: string, body: PropertyUpdateBody): Promise<Property> {
  await assertInspector(caller.companyId, body.inspectorId);
  return viewFor(caller, await updateProperty(caller.companyId, propertyId, body));
}
