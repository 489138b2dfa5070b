import { setCompanyLogo } from '#functions/data/repositories/companies';
import { deleteLogoObject } from '#functions/storage/photos';
import { NotFoundError } from '#functions/lib/errors';
import { apiHandler } from '#functions/lib/http';
import { uncountObject } from '#functions/billing/quota';

/** DELETE /api/companies/{id}/logo (CEO): the company goes back to its initials; the image is deleted. */
export const handler = apiHandler('remove-company-logo', {}, async ({ caller, params }) => {
  if (params.id !== caller.companyId) throw new NotFoundError();
  const { previousLogoKey } = await setCompanyLogo(caller.companyId, null);
  if (previousLogoKey) {
    await uncountObject(caller.companyId, previousLogoKey); // storage quota: its size, read before it goes
    await deleteLogoObject(caller.companyId, previousLogoKey);
  }
  return { statusCode: 204, headers: { 'cache-control': 'no-store' } };
});
