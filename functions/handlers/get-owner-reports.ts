import { ownerReportsQuery, type OwnerReportsQuery } from '#shared/schemas';
import { apiHandler } from '#functions/lib/http';
import { ownerReportOf, pdfResponse } from '#functions/reports/owner/download';

/** GET /api/owner-reports?owner=<e-mail>&month=YYYY-MM (CEO and managers): one report over all that owner's properties. */
export const handler = apiHandler<unknown, OwnerReportsQuery>('get-owner-reports', { query: ownerReportsQuery }, async ({ caller, query }) =>
  pdfResponse(await ownerReportOf(caller.companyId, query.owner, query.month)),
);
