// The wrapper every domain-event handler goes through (the counterpart of apiHandler): it checks
// the detail-type, validates the detail with the catalogue's schema, logs with the event's keys, and
// runs the handler once per event id and consumer (repositories/event-consumers.ts): the event id is
// the outbox's (`eventId` in the detail, fixed when the event was written with its write), else
// EventBridge's. A malformed event is logged and dropped (a retry could not fix it); any other error
// propagates, so EventBridge's asynchronous invocation retries it (and the local relay keeps the
// outbox entry for a retry).
import type { EventBridgeEvent } from 'aws-lambda';
import { DOMAIN_EVENTS, type DomainEventType, type EventDetail } from '../../events/catalogue';
import { eventIdOf } from '#functions/data/outbox';
import { claimEvent, completeEvent, releaseEvent } from '#functions/data/repositories/event-consumers';
import { logger } from '#functions/lib/logger';
import { flushMetrics } from '#functions/lib/metrics';
import { withCompanyOf } from '#functions/lib/tenant';

export interface EventContext {
  /** The event's id: the same on every delivery of one event. */
  eventId: string;
  time: string;
}

/**
 * The consumer's name, the scope of its idempotency: EVENT_CONSUMER (the manifest's handler name,
 * set by the CDK events construct), else the Lambda context's function name (the local relay passes
 * the handler name there), else the detail-type.
 */
function consumerName(type: string, context: { functionName?: string } | undefined): string {
  return process.env.EVENT_CONSUMER || context?.functionName || type;
}

export function eventHandler<T extends DomainEventType>(
  type: T,
  fn: (detail: EventDetail<T>, context: EventContext) => Promise<void>,
) {
  const schema = DOMAIN_EVENTS[type].schema;
  return async (event: EventBridgeEvent<string, unknown>, context?: { functionName?: string }): Promise<void> => {
    const eventId = eventIdOf(event.detail) ?? event.id;
    const keys = { eventType: event['detail-type'], eventId };
    if (event['detail-type'] !== type) {
      logger.error(`Event handler for ${type} received another event; dropped`, keys);
      return;
    }
    const parsed = schema.safeParse(event.detail);
    if (!parsed.success) {
      logger.error('Malformed event detail; dropped', { ...keys, issues: parsed.error.issues });
      return;
    }
    const detail = parsed.data as EventDetail<T>;
    const consumer = consumerName(type, context);
    if (!(await claimEvent(detail.companyId, eventId, consumer))) {
      logger.info('Event already handled (or being handled) by this consumer; skipped', { ...keys, consumer });
      return;
    }
    logger.debug('Handling event', { ...keys, companyId: detail.companyId, consumer });
    try {
      // Run for the company the event belongs to (functions/lib/tenant.ts).
      await withCompanyOf(detail.companyId, () => fn(detail, { eventId, time: event.time }));
    } catch (error) {
      await releaseEvent(detail.companyId, eventId, consumer).catch((release: Error) => logger.warn('Event claim not released', { ...keys, error: release }));
      throw error;
    } finally {
      await flushMetrics();
    }
    await completeEvent(detail.companyId, eventId, consumer);
  };
}
