import { pageQuery, type PageQuery } from '#shared/schemas';
import { listPage, publicApiHandler } from '#functions/lib/public-api';
import { listPublicMembers } from '#functions/public-api/team';

/** GET /api/v1/team: the company's members (ids to assign tasks to), without sign-in details. */
export const handler = publicApiHandler<unknown, PageQuery>('v1-list-team', { query: pageQuery }, async ({ caller, query }) => {
  const page = await listPublicMembers(caller.companyId, query);
  return listPage(page.items, page.cursor);
});
