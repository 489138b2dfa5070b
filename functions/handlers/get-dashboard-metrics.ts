import { completionRate } from '#shared/rules';
import { getItems } from '#functions/data/db';
import { keys } from '#functions/data/keys';
import { monthKey, paidCentsFromItem } from '#functions/data/repositories/revenue';
import { statsFromItem } from '#functions/data/repositories/stats';
import { apiHandler, json } from '#functions/lib/http';

/**
 * One BatchGetItem (the company's counters and this month's paid revenue) whatever the company's
 * size. teamEfficiency = tasks completed on time (by their due date, or without one) / tasks
 * completed, as a rounded percentage (README, "Metrics").
 */
export const handler = apiHandler('get-dashboard-metrics', {}, async ({ caller }) => {
  const [statsItem, revenueItem] = await getItems([
    keys.companyStats(caller.companyId),
    keys.monthlyRevenue(caller.companyId, monthKey(new Date())),
  ]);
  const stats = statsFromItem(statsItem);
  return json({
    activeProperties: stats.propertyCount,
    pendingTasks: stats.tasksByStatus.pending,
    monthlyRevenue: paidCentsFromItem(revenueItem) / 100,
    teamEfficiency: completionRate(stats.completedOnTime, stats.tasksByStatus.completed),
  });
});
