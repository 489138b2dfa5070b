import { dashboardFigures } from '#functions/dashboard/figures';
import { apiHandler, json } from '#functions/lib/http';

/**
 * The dashboard's cards, each computed from the company's items (functions/dashboard/figures.ts,
 * README "Metrics"): the figure and its change against the period before (null: "new"), the real
 * urgent-or-overdue count. Money is for the roles that may use Financials: staff get monthlyRevenue null.
 */
export const handler = apiHandler('get-dashboard-metrics', {}, async ({ caller }) => json(await dashboardFigures(caller.companyId, caller.role)));
