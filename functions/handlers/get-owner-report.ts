import { ownerReportQuery, type OwnerReportQuery } from '#shared/schemas';
import { apiHandler } from '#functions/lib/http';
import { pdfResponse, propertyOwnerReport } from '#functions/reports/owner/download';
import { assertStatementReady } from '#functions/owners/portal';

/**
 * GET /api/properties/{id}/owner-report?month=YYYY-MM (CEO and managers; an owner, issue 41: their
 * own property, else 404, and a month already ended): the property's owner report as a PDF.
 */
export const handler = apiHandler<unknown, OwnerReportQuery>('get-owner-report', { query: ownerReportQuery }, async ({ caller, params, query, language }) => {
  if (caller.role === 'owner') await assertStatementReady(caller, query.month);
  return pdfResponse(await propertyOwnerReport(caller.companyId, params.id, query.month, language));
});
