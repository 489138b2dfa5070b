import { ownerReportQuery, type OwnerReportQuery } from '#shared/schemas';
import { apiHandler } from '#functions/lib/http';
import { pdfResponse, propertyOwnerReport } from '#functions/reports/owner/download';

/** GET /api/properties/{id}/owner-report?month=YYYY-MM (CEO and managers): the property's owner report as a PDF. */
export const handler = apiHandler<unknown, OwnerReportQuery>('get-owner-report', { query: ownerReportQuery }, async ({ caller, params, query, language }) =>
  pdfResponse(await propertyOwnerReport(caller.companyId, params.id, query.month, language)),
);
