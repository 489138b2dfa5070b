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

/** An attempt that took longer than this (answered or not) may move its endpoint to the slow lane. */
export const SLOW_ATTEMPT_MS = 2_000;
/** ... when it also took this many times as long as this worker's typical attempt. */
export const SLOW_FACTOR = 3;
const RECENT_ATTEMPTS = 200;
const recent: number[] = [];
let oldest = 0;

/**
 * The median of this worker's last attempts (0 until it has 20): the yardstick of "slow". An
 * absolute line alone misfires when the worker itself is starved (a busy process reads every answer
 * late: measured locally, most healthy endpoints then crossed 2 s and filled the slow lane's few
 * workers); an endpoint is slow when it is slow against the others.
 */
function typicalAttemptMs(): number {
  if (recent.length < 20) return 0;
  const sorted = [...recent].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function noteAttempt(durationMs: number): void {
  if (recent.length < RECENT_ATTEMPTS) recent.push(durationMs);
  else {
    recent[oldest] = durationMs;
    oldest = (oldest + 1) % RECENT_ATTEMPTS;
  }
}

/** The queue an endpoint's messages (first attempts and retries) go to. */
export function queueForLane(lane: WebhookLane | undefined): WebhookQueue {
  return lane === 'slow' ? WEBHOOK_SLOW_QUEUE : WEBHOOK_QUEUE;
}

/** A slow endpoint comes back when an answer took no longer than this many times the typical attempt (or SLOW_ATTEMPT_MS). */
export const RETURN_FACTOR = 1.5;

/**
 * The endpoint's lane after an attempt, with a gap between the way out and the way back so one
 * burst's noisy yardstick cannot bounce an endpoint between the lanes:
 * - no answer (a timeout, a network error: the worker waited, or may wait next time, up to the
 *   deadline): slow;
 * - on the fast lane: slow when the attempt took over SLOW_ATTEMPT_MS and over SLOW_FACTOR times this
 *   worker's typical fast-lane attempt; otherwise fast, whatever the status;
 * - on the slow lane: back to fast after a 2xx within SLOW_ATTEMPT_MS or RETURN_FACTOR times the
 *   typical attempt, whichever is longer; otherwise it stays.
 * Only fast-lane attempts make the yardstick: the slow lane's worker (in AWS a function of its own)
 * sees only slow endpoints, against which a slow endpoint would look typical. Measured locally
 * without the gap: in a burst the typical attempt grew past a third of the slow endpoint's 5 s, which
 * then came back to the fast lane for 64 of its 100 messages (docs/webhooks.md, "Measured").
 */
export function laneAfter(current: WebhookLane | undefined, outcome: Pick<DeliveryOutcome, 'ok' | 'statusCode' | 'durationMs'>): WebhookLane {
  const typical = typicalAttemptMs();
  if (current !== 'slow') noteAttempt(outcome.durationMs);
  if (outcome.statusCode === null) return 'slow';
  if (current === 'slow') {
    return outcome.ok && outcome.durationMs <= Math.max(SLOW_ATTEMPT_MS, RETURN_FACTOR * typical) ? 'fast' : 'slow';
  }
  return outcome.durationMs > SLOW_ATTEMPT_MS && outcome.durationMs > SLOW_FACTOR * typical ? 'slow' : 'fast';
}
