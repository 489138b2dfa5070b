import { isManagerRole } from '#shared/enums';
import { completionRate } from '#shared/rules';
import { monthKey } from '#functions/data/repositories/revenue';
import { getStats, getStatsAndPaidRevenue } from '#functions/data/repositories/stats';
import { apiHandler, json } from '#functions/lib/http';

/**
 * One read (the company's counters, with this month's paid revenue in the same BatchGetItem) whatever
 * the company's size. teamEfficiency = tasks completed on time (by their due date, or without one) /
 * tasks completed, as a rounded percentage (README, "Metrics"). Money is for the roles that may use
 * Financials: staff get monthlyRevenue null.
 */
export const handler = apiHandler('get-dashboard-metrics', {}, async ({ caller }) => {
  const seesMoney = isManagerRole(caller.role);
  const { stats, paidCents } = seesMoney
    ? await getStatsAndPaidRevenue(caller.companyId, monthKey(new Date()))
    : { stats: await getStats(caller.companyId), paidCents: null };
  return json({
    activeProperties: stats.propertyCount,
    pendingTasks: stats.tasksByStatus.pending,
    monthlyRevenue: paidCents === null ? null : paidCents / 100,
    teamEfficiency: completionRate(stats.completedOnTime, stats.tasksByStatus.completed),
  });
});
