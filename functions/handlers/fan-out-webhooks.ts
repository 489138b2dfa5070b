// The webhook fan-out (functions/event-handlers.ts: one rule per source event, all to this module):
// each domain event of public interest becomes one webhook-deliveries message per enabled endpoint of
// its company subscribed to it (functions/webhooks/delivery.ts). Each event is handled once
// (eventHandler's claim), and its messages' ids are derived from it, so a redelivery adds nothing.
import type { EventBridgeEvent } from 'aws-lambda';
import { WEBHOOK_SOURCE_EVENTS } from '../../events/catalogue';
import { eventHandler } from '#functions/events/event-handler';
import { logger } from '#functions/lib/logger';
import { fanOutEvent } from '#functions/webhooks/fan-out';

const byType = new Map(
  WEBHOOK_SOURCE_EVENTS.map((type) => [type, eventHandler(type, async (detail, { eventId }) => {
    const sent = await fanOutEvent(type, detail, eventId);
    if (sent) logger.info('Webhook deliveries queued', { eventType: type, eventId, companyId: detail.companyId, messages: sent });
  })] as const),
);

export const handler = async (event: EventBridgeEvent<string, unknown>, context?: { functionName?: string }): Promise<void> => {
  const forType = byType.get(event['detail-type'] as never);
  if (!forType) {
    logger.error('Webhook fan-out received an event with no public webhook; dropped', { eventType: event['detail-type'] });
    return;
  }
  await forType(event, context);
};
