import { companyLogoBody, type CompanyLogoBody } from '#shared/schemas';
import { requireCompany, setCompanyLogo } from '#functions/data/repositories/companies';
import { companyLogoPrefix, deleteLogoObject, LOGO_RULES, requireUploadedObject } from '#functions/storage/photos';
import { companyView } from '#functions/photos/views';
import { NotFoundError } from '#functions/lib/errors';
import { apiHandler, json } from '#functions/lib/http';
import { countUploadNow, uncountObject } from '#functions/billing/quota';

/**
 * PUT /api/companies/{id}/logo {logoURL} (CEO): makes an image uploaded through
 * POST /api/companies/{id}/logo/upload the company's logo. A URL outside the company's logo prefix,
 * nothing uploaded there, a file above 2 MB or not really a PNG/JPEG/WebP: 400, nothing written.
 * Answers the company as GET /api/companies shows it. The logo it replaces is deleted.
 */
export const handler = apiHandler<CompanyLogoBody>('set-company-logo', { body: companyLogoBody }, async ({ caller, params, body }) => {
  if (params.id !== caller.companyId) throw new NotFoundError();
  await requireCompany(caller.companyId);
  const key = await requireUploadedObject(body.logoURL, companyLogoPrefix(caller.companyId), LOGO_RULES);
  const { company, previousLogoKey } = await setCompanyLogo(caller.companyId, key);
  // Storage quota: the new logo counts at its real size, the replaced one no longer does.
  if (previousLogoKey !== key) await countUploadNow(caller.companyId, key);
  if (previousLogoKey && previousLogoKey !== key) {
    await uncountObject(caller.companyId, previousLogoKey);
    await deleteLogoObject(caller.companyId, previousLogoKey);
  }
  return json(await companyView(company));
});
