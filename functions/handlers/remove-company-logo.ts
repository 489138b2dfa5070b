import { setCompanyLogo } from '#functions/data/repositories/companies';
import { NotFoundError } from '#functions/lib/errors';
import { apiHandler } from '#functions/lib/http';

/**
 * DELETE /api/companies/{id}/logo (CEO): the company goes back to its initials. The image stays in
 * the bucket (functions may not delete objects); nothing points at it any more.
 */
export const handler = apiHandler('remove-company-logo', {}, async ({ caller, params }) => {
  if (params.id !== caller.companyId) throw new NotFoundError();
  await setCompanyLogo(caller.companyId, null);
  return { statusCode: 204, headers: { 'cache-control': 'no-store' } };
});
