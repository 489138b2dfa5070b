// The two deliveries lanes (issue 39 point 4: a slow or dead endpoint never delays the others). An
// invocation of the deliveries worker lasts as long as the slowest record of its batch, so an
// endpoint that answers slowly or not at all would hold the healthy endpoints' deliveries that share
// its batches. Its messages go to a queue of their own instead ('webhook-deliveries-slow', a modest
// concurrency of its own, the same worker code): the endpoint item carries its lane, which the
// worker sets when an attempt crosses the line (one write, only on a change) and the fan-out reads
// with the endpoints it reads anyway (no read per delivery).
import type { WebhookLane } from '#functions/data/repositories/webhooks';
import { WEBHOOK_QUEUE, WEBHOOK_SLOW_QUEUE, type WebhookQueue } from './job';
import type { DeliveryOutcome } from './send';

/** An attempt that took longer than this (answered or not) moves its endpoint to the slow lane. */
export const SLOW_ATTEMPT_MS = 2_000;

/** The queue an endpoint's messages (first attempts and retries) go to. */
export function queueForLane(lane: WebhookLane | undefined): WebhookQueue {
  return lane === 'slow' ? WEBHOOK_SLOW_QUEUE : WEBHOOK_QUEUE;
}

/**
 * The endpoint's lane after an attempt: slow when it took over SLOW_ATTEMPT_MS or got no answer
 * (a timeout, a network error: the worker waited, or may wait next time, up to the deadline); back
 * to fast after a 2xx within SLOW_ATTEMPT_MS. A fast non-2xx answer leaves the lane as it was.
 */
export function laneAfter(current: WebhookLane | undefined, outcome: Pick<DeliveryOutcome, 'ok' | 'statusCode' | 'durationMs'>): WebhookLane {
  if (outcome.durationMs > SLOW_ATTEMPT_MS || outcome.statusCode === null) return 'slow';
  if (outcome.ok) return 'fast';
  return current ?? 'fast';
}
