// The EventBridge adapter: PutEvents on the product's bus, 10 entries per call (the API's limit).
// Entries EventBridge reports as failed are handed back for a retry of only those.
import type { EventBridgeClient, PutEventsRequestEntry } from '@aws-sdk/client-eventbridge';
import { EVENT_SOURCE, type DomainEvent } from '../../events/catalogue';
import { PublishError, type EventPublisher } from './port';
import { onFirstUse } from '../lib/on-first-use';
import { traceClient } from '../lib/tracing';

const MAX_ENTRIES_PER_CALL = 10;

/** The client, made on the first publish (the SDK is imported then: see lib/on-first-use.ts). */
export const eventBridgeClient = onFirstUse(async () => {
  const { EventBridgeClient } = await import('@aws-sdk/client-eventbridge');
  return traceClient(new EventBridgeClient({ maxAttempts: 2, requestHandler: { connectionTimeout: 2_000, requestTimeout: 5_000 } }));
});

export function toEntry(event: DomainEvent, busName: string): PutEventsRequestEntry {
  return {
    EventBusName: busName,
    Source: EVENT_SOURCE,
    DetailType: event.type,
    Detail: JSON.stringify(event.detail),
    Time: new Date(event.detail.occurredAt),
  };
}

export class EventBridgePublisher implements EventPublisher {
  constructor(
    private readonly client: EventBridgeClient,
    private readonly busName: string,
  ) {}

  async publish(events: readonly DomainEvent[]): Promise<void> {
    const failed: DomainEvent[] = [];
    const errors: string[] = [];
    const { PutEventsCommand } = await import('@aws-sdk/client-eventbridge');
    for (let start = 0; start < events.length; start += MAX_ENTRIES_PER_CALL) {
      const chunk = events.slice(start, start + MAX_ENTRIES_PER_CALL);
      try {
        const result = await this.client.send(new PutEventsCommand({ Entries: chunk.map((event) => toEntry(event, this.busName)) }));
        if (result.FailedEntryCount) {
          (result.Entries ?? []).forEach((entry, i) => {
            if (entry.ErrorCode) {
              failed.push(chunk[i]);
              errors.push(`${chunk[i].type}: ${entry.ErrorCode} ${entry.ErrorMessage ?? ''}`.trim());
            }
          });
        }
      } catch (error) {
        failed.push(...chunk);
        errors.push((error as Error).message);
      }
    }
    if (failed.length) throw new PublishError(`PutEvents failed for ${failed.length} event(s): ${errors.join('; ')}`, failed);
  }
}
