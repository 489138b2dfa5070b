// The webhook-deliveries worker's part (issue 39 point 4; DESIGN decision 11): one attempt of one
// message: claimed (a duplicate or overtaken attempt is skipped), signed and sent (10 s deadline),
// recorded, and on failure its retry scheduled: waits a queue can hold (up to 15 min) ride on the
// message's delay, longer ones wait on the retry index for the scheduled dispatcher
// (retry-dispatch.ts). An endpoint failing for about three days is disabled and its CEOs told. The
// same code works both deliveries lanes (./worker.ts); after each attempt the endpoint's lane is
// kept (./lanes.ts: slow after an attempt over 2 s or with no answer, fast after a fast success),
// and its retry goes to the lane it is on now.
import {
  claimScheduledAttempt,
  getWebhook,
  putFirstMessage,
  recordAttempt,
  updateWebhookHealth,
  type StoredWebhook,
  type StoredWebhookMessage,
  type WebhookLane,
} from '#functions/data/repositories/webhooks';
import { sendJobs } from '#functions/jobs/queue';
import { logger } from '#functions/lib/logger';
import { attemptRecord } from './attempts';
import { disableFailingEndpoint } from './disable';
import { MAX_QUEUE_DELAY_SECONDS, retryDelaySeconds, type WebhookJob } from './job';
import { laneAfter, queueForLane } from './lanes';
import { signingSecrets } from './secrets';
import { sendDelivery } from './send';
import { noteWebhookLane } from './targets';

/** An endpoint failing every attempt for this long is disabled (and a message's retries running out with no success since its first attempt). */
export const DISABLE_AFTER_FAILING_MS = 3 * 24 * 3_600_000;
/**
 * While an attempt is under way its message waits on the retry index this long: a worker that died
 * mid-attempt leaves the next attempt to the dispatcher instead of losing the message.
 */
export const CLAIM_SAFETY_MS = 15 * 60_000;

/** What the worker did with one message. */
export type AttemptResult = 'delivered' | 'retrying' | 'failed' | 'skipped';

/** Claims the job's attempt: the message as it is now, or undefined when this attempt is not to be made. */
async function claim(job: WebhookJob, now: Date): Promise<StoredWebhookMessage | undefined> {
  const safety = new Date(now.getTime() + CLAIM_SAFETY_MS).toISOString();
  if (job.attempt === 1) {
    if (job.body === undefined || !job.eventType) return undefined;
    const message: StoredWebhookMessage = {
      id: job.messageId,
      companyId: job.companyId,
      webhookId: job.webhookId,
      eventType: job.eventType,
      body: job.body,
      createdAt: job.createdAt ?? now.toISOString(),
      status: 'pending',
      nextAttempt: 2,
      attemptCount: 1,
      nextAttemptAt: safety,
      firstAttemptAt: now.toISOString(),
    };
    return (await putFirstMessage(message, now)) ? message : undefined;
  }
  return claimScheduledAttempt(job.companyId, job.messageId, job.attempt, safety);
}

/**
 * The worker's part: one attempt of one message. Duplicate and overtaken attempts are skipped; an
 * endpoint deleted or disabled meanwhile receives nothing more. A failure is recorded and its retry
 * scheduled (or the message failed for good); the endpoint's health is kept, and an endpoint that
 * has failed for days is disabled.
 */
export async function deliverJob(job: WebhookJob, now = new Date()): Promise<AttemptResult> {
  const webhook = await getWebhook(job.companyId, job.webhookId);
  if (!webhook || !webhook.enabled) {
    logger.info('Webhook endpoint gone or disabled; delivery dropped', { companyId: job.companyId, webhookId: job.webhookId, messageId: job.messageId });
    return 'skipped';
  }
  const message = await claim(job, now);
  if (!message) {
    logger.info('Webhook attempt already made (or overtaken); skipped', { companyId: job.companyId, messageId: job.messageId, attempt: job.attempt });
    return 'skipped';
  }
  const outcome = await sendDelivery({ url: webhook.url, messageId: message.id, body: message.body, secrets: signingSecrets(webhook, now), lane: webhook.lane ?? 'fast' });
  const attempt = attemptRecord(webhook, message, outcome, job.attempt === 1 ? 'event' : 'retry', now);
  // The lane this endpoint's next messages (and this one's retry) go to; written only when it moves.
  const lane = laneAfter(webhook.lane, outcome);
  const laneMove = lane !== (webhook.lane ?? 'fast') ? lane : undefined;
  if (outcome.ok) {
    await recordAttempt({ ...attempt, attempt: message.attemptCount }, { status: 'delivered', nextAttemptAt: null }, now);
    await keepHealth(webhook, { failingSince: webhook.failingSince ? null : undefined, lane: laneMove }, outcome.durationMs);
    return 'delivered';
  }
  const delay = retryDelaySeconds(job.attempt);
  let result: AttemptResult;
  if (delay === undefined) {
    await recordAttempt({ ...attempt, attempt: message.attemptCount, nextRetryAt: null }, { status: 'failed', nextAttemptAt: null }, now);
    result = 'failed';
  } else {
    const nextAt = new Date(now.getTime() + delay * 1000).toISOString();
    const queued = delay <= MAX_QUEUE_DELAY_SECONDS;
    if (queued) {
      const next: WebhookJob = { companyId: job.companyId, webhookId: job.webhookId, messageId: job.messageId, attempt: job.attempt + 1 };
      await sendJobs(queueForLane(lane), [{ body: next, delaySeconds: delay }]);
    }
    await recordAttempt({ ...attempt, attempt: message.attemptCount, nextRetryAt: nextAt }, { status: 'pending', nextAttemptAt: nextAt, onDueIndex: !queued }, now);
    result = 'retrying';
  }
  await keepFailingHealth(webhook, message, result === 'failed', laneMove, outcome.durationMs, now);
  return result;
}

/** One write of the endpoint's health when something changed: its failing streak, its lane. */
async function keepHealth(webhook: StoredWebhook, changes: { failingSince?: string | null; lane?: WebhookLane }, durationMs: number): Promise<void> {
  if (changes.failingSince === undefined && changes.lane === undefined) return;
  await updateWebhookHealth(webhook.companyId, webhook.id, changes);
  if (changes.lane) {
    // The fan-out in this process sends to the new lane at once (elsewhere within its cache's 15 s).
    noteWebhookLane(webhook.companyId, webhook.id, changes.lane);
    logger.info('Webhook endpoint moved lane', { companyId: webhook.companyId, webhookId: webhook.id, lane: changes.lane, durationMs });
  }
}

async function keepFailingHealth(webhook: StoredWebhook, message: StoredWebhookMessage, exhausted: boolean, laneMove: WebhookLane | undefined, durationMs: number, now: Date): Promise<void> {
  if (!webhook.failingSince) {
    await keepHealth(webhook, { failingSince: now.toISOString(), lane: laneMove }, durationMs);
    return;
  }
  await keepHealth(webhook, { lane: laneMove }, durationMs);
  const failingFor = now.getTime() - new Date(webhook.failingSince).getTime();
  const noSuccessSinceFirst = message.firstAttemptAt !== null && webhook.failingSince <= message.firstAttemptAt;
  if (failingFor >= DISABLE_AFTER_FAILING_MS || (exhausted && noSuccessSinceFirst)) await disableFailingEndpoint(webhook, now);
}

