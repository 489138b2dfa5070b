// Webhook fan-out at scale (npm run bench, section `webhooks`; issue 39 point 6): one company with
// 100 endpoints on a local HTTP receiver (127.0.0.1), one answering after 5 s and one failing with
// 500, the rest healthy. Domain events go to the same fan-out handler the bus calls, its messages
// to the in-process job queue with as many workers per queue as each deliveries lane's event source
// runs invocations in AWS (its maxConcurrency, functions/event-handlers.ts: 100 for the fast lane, 10
// for the slow endpoints' lane), taking batches of 10, and the same worker sends, signs and records
// each delivery.
// - Lag: from an event reaching the fan-out to its delivery arriving at a healthy endpoint, p50/p99.
// - Work per event: DynamoDB items read and written (fan-out and deliveries), for a run of `small`
//   events and one of `large` events. Every event of the large run goes through the fan-out; the
//   deliveries of its last `small` events are made (and timed) too, the others' queue messages are
//   counted, not sent: delivering a million messages to DynamoDB Local would take hours, and each
//   delivery's work does not depend on how many came before it (it reads its own endpoint and
//   message, and writes its own attempt).
// - Point 4 (a slow or dead endpoint never delays the others), measured in the same run rather than
//   against an absolute figure: a control run of the same size in which the slow and the failing
//   endpoint answer at once, then the run with them slow and failing; the healthy endpoints' lag
//   p50/p99 of both and their ratio. Locally every delivery of the run is queued at once, so the lag
//   is mostly the time the queue needs to drain (deliveries per second are shown): the ratio says
//   whether the slow and the failing endpoint made that drain slower for the others. Two such runs:
//   a cold one, where the slow endpoint is not known slow yet (its lane is the fast one until its
//   first attempt of the run has taken its 5 s, by which time most of the burst is queued on the
//   fast lane), reported only; then the checked one, with the endpoint known slow from the run
//   before, as production sees it (an endpoint that is slow is slow for hours, not for one event).
// The bench logs at WARN, as `npm start` does (an INFO line per event would be measured too).
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { randomUUID } from 'node:crypto';
import { dynamoClient, readClient } from '../functions/data/client';
import { createCompanyWithOwner } from '../functions/data/repositories/companies';
import { createSession } from '../functions/data/repositories/sessions';
import { configureJobQueue, type JobMessage, type JobQueue, type QueueName } from '../functions/jobs/queue';
import { SESSION_COOKIE } from '../functions/lib/cookies';
import { toEnvelope } from '../functions/events/envelope';
import { DOMAIN_EVENTS, domainEvent } from '../events/catalogue';
import { DEFAULT_WORKER_CONCURRENCY, QUEUE_WORKERS } from '../functions/event-handlers';
import { WEBHOOK_QUEUE, WEBHOOK_SLOW_QUEUE } from '../functions/webhooks/job';
import { configureLocalPorts } from '../local/ports';
import { LocalJobQueue } from '../local/job-queue';
import { invoke } from '../local/invoke';
import { logger } from '../functions/lib/logger';
import { installItemsReadCounter, takeItemsRead } from './items-read';

export interface WebhookBenchOptions {
  endpoints: number;
  small: number;
  large: number;
  /** Events of the large run whose deliveries are made (default `small`). */
  largeDelivered?: number;
  slowMs: number;
  log: (line: string) => void;
}

export interface WebhookRunResult {
  /** True for the control run: the slow and the failing endpoint answer at once. */
  control: boolean;
  events: number;
  deliveredEvents: number;
  deliveries: number;
  seconds: number;
  /** Deliveries received per second, from the first delivered event's fan-out until the queue was idle. */
  deliveriesPerSecond: number;
  lagP50: number;
  lagP99: number;
  slowLagP50: number;
  /** Per event, fan-out only (the counted-only events of the large run; NaN when every event was delivered). */
  fanOutRead: number;
  fanOutWritten: number;
  messagesPerEvent: number;
  /** Retries the failing endpoint's deliveries scheduled (counted, not sent). */
  retriesScheduled: number;
  /** The slow endpoint's first attempts (of the delivered events) sent on the slow endpoints' lane. */
  slowLaneMessages: number;
  /** The other endpoints' first attempts sent there (an attempt of theirs took over 2 s: the machine's load). */
  othersOnSlowLane: number;
  /** Per delivered event: its fan-out and its deliveries to every endpoint. */
  deliveredRead: number;
  deliveredWritten: number;
}

let itemsWritten = 0;
let writesInstalled = false;

/** Counts DynamoDB items written (Put, Update, Delete, each item of a transaction) on the handlers' clients. */
function installItemsWrittenCounter(): void {
  if (writesInstalled) return;
  writesInstalled = true;
  for (const client of [readClient, dynamoClient]) {
    client.middlewareStack.add(
      (next, context) => async (args) => {
        const input = (args.input ?? {}) as { TransactItems?: unknown[]; RequestItems?: Record<string, unknown[]> };
        const name = (context as { commandName?: string }).commandName ?? '';
        const result = await next(args);
        if (Array.isArray(input.TransactItems)) itemsWritten += input.TransactItems.length;
        else if (/^(Put|Update|Delete)(Item)?(Command)?$/.test(name)) itemsWritten += 1;
        else if (input.RequestItems && /BatchWrite/.test(name)) for (const items of Object.values(input.RequestItems)) itemsWritten += items.length;
        return result;
      },
      { step: 'initialize', name: 'benchItemsWritten' },
    );
  }
}

const takeItemsWritten = () => {
  const value = itemsWritten;
  itemsWritten = 0;
  return value;
};

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

/**
 * The receiver (bench/webhook-receiver.mjs), a process of its own so that its answers are not read
 * late by this busy one. Arrival times are kept there and collected after each run.
 */
interface Receiver {
  url: string;
  /** Starts a run: forgets the last run's arrivals; in a control run the slow and the failing endpoint answer at once. */
  reset(control: boolean): Promise<void>;
  /** The run's arrivals: per task id, the healthy endpoints' and the slow endpoint's; deliveries received (test deliveries excepted). */
  collect(): Promise<{ healthy: Map<string, number[]>; slow: Map<string, number>; received: number }>;
  stop(): Promise<void>;
}

async function startReceiver(slowMs: number): Promise<Receiver> {
  const child = fork(fileURLToPath(new URL('./webhook-receiver.mjs', import.meta.url)), [], { env: { ...process.env, SLOW_MS: String(slowMs) }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const next = <T>(type: string) =>
    new Promise<T>((resolve, reject) => {
      const onMessage = (message: { type: string }) => {
        if (message.type !== type) return;
        child.off('message', onMessage);
        child.off('exit', onExit);
        resolve(message as T);
      };
      const onExit = (code: number | null) => reject(new Error(`the webhook bench's receiver exited (${code}) while the bench waited for "${type}"`));
      child.on('message', onMessage);
      child.once('exit', onExit);
    });
  const { port } = await next<{ port: number }>('listening');
  return {
    url: `http://127.0.0.1:${port}`,
    async reset(control) {
      const done = next('reset');
      child.send({ type: 'reset', control });
      await done;
    },
    async collect() {
      const done = next<{ healthy: Array<[string, number[]]>; slow: Array<[string, number]>; received: number }>('collected');
      child.send({ type: 'collect' });
      const { healthy, slow, received } = await done;
      return { healthy: new Map(healthy), slow: new Map(slow), received };
    },
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.send({ type: 'stop' });
      await exited;
    },
  };
}

/**
 * A queue that hands the first attempts of chosen events to the real one and only counts the rest;
 * retries (the failing endpoint's) are counted and dropped, so the measured work is the deliveries'.
 */
class SamplingQueue implements JobQueue {
  counted = 0;
  retries = 0;
  slowLane = 0;
  othersOnSlowLane = 0;
  passing = false;
  slowWebhookId = '';
  constructor(private readonly real: JobQueue) {}
  async send(queue: QueueName, messages: readonly JobMessage[]): Promise<void> {
    if (queue !== WEBHOOK_QUEUE && queue !== WEBHOOK_SLOW_QUEUE) return this.real.send(queue, messages);
    const retries = messages.filter((message) => (message.body as { attempt?: number }).attempt !== 1);
    this.retries += retries.length;
    this.counted += messages.length - retries.length;
    if (this.passing) {
      const firsts = messages.filter((message) => (message.body as { attempt?: number }).attempt === 1);
      if (queue === WEBHOOK_SLOW_QUEUE) {
        const ofSlow = firsts.filter((message) => (message.body as { webhookId?: string }).webhookId === this.slowWebhookId).length;
        this.slowLane += ofSlow;
        this.othersOnSlowLane += firsts.length - ofSlow;
      }
      await this.real.send(queue, firsts);
    }
  }
}

export async function runWebhookBench(options: WebhookBenchOptions): Promise<{ control: WebhookRunResult; cold: WebhookRunResult; small: WebhookRunResult; large: WebhookRunResult }> {
  const previous = process.env.WEBHOOK_ALLOW_PRIVATE_HOSTS;
  process.env.WEBHOOK_ALLOW_PRIVATE_HOSTS = 'true';
  const previousLevel = logger.getLevelName();
  logger.setLogLevel('WARN');
  configureLocalPorts();
  installItemsReadCounter();
  installItemsWrittenCounter();
  const receiver = await startReceiver(options.slowMs);
  // As many workers as the deployed event source runs invocations of the deliveries queue at once
  // (the local queue holds each queue to its own row's maxConcurrency: the slow lane gets 10).
  const deliveries = QUEUE_WORKERS.find((worker) => worker.queue === WEBHOOK_QUEUE)!;
  const real = new LocalJobQueue({ mode: 'background', concurrency: deliveries.maxConcurrency ?? DEFAULT_WORKER_CONCURRENCY });
  const sampling = new SamplingQueue(real);
  configureJobQueue(sampling);
  const { handler: fanOut } = (await import('../functions/handlers/fan-out-webhooks')) as { handler: (event: unknown, context?: { functionName?: string }) => Promise<void> };
  try {
    const { company, user } = await createCompanyWithOwner({
      company: { name: 'Webhook Bench Stays', plan: 'enterprise' },
      owner: { email: `bench.webhooks.${Date.now()}@rentalops.test`, firstName: 'Bea', lastName: 'Bench', role: 'ceo' },
    });
    const session = await createSession({ userId: user.id, companyId: company.id, email: user.email, role: 'ceo' });
    const cookie = `${SESSION_COOKIE}=${session.sid}`;
    for (let i = 0; i < options.endpoints; i++) {
      const path = i === 0 ? '/slow' : i === 1 ? '/failing' : `/ok/${i}`;
      const created = await invoke('POST', '/api/webhooks', { cookies: [cookie], body: { url: `${receiver.url}${path}`, events: ['task.created'] } });
      if (created.status !== 201) throw new Error(`webhook ${i} answered ${created.status}: ${created.text}`);
      if (i === 0) sampling.slowWebhookId = created.body.id as string;
    }
    options.log(`[webhooks] ${options.endpoints} endpoints on ${receiver.url} (one answering after ${options.slowMs} ms, one failing)`);

    const sample = DOMAIN_EVENTS['task.created'].sample;
    const run = async (events: number, delivered: number, control: boolean): Promise<WebhookRunResult> => {
      await receiver.reset(control);
      const published = new Map<string, number>();
      sampling.counted = 0;
      sampling.retries = 0;
      sampling.slowLane = 0;
      sampling.othersOnSlowLane = 0;
      sampling.passing = false;
      takeItemsRead();
      takeItemsWritten();
      let fanOutRead = 0;
      let fanOutWritten = 0;
      const started = Date.now();
      let deliveringFrom = started;
      for (let i = 0; i < events; i++) {
        if (i === events - delivered) {
          // The counted-only events' fan-out work so far; from here on, fan-out and deliveries.
          fanOutRead = takeItemsRead();
          fanOutWritten = takeItemsWritten();
          sampling.passing = true;
          deliveringFrom = Date.now();
        }
        const taskId = `T${randomUUID().replace(/-/g, '').slice(0, 24)}`;
        const event = domainEvent('task.created', { ...sample, companyId: company.id, taskId, occurredAt: new Date().toISOString() });
        if (sampling.passing) published.set(taskId, Date.now());
        await fanOut(toEnvelope(event, randomUUID()), { functionName: 'fan-out-webhooks' });
        if (i > 0 && i % 2_000 === 0) options.log(`[webhooks] ${i.toLocaleString('en-US')} of ${events.toLocaleString('en-US')} events fanned out`);
      }
      await real.idle();
      const ended = Date.now();
      const arrivals = await receiver.collect();
      const seconds = (ended - started) / 1000;
      const deliveredRead = takeItemsRead();
      const deliveredWritten = takeItemsWritten();
      const lags: number[] = [];
      for (const [taskId, at] of published) for (const arrival of arrivals.healthy.get(taskId) ?? []) lags.push(arrival - at);
      const slowLags = [...published].filter(([taskId]) => arrivals.slow.has(taskId)).map(([taskId, at]) => arrivals.slow.get(taskId)! - at);
      const countedOnly = events - delivered;
      return {
        control,
        events,
        deliveredEvents: delivered,
        deliveries: arrivals.received,
        seconds,
        deliveriesPerSecond: arrivals.received / ((ended - deliveringFrom) / 1000),
        lagP50: percentile(lags, 50),
        lagP99: percentile(lags, 99),
        slowLagP50: percentile(slowLags, 50),
        fanOutRead: countedOnly ? fanOutRead / countedOnly : NaN,
        fanOutWritten: countedOnly ? fanOutWritten / countedOnly : NaN,
        messagesPerEvent: sampling.counted / events,
        retriesScheduled: sampling.retries,
        slowLaneMessages: sampling.slowLane,
        othersOnSlowLane: sampling.othersOnSlowLane,
        deliveredRead: deliveredRead / delivered,
        deliveredWritten: deliveredWritten / delivered,
      };
    };
    const report = (name: string, row: WebhookRunResult) =>
      options.log(`[webhooks] ${name}: ${row.seconds.toFixed(1)} s, ${row.deliveriesPerSecond.toFixed(1)} deliveries/s, lag p50 ${row.lagP50} ms, p99 ${row.lagP99} ms, the slow endpoint's ${row.slowLaneMessages} and ${row.othersOnSlowLane} others' first attempts on the slow lane`);
    // A warm-up first (discarded): the first deliveries of a process run cold (JIT, DynamoDB Local's
    // JVM, new connections), which would make whichever run came first look slower.
    const warmUp = Math.min(options.small, 10);
    report(`${warmUp} events, warm-up (discarded)`, await run(warmUp, warmUp, true));
    const control = await run(options.small, options.small, true);
    report(`${options.small} events, control (every endpoint answering at once)`, control);
    // The slow endpoint not known slow yet (the control left it on the fast lane): its first burst.
    const cold = await run(options.small, options.small, false);
    report(`${options.small} events, the slow endpoint not known slow yet`, cold);
    // Known slow now (its last attempt took 5 s): the steady state, checked against the control.
    const small = await run(options.small, options.small, false);
    report(`${options.small} events`, small);
    const large = await run(options.large, options.largeDelivered ?? options.small, false);
    report(`${options.large} events`, large);
    return { control, cold, small, large };
  } finally {
    logger.setLogLevel(previousLevel);
    real.stop();
    configureLocalPorts();
    await receiver.stop();
    process.env.WEBHOOK_ALLOW_PRIVATE_HOSTS = previous;
  }
}
