// The EventBridge envelope of a domain event, as rules deliver it to a Lambda function. The
// in-process bus wraps events in the same envelope, so handlers cannot tell the two apart.
import { randomUUID } from 'node:crypto';
import type { EventBridgeEvent } from 'aws-lambda';
import { EVENT_SOURCE, type DomainEvent, type DomainEventType, type EventDetail } from '../../events/catalogue';

export type DomainEventEnvelope<T extends DomainEventType = DomainEventType> = EventBridgeEvent<T, EventDetail<T>>;

export function toEnvelope(event: DomainEvent, id?: string): DomainEventEnvelope {
  return {
    version: '0',
    id: id ?? randomUUID(),
    'detail-type': event.type,
    source: EVENT_SOURCE,
    account: process.env.AWS_ACCOUNT_ID ?? '000000000000',
    time: new Date(event.detail.occurredAt).toISOString().replace(/\.\d{3}Z$/, 'Z'),
    region: process.env.AWS_REGION ?? 'us-east-1',
    resources: [],
    detail: event.detail,
  } as DomainEventEnvelope;
}
