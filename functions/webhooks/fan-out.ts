// The webhook fan-out (DESIGN decision 11): outbox -> stream -> bus -> here -> one queue message per
// (event, endpoint), so a slow endpoint holds only its own deliveries.
import { toWebhookPayloads, type DomainEventType } from '../../events/catalogue';
import { sendJobs, type JobMessage } from '#functions/jobs/queue';
import { WEBHOOK_QUEUE, type WebhookJob } from './job';
import { messageIdFor } from './signing';
import { webhookTargets } from './targets';

/**
 * The fan-out: the public payloads of one domain event, one queue message per (payload, enabled
 * endpoint subscribed to it). The message id is derived from the event and endpoint, so a
 * redelivered event makes the same messages, which the worker recognises.
 */
export async function fanOutEvent(type: DomainEventType, detail: { companyId: string }, eventId: string): Promise<number> {
  const payloads = toWebhookPayloads({ type, detail });
  if (payloads.length === 0) return 0;
  const targets = (await webhookTargets(detail.companyId)).filter((target) => target.enabled);
  const messages: JobMessage[] = [];
  for (const payload of payloads) {
    const body = JSON.stringify(payload);
    for (const target of targets) {
      if (!target.events.includes(payload.type as never)) continue;
      const job: WebhookJob = {
        companyId: detail.companyId,
        webhookId: target.id,
        messageId: messageIdFor(eventId, target.id, payload.type),
        attempt: 1,
        eventType: payload.type,
        createdAt: payload.timestamp,
        body,
      };
      messages.push({ body: job });
    }
  }
  await sendJobs(WEBHOOK_QUEUE, messages);
  return messages.length;
}
