// The in-process job queue: the job-queue port's stand-in under `npm start` and in tests
// (configured by local/ports.ts), playing SQS with a Lambda worker: each queue's messages go to its
// worker module (functions/event-handlers.ts QUEUE_WORKERS) in batches of the worker's batch size,
// as an SQS event; the records the worker reports as failed (partial batch response), or every
// record when it throws, are delivered again after a backoff, and after `maxReceiveCount`
// deliveries they go to the dead-letter list (logged). Delayed messages wait their delay.
// - 'inline' (tests): send() resolves once its undelayed messages are done, so a test can look at
//   the outcome right after a request, as with the in-process event bus.
// - 'background' (npm start): send() resolves at once; `concurrency` workers take the messages,
//   at most the queue's own maxConcurrency (its event source's limit in AWS), so two queues of
//   different limits (the webhook deliveries' lanes) run as they would there.
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { DEFAULT_WORKER_CONCURRENCY, queueWorkerFor, type QueueWorkerDefinition } from '../functions/event-handlers';
import type { JobMessage, JobQueue, QueueBatchResult, QueueEvent, QueueName } from '../functions/jobs/port';
import { logger } from '../functions/lib/logger';
import { apiRuntime, bundleRuntime } from './bundles/runtime';
import { runUnguarded } from './permission-guard';

export type QueueWorkerFunction = (event: QueueEvent) => Promise<QueueBatchResult | void>;
export type WorkerLoader = (name: string) => Promise<QueueWorkerFunction>;

/** Loads functions/handlers/<name>.ts (paths from the repository root, as the local API does), or its bundle under API_RUNTIME=bundles. */
export const loadQueueWorker: WorkerLoader = async (name) => {
  if (apiRuntime() === 'bundles') return bundleRuntime().handler(name);
  const file = path.resolve(process.cwd(), 'functions', 'handlers', `${name}.ts`);
  const module = (await import(file)) as { handler?: QueueWorkerFunction };
  if (typeof module.handler !== 'function') throw new Error(`${file} does not export a handler`);
  return module.handler;
};

interface Envelope {
  queue: QueueName;
  messageId: string;
  body: string;
  receiveCount: number;
}

export interface DeadLetter {
  queue: QueueName;
  body: string;
  receiveCount: number;
  at: string;
}

export interface LocalJobQueueOptions {
  mode: 'inline' | 'background';
  /** Workers taking messages at once per queue ('background'), at most the queue's maxConcurrency. */
  concurrency?: number;
  load?: WorkerLoader;
  /** Wait before a failed message is delivered again, by its receive count (ms). */
  retryDelayMs?: (receiveCount: number) => number;
}

export class LocalJobQueue implements JobQueue {
  readonly deadLetters: DeadLetter[] = [];
  private readonly pending = new Map<QueueName, Envelope[]>();
  private readonly active = new Map<QueueName, number>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private idleWaiters: Array<() => void> = [];
  private readonly options: Required<LocalJobQueueOptions>;

  constructor(options: LocalJobQueueOptions) {
    this.options = {
      concurrency: 4,
      load: loadQueueWorker,
      retryDelayMs: (count) => Math.min(30_000, 500 * 2 ** (count - 1)),
      ...options,
    };
  }

  async send(queue: QueueName, messages: readonly JobMessage[]): Promise<void> {
    queueWorkerFor(queue); // an unknown queue fails the sender, as SQS would
    const now: Envelope[] = [];
    for (const message of messages) {
      const envelope: Envelope = { queue, messageId: randomUUID(), body: JSON.stringify(message.body), receiveCount: 0 };
      if (message.delaySeconds && message.delaySeconds > 0) this.later(envelope, message.delaySeconds * 1000);
      else now.push(envelope);
    }
    if (this.options.mode === 'inline') {
      await this.deliver(queue, now);
      return;
    }
    this.enqueue(queue, now);
  }

  /** Resolves when no message is waiting or being worked on (delayed ones excepted). */
  async idle(): Promise<void> {
    if (this.isIdle()) return;
    await new Promise<void>((resolve) => this.idleWaiters.push(resolve));
  }

  /** Drops delayed deliveries (tests, shutdown). */
  stop(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  private isIdle(): boolean {
    return [...this.pending.values()].every((list) => list.length === 0) && [...this.active.values()].every((count) => count === 0);
  }

  private later(envelope: Envelope, ms: number): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      if (this.options.mode === 'inline') void this.deliver(envelope.queue, [envelope]);
      else this.enqueue(envelope.queue, [envelope]);
    }, ms);
    timer.unref();
    this.timers.add(timer);
  }

  private enqueue(queue: QueueName, envelopes: Envelope[]): void {
    if (!this.pending.has(queue)) this.pending.set(queue, []);
    this.pending.get(queue)!.push(...envelopes);
    const worker = queueWorkerFor(queue);
    const limit = Math.min(this.options.concurrency, worker.maxConcurrency ?? DEFAULT_WORKER_CONCURRENCY);
    while ((this.active.get(queue) ?? 0) < limit && this.pending.get(queue)!.length) {
      this.active.set(queue, (this.active.get(queue) ?? 0) + 1);
      void this.workLoop(worker).finally(() => {
        this.active.set(queue, (this.active.get(queue) ?? 1) - 1);
        if (this.isIdle()) for (const resolve of this.idleWaiters.splice(0)) resolve();
      });
    }
  }

  private async workLoop(worker: QueueWorkerDefinition): Promise<void> {
    const list = this.pending.get(worker.queue)!;
    while (list.length) {
      const batch = list.splice(0, worker.batchSize);
      const failed = await this.invoke(worker, batch);
      this.retry(worker, failed);
    }
  }

  /** Inline delivery: batch after batch until these messages (and their immediate retries) are done. */
  private async deliver(queue: QueueName, envelopes: Envelope[]): Promise<void> {
    const worker = queueWorkerFor(queue);
    let todo = envelopes;
    while (todo.length) {
      const next: Envelope[] = [];
      for (let i = 0; i < todo.length; i += worker.batchSize) {
        const failed = await this.invoke(worker, todo.slice(i, i + worker.batchSize));
        next.push(...failed.filter((envelope) => !this.deadLetter(worker, envelope)));
      }
      todo = next;
    }
  }

  /** Calls the worker with the batch as an SQS event; returns the records to deliver again. */
  private async invoke(worker: QueueWorkerDefinition, batch: Envelope[]): Promise<Envelope[]> {
    for (const envelope of batch) envelope.receiveCount += 1;
    const event: QueueEvent = {
      Records: batch.map((envelope) => ({ messageId: envelope.messageId, body: envelope.body, attributes: { ApproximateReceiveCount: String(envelope.receiveCount) } })),
    };
    try {
      const handler = await this.options.load(worker.handler);
      // A worker is a function of its own in AWS (the queue's event source): it runs outside the route
      // whose request sent the message and outside its company; the worker wrapper acts for the company
      // each message names (functions/jobs/worker.ts), so neither the route's permissions nor its
      // company apply to it (local/permission-guard.ts).
      const result = await runUnguarded(() => handler(event));
      const failedIds = new Set((result?.batchItemFailures ?? []).map((failure) => failure.itemIdentifier));
      return batch.filter((envelope) => failedIds.has(envelope.messageId));
    } catch (error) {
      logger.error('Queue worker failed; the batch will be delivered again', { error: error as Error, queue: worker.queue, handler: worker.handler });
      return batch;
    }
  }

  private retry(worker: QueueWorkerDefinition, failed: Envelope[]): void {
    for (const envelope of failed) {
      if (!this.deadLetter(worker, envelope)) this.later(envelope, this.options.retryDelayMs(envelope.receiveCount));
    }
  }

  /** True when the message has used its deliveries and went to the dead-letter list. */
  private deadLetter(worker: QueueWorkerDefinition, envelope: Envelope): boolean {
    if (envelope.receiveCount < worker.maxReceiveCount) return false;
    this.deadLetters.push({ queue: envelope.queue, body: envelope.body, receiveCount: envelope.receiveCount, at: new Date().toISOString() });
    logger.error('Message moved to the dead-letter list after its last delivery', { queue: envelope.queue, receiveCount: envelope.receiveCount });
    return true;
  }
}
