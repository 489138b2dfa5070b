import { completionRate } from '#shared/rules';
import { monthKey, paidRevenueCents } from '#functions/data/repositories/revenue';
import { getStats } from '#functions/data/repositories/stats';
import { apiHandler, json } from '#functions/lib/http';

/**
 * Two GetItems whatever the company's size. teamEfficiency = tasks completed on time (by their due
 * date, or without one) / tasks completed, as a rounded percentage (README, "Metrics").
 */
export const handler = apiHandler('get-dashboard-metrics', {}, async ({ caller }) => {
  const [stats, revenueCents] = await Promise.all([
    getStats(caller.companyId),
    paidRevenueCents(caller.companyId, monthKey(new Date())),
  ]);
  return json({
    activeProperties: stats.propertyCount,
    pendingTasks: stats.tasksByStatus.pending,
    monthlyRevenue: revenueCents / 100,
    teamEfficiency: completionRate(stats.completedOnTime, stats.tasksByStatus.completed),
  });
});
