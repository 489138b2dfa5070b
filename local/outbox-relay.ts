// The local outbox relay: the stand-in of the table stream + relay function of AWS (configured by
// local/ports.ts through functions/data/outbox.ts). When a transaction holding an outbox entry
// commits, db.ts hands the entry here and it is published at once through publishEvents() to the
// in-process bus (so a test sees a write's notifications right after its request, as before).
// - Every handler succeeded: the entry is deleted.
// - A handler failed (or the bus did): the entry stays in the outbox with its attempts counted;
//   `retryPending()` (a timer under `npm start`, by hand in tests) delivers it again. Handlers are
//   idempotent by event id (functions/events/event-handler.ts), so those that had succeeded skip it.
// - After `maxAttempts` the entry is left in the outbox as a dead letter (logged), like the DLQ.
import { PublishError, type EventPublisher } from '../functions/events/port';
import { countDelivered, withEventIds, type OutboxEntry, type OutboxRelay } from '../functions/data/outbox';
import { deleteOutboxEntry, pendingOutboxEntries, recordOutboxFailure } from '../functions/data/repositories/outbox';
import { logger } from '../functions/lib/logger';
import { InlineEventBus, type HandlerFailure } from './event-bus';
import { runUnguarded } from './permission-guard';

export interface LocalOutboxRelayOptions {
  /** Deliveries of one entry before it is left as a dead letter. */
  maxAttempts?: number;
  /** The bus to deliver to (tests); default: the events port's publisher (local/ports.ts: the in-process bus). */
  bus?: InlineEventBus;
}

export class LocalOutboxRelay implements OutboxRelay {
  readonly deadLetters: OutboxEntry[] = [];
  private readonly maxAttempts: number;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly options: LocalOutboxRelayOptions = {}) {
    this.maxAttempts = options.maxAttempts ?? 5;
  }

  async committed(entries: readonly OutboxEntry[]): Promise<void> {
    // The relay is a function of its own in AWS (the table's stream): it runs outside the route whose
    // write committed the entry and outside its company, so neither's permissions apply to it (local/permission-guard.ts).
    await runUnguarded(async () => {
      for (const entry of entries) await this.deliver(entry);
    });
  }

  /** Publishes one entry's events; true when every handler succeeded (the entry is then deleted). */
  async deliver(entry: OutboxEntry): Promise<boolean> {
    // Loaded on use: tests that record publishEvents (jest.mock) see the relay's calls.
    const { publishEvents, eventPublisherPort } = await import('../functions/events/publisher');
    let failures: HandlerFailure[] = [];
    const target = this.options.bus ?? (await eventPublisherPort.use());
    // The in-process bus reports its handlers' failures (the entry then stays); another publisher
    // (bench/sync.ts: a PutEvents stand-in) is used as it is, as the relay function uses EventBridge.
    const publisher: EventPublisher =
      target instanceof InlineEventBus
        ? {
            async publish(events) {
              failures = await target.deliver(events);
              if (failures.length) {
                const failed = [...new Set(failures.map((failure) => failure.event))];
                throw new PublishError(failures.map((failure) => `${failure.handler}: ${failure.error.message}`).join('; '), failed);
              }
            },
          }
        : target;
    const published = await publishEvents(withEventIds(entry), { attempts: 1, publisher });
    if (published) {
      countDelivered(entry.events);
      await deleteOutboxEntry(entry);
      return true;
    }
    const reason = failures.map((failure) => `${failure.handler}: ${failure.error.message}`).join('; ') || 'publish failed';
    const attempts = await recordOutboxFailure(entry, reason).catch(() => (entry.attempts ?? 0) + 1);
    if (attempts >= this.maxAttempts) {
      this.deadLetters.push({ ...entry, attempts, lastError: reason });
      logger.error('Outbox entry left as a dead letter after its last delivery', { entry: entry.sk, attempts, reason });
    } else {
      logger.warn('Outbox entry kept for a retry', { entry: entry.sk, attempts, reason });
    }
    return false;
  }

  /** Delivers every entry still in the outbox (but the dead letters) again. */
  async retryPending(): Promise<{ delivered: number; failed: number }> {
    const run = { delivered: 0, failed: 0 };
    for (const entry of await pendingOutboxEntries()) {
      if ((entry.attempts ?? 0) >= this.maxAttempts) continue;
      if (await this.deliver(entry)) run.delivered += 1;
      else run.failed += 1;
    }
    return run;
  }

  /** `npm start`: retries what is left in the outbox every `everyMs`. */
  start(everyMs = 30_000): void {
    this.stop();
    let running = false;
    this.timer = setInterval(() => {
      if (running) return;
      running = true;
      this.retryPending()
        .catch((error: Error) => logger.error('Outbox retry failed', { error }))
        .finally(() => {
          running = false;
        });
    }, everyMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }
}
