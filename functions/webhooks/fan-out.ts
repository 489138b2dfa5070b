// The webhook fan-out (DESIGN decision 11): outbox -> stream -> bus -> here -> one queue message per
// (event, endpoint), on the endpoint's lane (./lanes.ts): an endpoint known to be slow has a queue of
// its own, so it never shares a worker invocation with the healthy ones.
import { toWebhookPayloads, type DomainEventType } from '../../events/catalogue';
import { sendJobs, type JobMessage } from '#functions/jobs/queue';
import type { WebhookJob, WebhookQueue } from './job';
import { queueForLane } from './lanes';
import { messageIdFor } from './signing';
import { webhookTargets } from './targets';

/**
 * The fan-out: the public payloads of one domain event, one queue message per (payload, enabled
 * endpoint subscribed to it), on the endpoint's lane as the endpoint list says (read anyway: no read
 * per delivery). The message id is derived from the event and endpoint, so a redelivered event makes
 * the same messages, which the worker recognises.
 */
export async function fanOutEvent(type: DomainEventType, detail: { companyId: string }, eventId: string): Promise<number> {
  const payloads = toWebhookPayloads({ type, detail });
  if (payloads.length === 0) return 0;
  const targets = (await webhookTargets(detail.companyId)).filter((target) => target.enabled);
  const lanes = new Map<WebhookQueue, JobMessage[]>();
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
      const queue = queueForLane(target.lane);
      const list = lanes.get(queue) ?? [];
      list.push({ body: job });
      lanes.set(queue, list);
    }
  }
  let sent = 0;
  for (const [queue, messages] of lanes) {
    await sendJobs(queue, messages);
    sent += messages.length;
  }
  return sent;
}
