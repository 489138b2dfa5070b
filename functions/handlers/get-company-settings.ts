import { getOperationsSettings } from '#functions/data/repositories/operations-settings';
import { NotFoundError } from '#functions/lib/errors';
import { apiHandler, json } from '#functions/lib/http';

/**
 * GET /api/companies/{id}/settings: turnovers on or off, standard check-in / check-out hours, and the
 * team settings (shift lateness tolerance, turnover assignee).
 */
export const handler = apiHandler('get-company-settings', {}, async ({ caller, params }) => {
  if (params.id !== caller.companyId) throw new NotFoundError();
  return json(await getOperationsSettings(caller.companyId));
});
