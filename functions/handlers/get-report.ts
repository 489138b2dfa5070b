import { reportQuery, type ReportQuery } from '#shared/schemas';
import { canSeeFinancials } from '#functions/reports/access';
import { buildReport } from '#functions/reports/report';
import { apiHandler, json } from '#functions/lib/http';

/** The Reports screen's figures for a date range and report type (one Query of day counters). */
export const handler = apiHandler<unknown, ReportQuery>('get-report', { query: reportQuery }, async ({ caller, query }) => {
  const includeFinancial = canSeeFinancials(caller.role, query.type);
  const { days: _days, ...report } = await buildReport(caller.companyId, query, { includeFinancial });
  return json(report);
});
