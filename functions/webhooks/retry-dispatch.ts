// The scheduled retry dispatcher (functions/event-handlers.ts SCHEDULED_JOBS): retries waiting longer
// than a queue delay (15 min) wait on the retry index; each run sends the ones falling due before
// the next run to the deliveries queue of its endpoint's lane (./lanes.ts: the company's endpoint
// list the fan-out keeps, one Query per company) with the delay left.
import { WEBHOOK_RETRY_SHARDS } from '#functions/data/keys';
import { dueRetries, takeOffRetryIndex } from '#functions/data/repositories/webhooks';
import { sendJobs } from '#functions/jobs/queue';
import { MAX_QUEUE_DELAY_SECONDS, type WebhookJob } from './job';
import { queueForLane } from './lanes';
import { webhookTargets } from './targets';

export interface RetryDispatchRun {
  dispatched: number;
}

/** How far ahead the dispatcher looks: its own period (a due retry is sent with the delay left). */
export const DISPATCH_LOOKAHEAD_MS = 5 * 60_000;

/**
 * The scheduled dispatcher: each message whose retry falls due before the next run goes to the queue
 * with the delay left, then leaves the index (a second copy, from an overlapping run or a message
 * sent twice, is refused at the claim).
 */
export async function dispatchDueRetries(now = new Date()): Promise<RetryDispatchRun> {
  const until = new Date(now.getTime() + DISPATCH_LOOKAHEAD_MS);
  let dispatched = 0;
  for (let shard = 0; shard < WEBHOOK_RETRY_SHARDS; shard += 1) {
    const due = await dueRetries(shard, until);
    for (const entry of due) {
      const wait = entry.nextAttemptAt ? Math.ceil((new Date(entry.nextAttemptAt).getTime() - now.getTime()) / 1000) : 0;
      const job: WebhookJob = { companyId: entry.companyId, webhookId: entry.webhookId, messageId: entry.id, attempt: entry.nextAttempt };
      const lane = (await webhookTargets(entry.companyId)).find((target) => target.id === entry.webhookId)?.lane;
      await sendJobs(queueForLane(lane), [{ body: job, delaySeconds: Math.max(0, Math.min(MAX_QUEUE_DELAY_SECONDS, wait)) }]);
      dispatched += 1;
      // Off the index, unless the attempt was claimed meanwhile (its claim put its own entry there).
      await takeOffRetryIndex(entry.companyId, entry.id, entry.nextAttempt);
    }
  }
  return { dispatched };
}
