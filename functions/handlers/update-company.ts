import { companyUpdateBody, type CompanyUpdateBody } from '#shared/schemas';
import { updateCompany } from '#functions/data/repositories/companies';
import { NotFoundError } from '#functions/lib/errors';
import { apiHandler, json } from '#functions/lib/http';

export const handler = apiHandler<CompanyUpdateBody>('update-company', { body: companyUpdateBody }, async ({ caller, params, body }) => {
  // Another company's id is indistinguishable from a missing one.
  if (params.id !== caller.companyId) throw new NotFoundError();
  return json(await updateCompany(caller.companyId, body));
});
