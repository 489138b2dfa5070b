import { getCompanySettings } from '#functions/data/repositories/operations-settings';
import { NotFoundError } from '#functions/lib/errors';
import { apiHandler, json } from '#functions/lib/http';

/**
 * GET /api/companies/{id}/settings: turnovers on or off, standard check-in / check-out hours, the
 * team settings (shift lateness tolerance, turnover assignee), planned durations, the readiness alert
 * and whether owners see their guests' names.
 */
export const handler = apiHandler('get-company-settings', {}, async ({ caller, params }) => {
  if (params.id !== caller.companyId) throw new NotFoundError();
  return json(await getCompanySettings(caller.companyId));
});
