import { companySettingsBody, type CompanySettingsBody } from '#shared/schemas';
import { saveOperationsSettings } from '#functions/data/repositories/operations-settings';
import { NotFoundError } from '#functions/lib/errors';
import { apiHandler, json } from '#functions/lib/http';

/** PUT /api/companies/{id}/settings (CEO and managers): the fields given change; later reservations follow. */
export const handler = apiHandler<CompanySettingsBody>('update-company-settings', { body: companySettingsBody }, async ({ caller, params, body }) => {
  if (params.id !== caller.companyId) throw new NotFoundError();
  return json(await saveOperationsSettings(caller.companyId, body));
});
