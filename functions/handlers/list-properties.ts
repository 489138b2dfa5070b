import { pageQuery, type PageQuery } from '#shared/schemas';
import { listProperties } from '#functions/data/repositories/properties';
import { apiHandler, page } from '#functions/lib/http';

export const handler = apiHandler<unknown, PageQuery>('list-properties', { query: pageQuery }, async ({ caller, query }) => {
  const result = await listProperties(caller.companyId, query);
  return page(result.items, result.cursor);
});
