import { reportExportQuery, type ReportExportQuery } from '#shared/schemas';
import { canSeeFinancials } from '#functions/reports/access';
import { exportReport } from '#functions/reports/export';
import { apiHandler } from '#functions/lib/http';

/** The report as an Excel or PDF file, base64-encoded as API Gateway expects binary bodies. */
export const handler = apiHandler<unknown, ReportExportQuery>('export-report', { query: reportExportQuery }, async ({ caller, query, language }) => {
  const includeFinancial = canSeeFinancials(caller.role, query.type);
  const file = await exportReport(caller.companyId, query, { language, includeFinancial });
  return {
    statusCode: 200,
    headers: {
      'content-type': file.contentType,
      'content-disposition': `attachment; filename="${file.filename}"`,
      'cache-control': 'no-store',
    },
    body: file.body.toString('base64'),
    isBase64Encoded: true,
  };
});
