// The wrapper every domain-event handler goes through (the counterpart of apiHandler): it checks
// the detail-type, validates the detail with the catalogue's schema and logs with the event's keys.
// A malformed event is logged and dropped (a retry could not fix it); any other error propagates, so
// EventBridge's asynchronous invocation retries it (and the in-process bus logs it).
import type { EventBridgeEvent } from 'aws-lambda';
import { DOMAIN_EVENTS, type DomainEventType, type EventDetail } from '../../events/catalogue';
import { logger } from '#functions/lib/logger';

export interface EventContext {
  /** The EventBridge event id: the same on every redelivery of one event. */
  eventId: string;
  time: string;
}

export function eventHandler<T extends DomainEventType>(
  type: T,
  fn: (detail: EventDetail<T>, context: EventContext) => Promise<void>,
) {
  const schema = DOMAIN_EVENTS[type].schema;
  return async (event: EventBridgeEvent<string, unknown>): Promise<void> => {
    const keys = { eventType: event['detail-type'], eventId: event.id };
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
    logger.debug('Handling event', { ...keys, companyId: detail.companyId });
    await fn(detail, { eventId: event.id, time: event.time });
  };
}
