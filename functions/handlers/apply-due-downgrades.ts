import { isCheckoutPlan } from '#shared/billing';
import { applyDueDowngrades } from '#functions/billing/plan-change';
import { logger } from '#functions/lib/logger';
import { paymentGateway } from '#functions/payments/gateway';

/**
 * The hourly job (functions/event-handlers.ts SCHEDULED_JOBS) that applies the downgrades due by now
 * that no renewal webhook applied (no provider subscription, a late or missed event); a provider
 * subscription then follows the smaller plan's price from its next period.
 */
export const handler = async (event: { time?: string } = {}): Promise<{ applied: number; refused: number; failed: number }> => {
  const time = event.time ? new Date(event.time) : new Date();
  const now = Number.isNaN(time.getTime()) ? new Date() : time;
  const run = await applyDueDowngrades(now);
  let failed = run.failed;
  for (const change of run.applied) {
    if (!change.subscriptionId || !isCheckoutPlan(change.plan)) continue;
    try {
      const gateway = await paymentGateway();
      const prices = await gateway.prices();
      await gateway.changeSubscriptionPrice({ subscriptionId: change.subscriptionId, priceId: prices[change.plan][change.cycle ?? 'monthly'], prorate: false });
    } catch (error) {
      failed += 1;
      logger.error('Downgrade applied, but the subscription price did not follow', { companyId: change.companyId, error: error as Error });
    }
  }
  const result = { applied: run.applied.length, refused: run.refused, failed };
  logger.info('Due downgrades', { ...result, time: now.toISOString() });
  return result;
};
