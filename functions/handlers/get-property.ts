import { getProperty } from '#functions/data/repositories/properties';
import { NotFoundError } from '#functions/lib/errors';
import { apiHandler, json } from '#functions/lib/http';

export const handler = apiHandler('get-property', {}, async ({ caller, params }) => {
  const property = await getProperty(caller.companyId, params.id);
  if (!property) throw new NotFoundError();
  return json(property);
});
