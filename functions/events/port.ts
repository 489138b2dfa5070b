// The port domain events leave through. functions/events/publisher.ts publishes through it (with
// retries); the adapters implement it: EventBridge in AWS (./eventbridge.ts, the default) and the
// in-process bus of `npm start` and the tests (local/event-bus.ts, configured by local/ports.ts).
import type { DomainEvent } from '../../events/catalogue';

export interface EventPublisher {
  /** Publishes every event or throws; a PublishError names the events that did not go out. */
  publish(events: readonly DomainEvent[]): Promise<void>;
}

export class PublishError extends Error {
  constructor(
    message: string,
    /** The events still to publish (a retry sends only these). */
    readonly failed: readonly DomainEvent[],
    /** False for errors a retry cannot fix (configuration). */
    readonly retryable = true,
  ) {
    super(message);
    this.name = 'PublishError';
  }
}
