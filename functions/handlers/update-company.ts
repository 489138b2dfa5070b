import { companyUpdateBody, type CompanyUpdateBody } from '#shared/schemas';
import { updateCompany } from '#functions/data/repositories/companies';
import { companyView } from '#functions/photos/views';
import { NotFoundError } from '#functions/lib/errors';
import { apiHandler, json } from '#functions/lib/http';

export const handler = apiHandler<CompanyUpdateBody>('update-company', { body: companyUpdateBody }, async ({ caller, params, body }) => {
  // Another company's id is indistinguishable from a missing one.
  if (params.id !== caller.companyId) throw new NotFoundError();
  return json(await companyView(await updateCompany(caller.companyId, body)));
});
