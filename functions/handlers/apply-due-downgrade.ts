// The due-downgrades worker (functions/event-handlers.ts QUEUE_WORKERS): one company's scheduled
// downgrade per message, applied when the company fits the smaller plan (else refused with the
// counts), then a provider subscription's price follows the smaller plan from its next period. A
// redelivered message applies nothing twice (the schedule is gone once applied) but lets the price
// follow again; a record that fails is reported alone (partial batch response) and delivered again.
import { isCheckoutPlan } from '#shared/billing';
import { applyDueDowngradeJob, dueDowngradeJob } from '#functions/billing/plan-change';
import { queueWorker } from '#functions/jobs/worker';
import { logger } from '#functions/lib/logger';
import { paymentGateway } from '#functions/payments/gateway';

export const handler = queueWorker('due-downgrades', dueDowngradeJob, async (job, record) => {
  const redelivered = Number(record.attributes?.ApproximateReceiveCount ?? '1') > 1;
  const { outcome, followSubscription } = await applyDueDowngradeJob(job, redelivered);
  if (followSubscription && isCheckoutPlan(followSubscription.plan)) {
    const gateway = await paymentGateway();
    const prices = await gateway.prices();
    await gateway.changeSubscriptionPrice({ subscriptionId: followSubscription.subscriptionId, priceId: prices[followSubscription.plan][followSubscription.cycle], prorate: false });
  }
  logger.info('Due downgrade', { companyId: job.companyId, plan: job.plan, outcome, priceFollowed: Boolean(followSubscription) });
});
