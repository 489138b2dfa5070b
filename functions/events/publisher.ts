// Publishing domain events after a write succeeded. The adapter is chosen by configuration
// (EVENTS_MODE): `eventbridge` (default, AWS: PutEvents on EVENT_BUS_NAME) or `inline` (npm start
// and tests: an in-process bus calling the same handler modules). Publishing never breaks the
// caller's request: failures are retried with backoff, then logged and swallowed.
import type { DomainEvent } from '../../events/catalogue';
import { logger } from '#functions/lib/logger';

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

export type EventsMode = 'eventbridge' | 'inline';

function eventsMode(): EventsMode {
  const mode = process.env.EVENTS_MODE || 'eventbridge';
  if (mode !== 'eventbridge' && mode !== 'inline') {
    throw new PublishError(`EVENTS_MODE must be 'eventbridge' or 'inline', got '${mode}'`, [], false);
  }
  return mode;
}

async function createPublisher(mode: EventsMode): Promise<EventPublisher> {
  if (mode === 'inline') {
    const { InlineEventBus } = await import('./inline-bus');
    return new InlineEventBus();
  }
  const { EventBridgePublisher, eventBridgeClient } = await import('./eventbridge');
  const busName = process.env.EVENT_BUS_NAME;
  if (!busName) throw new PublishError('Missing environment variable EVENT_BUS_NAME (the EventBridge bus to publish on).', [], false);
  return new EventBridgePublisher(await eventBridgeClient(), busName);
}

// The adapter, like an SDK client, is created once per module load (no per-request state).
let configured: Promise<EventPublisher> | undefined;
function defaultPublisher(): Promise<EventPublisher> {
  configured ??= Promise.resolve()
    .then(() => createPublisher(eventsMode()))
    .catch((error: unknown) => {
      configured = undefined; // let a later call try again (e.g. after a transient import failure)
      throw error;
    });
  return configured;
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
      const publisher = options.publisher ?? (await defaultPublisher());
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
