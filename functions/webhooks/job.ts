// A message of the webhook-deliveries queues (the fast lane and the slow one: one attempt of one
// event to one endpoint) and the retry schedule: the first retry within a minute, then growing, for
// about three days.
import * as z from 'zod/mini';

export const WEBHOOK_QUEUE = 'webhook-deliveries' as const;
/** The slow endpoints' lane: the same messages and worker, a queue of its own (./lanes.ts). */
export const WEBHOOK_SLOW_QUEUE = 'webhook-deliveries-slow' as const;
export type WebhookQueue = typeof WEBHOOK_QUEUE | typeof WEBHOOK_SLOW_QUEUE;

/**
 * Waits before each retry, in seconds (after attempt 1, 2, …): the first within a minute, then
 * 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, 14 h, 14 h, 16 h: 11 attempts over about 71.6 hours.
 */
export const RETRY_SCHEDULE_SECONDS: readonly number[] = [30, 300, 1_800, 7_200, 18_000, 36_000, 36_000, 50_400, 50_400, 57_600];
/** The longest delay SQS holds a message for. */
export const MAX_QUEUE_DELAY_SECONDS = 900;

/** One message of the webhook-deliveries queue: an attempt of one event to one endpoint. */
export const webhookJob = z.object({
  companyId: z.string().check(z.minLength(1), z.maxLength(64)),
  webhookId: z.string().check(z.minLength(1), z.maxLength(64)),
  messageId: z.string().check(z.minLength(1), z.maxLength(64)),
  attempt: z.int().check(z.minimum(1), z.maximum(RETRY_SCHEDULE_SECONDS.length + 1)),
  /** Attempt 1 only: the event's type, time and body (later attempts read them from the message). */
  eventType: z.optional(z.string()),
  createdAt: z.optional(z.string()),
  body: z.optional(z.string()),
});
export type WebhookJob = z.infer<typeof webhookJob>;

/** The wait before the retry after attempt `attempt` failed (undefined: no retry left). */
export function retryDelaySeconds(attempt: number): number | undefined {
  return RETRY_SCHEDULE_SECONDS[attempt - 1];
}
