// One delivery attempt as the log keeps it (functions/data/repositories/webhooks.ts), from what the
// endpoint answered. Shared by the worker and the API's test and replay deliveries.
import { monotonicFactory } from 'ulid';
import type { StoredWebhook, StoredWebhookAttempt, StoredWebhookMessage } from '#functions/data/repositories/webhooks';
import type { DeliveryOutcome } from './send';

/** Attempt ids: ULIDs that keep their order within one millisecond (the log is sorted by them). */
const ulid = monotonicFactory();

export function attemptRecord(
  webhook: Pick<StoredWebhook, 'companyId' | 'id'>,
  message: Pick<StoredWebhookMessage, 'id' | 'eventType' | 'attemptCount'>,
  outcome: DeliveryOutcome,
  trigger: StoredWebhookAttempt['trigger'],
  now: Date,
): StoredWebhookAttempt {
  return {
    id: ulid(now.getTime()),
    companyId: webhook.companyId,
    webhookId: webhook.id,
    messageId: message.id,
    eventType: message.eventType,
    attempt: message.attemptCount,
    trigger,
    statusCode: outcome.statusCode,
    ok: outcome.ok,
    durationMs: outcome.durationMs,
    at: now.toISOString(),
    nextRetryAt: null,
    error: outcome.error,
  };
}
