// The in-process event bus: the events port's stand-in under `npm start` and in tests (configured
// by local/ports.ts). It wraps each event in the EventBridge envelope and calls the handler modules
// the manifest (functions/event-handlers.ts) lists for its detail-type: the same modules EventBridge
// rules invoke in AWS. publish() resolves once every handler has finished, so tests can assert on
// what they did right after a request. A failing handler is logged, as an asynchronous Lambda
// invocation's failure would be; it never fails the publisher (the user's request).
import path from 'node:path';
import type { DomainEvent } from '../events/catalogue';
import { eventHandlersFor } from '../functions/event-handlers';
import { logger } from '../functions/lib/logger';
import { toEnvelope, type DomainEventEnvelope } from '../functions/events/envelope';
import type { EventPublisher } from '../functions/events/port';
import { eventIdOf } from '../functions/data/outbox';
import { apiRuntime, bundleRuntime } from './bundles/runtime';

export type EventHandlerFunction = (event: DomainEventEnvelope, context?: { functionName: string }) => Promise<unknown>;
export type HandlerLoader = (name: string) => Promise<EventHandlerFunction>;

/** Loads functions/handlers/<name>.ts (paths from the repository root, as the local API does), or its bundle under API_RUNTIME=bundles. */
export const loadEventHandler: HandlerLoader = async (name) => {
  if (apiRuntime() === 'bundles') return bundleRuntime().handler(name);
  const file = path.resolve(process.cwd(), 'functions', 'handlers', `${name}.ts`);
  const module = (await import(file)) as { handler?: EventHandlerFunction };
  if (typeof module.handler !== 'function') throw new Error(`${file} does not export a handler`);
  return module.handler;
};

/** A handler that failed on an event (the local relay keeps the event's outbox entry for a retry). */
export interface HandlerFailure {
  event: DomainEvent;
  handler: string;
  error: Error;
}

export class InlineEventBus implements EventPublisher {
  constructor(private readonly load: HandlerLoader = loadEventHandler) {}

  /** EventPublisher: every handler runs; failures are logged, never thrown (an async invocation's failure). */
  async publish(events: readonly DomainEvent[]): Promise<void> {
    await this.deliver(events);
  }

  /**
   * Calls every handler of every event and names those that failed. The envelope's id is the
   * outbox's event id when the event carries one (the same on every redelivery), and each handler
   * gets its manifest name as the Lambda context's function name (its idempotency scope).
   */
  async deliver(events: readonly DomainEvent[]): Promise<HandlerFailure[]> {
    const failures: HandlerFailure[] = [];
    for (const event of events) {
      const envelope = toEnvelope(event, eventIdOf(event.detail));
      for (const target of eventHandlersFor(event.type)) {
        try {
          const handler = await this.load(target.handler);
          await handler(envelope, { functionName: target.handler });
        } catch (error) {
          failures.push({ event, handler: target.handler, error: error as Error });
          logger.error('Event handler failed', { error: error as Error, handler: target.handler, eventType: event.type, eventId: envelope.id });
        }
      }
    }
    return failures;
  }
}
