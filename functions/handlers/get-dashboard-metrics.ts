import { dashboardFigures } from '#functions/dashboard/figures';
import { keys } from '#functions/data/keys';
import { apiHandler, json } from '#functions/lib/http';

/**
 * The dashboard's cards, each computed from the company's items (functions/dashboard/figures.ts,
 * README "Metrics"): the figure and its change against the period before (null: "new"), the real
 * urgent-or-overdue count. Money is for the roles that may use Financials: staff get monthlyRevenue null.
 * The STATS item is read with the session (one BatchGetItem); a warm process reads nothing else.
 */
export const handler = apiHandler(
  'get-dashboard-metrics',
  { prefetch: (companyId) => [keys.companyStats(companyId)] },
  async ({ caller, prefetched }) => json(await dashboardFigures(caller.companyId, caller.role, new Date(), prefetched && { stats: prefetched[0] })),
);
