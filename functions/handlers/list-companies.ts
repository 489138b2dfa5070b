import { getCompany } from '#functions/data/repositories/companies';
import { companyView } from '#functions/photos/views';
import { apiHandler, json } from '#functions/lib/http';

/** A user belongs to one company; the list holds it (SPEC point 7 reads the first item), its logo as a presigned GET. */
export const handler = apiHandler('list-companies', {}, async ({ caller }) => {
  const company = await getCompany(caller.companyId);
  return json(company ? [await companyView(company)] : []);
});
