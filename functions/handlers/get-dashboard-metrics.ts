import { completionRate } from '#shared/rules';
import { monthKey } from '#functions/data/repositories/revenue';
import { getStatsAndPaidRevenue } from '#functions/data/repositories/stats';
import { apiHandler, json } from '#functions/lib/http';

/**
 * One BatchGetItem (the company's counters and this month's paid revenue) whatever the company's
 * size. teamEfficiency = tasks completed on time (by their due date, or without one) / tasks
 * completed, as a rounded percentage (README, "Metrics").
 */
export const handler = apiHandler('get-dashboard-metrics', {}, async ({ caller }) => {
  const { stats, paidCents } = await getStatsAndPaidRevenue(caller.companyId, monthKey(new Date()));
  return json({
    activeProperties: stats.propertyCount,
    pendingTasks: stats.tasksByStatus.pending,
    monthlyRevenue: paidCents / 100,
    teamEfficiency: completionRate(stats.completedOnTime, stats.tasksByStatus.completed),
  });
});
