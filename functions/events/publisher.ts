// Publishing domain events after a write succeeded, through the events port (./port.ts). The
// adapter is the composition root's choice: in AWS nothing is configured and the port makes the
// EventBridge adapter (PutEvents on EVENT_BUS_NAME) on first use; `npm start` and the tests
// configure the in-process bus (local/ports.ts -> configureEventPublisher). Publishing never breaks
// the caller's request: failures are retried with backoff, then logged and swallowed.
import type { DomainEvent } from '../../events/catalogue';
import { logger } from '#functions/lib/logger';
import { definePort } from '#functions/lib/ports';
import { PublishError, type EventPublisher } from './port';

export { PublishError, type EventPublisher } from './port';

/** The AWS adapter: EventBridge on EVENT_BUS_NAME (the SDK is imported on the first publish). */
async function eventBridgePublisher(): Promise<EventPublisher> {
  const busName = process.env.EVENT_BUS_NAME;
  if (!busName) throw new PublishError('Missing environment variable EVENT_BUS_NAME (the EventBridge bus to publish on).', [], false);
  const { EventBridgePublisher, eventBridgeClient } = await import('./eventbridge');
  return new EventBridgePublisher(await eventBridgeClient(), busName);
}

/** The adapter, like an SDK client, is created once per function instance (no per-request state). */
export const eventPublisherPort = definePort<EventPublisher>('events', eventBridgePublisher);

/** For composition roots (local/ports.ts) and tests: every later publish goes through `publisher`. */
export function configureEventPublisher(publisher: EventPublisher): void {
  eventPublisherPort.configure(publisher);
}

export interface PublishOptions {
  publisher?: EventPublisher;
  /** Attempts in all (first try included). */
  attempts?: number;
  /** Delay before the second attempt; doubles each time, with jitter. */
  baseDelayMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Publishes the events, retrying failed ones (3 attempts, 100 ms then 200 ms, with jitter).
 * Resolves true when everything went out, false when some events were given up on (logged with
 * their types and companies, so they can be replayed). Never throws.
 */
export async function publishEvents(events: readonly DomainEvent[], options: PublishOptions = {}): Promise<boolean> {
  if (events.length === 0) return true;
  const attempts = options.attempts ?? 3;
  const baseDelayMs = options.baseDelayMs ?? 100;
  const sleep = options.sleep ?? wait;
  let pending = events;
  let lastError: unknown;
  for (let attempt = 1; attempt <= attempts; attempt += 1) {
    try {
      const publisher = options.publisher ?? (await eventPublisherPort.use());
      await publisher.publish(pending);
      return true;
    } catch (error) {
      lastError = error;
      if (error instanceof PublishError) {
        if (error.failed.length) pending = error.failed;
        if (!error.retryable) break;
      }
      if (attempt < attempts) {
        const delay = baseDelayMs * 2 ** (attempt - 1);
        await sleep(delay / 2 + Math.random() * (delay / 2));
      }
    }
  }
  logger.error('Domain events not published; given up after retries', {
    error: lastError as Error,
    events: pending.map((event) => ({ type: event.type, companyId: event.detail.companyId, detail: event.detail })),
  });
  return false;
}
