// The calendar sync at scale (npm run bench, section `sync`): simulated channel feeds served from a
// local HTTP server with a fixed answer latency (as a channel on the internet has), through the
// same dispatcher, job queue stand-in and worker the product runs.
// - Items read per feed, 100 feeds vs 10,000 feeds: the 10,000 are seeded as already imported
//   (their calendar's ETag recorded, so a steady-state sync is a conditional fetch answered 304).
//   The small population's cycle runs with the 10,000 present but not due, then the 10,000's own
//   cycle: DynamoDB items read per synced feed (dispatcher and worker) must not grow.
// - Throughput: first imports of fresh feeds (3 bookings each) with 1 worker, then 4 workers, in the
//   same run: feeds per second, and the ratio.
// - A first import of 5,000 events: the worker's invocations (each under its time budget), timed.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ulid } from 'ulid';
import { addDays } from '../shared/days';
import { keys } from '../functions/data/keys';
import { createCompanyWithOwner } from '../functions/data/repositories/companies';
import { dispatchDueFeeds } from '../functions/reservations/calendar-sync/jobs';
import { configureJobQueue } from '../functions/jobs/queue';
import { configureEventPublisher } from '../functions/events/publisher';
import type { QueueEvent } from '../functions/jobs/port';
import { configureLocalPorts } from '../local/ports';
import { LocalJobQueue, loadQueueWorker } from '../local/job-queue';
import { installItemsReadCounter, takeItemsRead } from './items-read';
import { writeAll } from './seed-scale';

export interface SyncBenchOptions {
  smallFeeds: number;
  largeFeeds: number;
  throughputFeeds: number;
  bigImportEvents: number;
  /** The simulated channel's answer latency: a full calendar, and a 304. */
  latencyMs: number;
  notModifiedMs: number;
  log: (line: string) => void;
}

export interface SyncBenchResult {
  itemsPerFeed: { small: number; large: number; smallFeeds: number; largeFeeds: number; smallSeconds: number; largeSeconds: number };
  throughput: { one: number; four: number; ratio: number; feeds: number };
  bigImport: { events: number; invocations: number; longestSeconds: number; totalSeconds: number; reservations: number };
  eventsPublished: number;
}

const today = () => new Date().toISOString().slice(0, 10);
const compact = (day: string) => day.replace(/-/g, '');

const event = (uid: string, start: string, nights: number, summary: string) => [
  'BEGIN:VEVENT',
  `UID:${uid}`,
  `DTSTART;VALUE=DATE:${compact(start)}`,
  `DTEND;VALUE=DATE:${compact(addDays(start, nights))}`,
  `SUMMARY:${summary}`,
  'END:VEVENT',
];

/** A small channel calendar: `events` two-night bookings from a few days ahead. */
function calendar(events: number, seed: number): string {
  const start = addDays(today(), 2 + (seed % 7));
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Bench PMS//Calendar//EN'];
  for (let i = 0; i < events; i++) lines.push(...event(`bench-${seed}-${i}@pms.test`, addDays(start, i * 3), 2, `Reserved - Guest ${i}`));
  lines.push('END:VCALENDAR', '');
  return lines.join('\r\n');
}

/**
 * A large calendar of `events` events as a busy PMS writes one: a year of past one-night stays
 * back to back and three years ahead, and the rest owner blocks (one night each, several a day).
 */
function largeCalendar(events: number): string {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Bench PMS//Calendar//EN'];
  const first = addDays(today(), -300);
  const bookings = Math.min(events, 1_400);
  for (let i = 0; i < bookings; i++) lines.push(...event(`big-stay-${i}@pms.test`, addDays(first, i), 1, `Reserved - Guest ${i}`));
  for (let i = 0; i < events - bookings; i++) lines.push(...event(`big-block-${i}@pms.test`, addDays(today(), 1 + (i % 1_000)), 1, 'Owner block'));
  lines.push('END:VCALENDAR', '');
  return lines.join('\r\n');
}

/**
 * Every feed path answers its own calendar with an ETag after `fullMs` (a channel builds the whole
 * export per request), and a matching If-None-Match with 304 after `notModifiedMs`.
 */
function startChannels(fullMs: number, notModifiedMs: number): Promise<{ server: Server; url: string; bodies: Map<string, string> }> {
  const bodies = new Map<string, string>();
  const server = createServer((req, res) => {
    const body = bodies.get(req.url ?? '');
    const etag = body === undefined ? '' : `"${body.length}"`;
    const fresh = body !== undefined && req.headers['if-none-match'] === etag;
    setTimeout(() => {
      if (body === undefined) return void res.writeHead(404).end();
      if (fresh) return void res.writeHead(304, { etag }).end();
      res.writeHead(200, { 'content-type': 'text/calendar; charset=utf-8', etag }).end(body);
    }, fresh ? notModifiedMs : fullMs);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, bodies })));
}

interface Population {
  companyId: string;
  feeds: number;
}

/**
 * `count` feeds of one company (one property each), due at `dueAt`, written like the repositories
 * write them; `imported` ones carry their calendar's ETag and a last summary (a steady-state feed).
 */
async function seedFeeds(channels: { url: string; bodies: Map<string, string> }, label: string, count: number, dueAt: Date, events: number, imported: boolean): Promise<Population> {
  const { company } = await createCompanyWithOwner({
    company: { name: `Sync ${label}`, plan: 'enterprise' },
    owner: { email: `ceo.sync-${label}.${Date.now()}@bench.rentalops.test`, firstName: 'Bench', lastName: 'CEO' },
  });
  const cid = company.id;
  const at = new Date().toISOString();
  const items: Record<string, unknown>[] = [];
  for (let i = 0; i < count; i++) {
    const propertyId = ulid();
    const feedId = ulid();
    const route = `/${label}/${i}.ics`;
    const body = events > 100 ? largeCalendar(events) : calendar(events, i);
    channels.bodies.set(route, body);
    items.push({ ...keys.property(cid, propertyId), entity: 'property', id: propertyId, name: `Sync ${label} ${i}`, address: `Street ${i}`, companyId: cid, createdAt: at, updatedAt: at });
    const nextSyncAt = dueAt.toISOString();
    items.push({
      ...keys.calendarFeed(cid, propertyId, feedId),
      ...keys.calendarFeedIndex(cid, feedId, nextSyncAt),
      entity: 'calendarFeed',
      id: feedId,
      companyId: cid,
      propertyId,
      url: `${channels.url}${route}`,
      name: null,
      source: 'ical',
      sourceLocked: true,
      enabled: true,
      createdAt: at,
      updatedAt: at,
      createdBy: 'bench',
      lastSyncAt: imported ? at : null,
      lastSuccessAt: imported ? at : null,
      lastError: null,
      lastErrorAt: null,
      consecutiveFailures: 0,
      lastSummary: imported ? { events, bookings: events, blocks: 0, created: events, updated: 0, unchanged: 0, restored: 0, flagged: 0, skipped: 0, conflicts: [] } : null,
      blocks: [],
      nextSyncAt,
      etag: imported ? `"${body.length}"` : null,
    });
  }
  await writeAll(items);
  return { companyId: cid, feeds: count };
}

/** One dispatcher run at `at` and every job it queued, on a queue with `concurrency` workers; seconds and items read. */
async function cycle(at: Date, concurrency: number): Promise<{ seconds: number; items: number; queued: number }> {
  const queue = new LocalJobQueue({ mode: 'background', concurrency });
  configureJobQueue(queue);
  takeItemsRead();
  const started = performance.now();
  const run = await dispatchDueFeeds(at);
  await queue.idle();
  const seconds = (performance.now() - started) / 1000;
  return { seconds, items: takeItemsRead(), queued: run.queued };
}

export async function runSyncBench(options: SyncBenchOptions): Promise<SyncBenchResult> {
  process.env.CALENDAR_ALLOW_PRIVATE_HOSTS = 'true';
  configureLocalPorts({ jobQueueMode: 'background' });
  // Domain events leave the worker as EventBridge's PutEvents would (a few ms, the consumers run in
  // other functions): the in-process bus would run every notification inside the worker here.
  let published = 0;
  configureEventPublisher({
    publish: async (events) => {
      published += events.length;
      await new Promise((resolve) => setTimeout(resolve, 5));
    },
  });
  installItemsReadCounter();
  const channels = await startChannels(options.latencyMs, options.notModifiedMs);
  try {
    // Each population is due at its own instant (in the past, spaced), so one cycle takes only it.
    const base = Date.now() - 24 * 3_600_000;
    const dueSmall = new Date(base);
    const dueLarge = new Date(base + 3_600_000);
    const dueOne = new Date(base + 2 * 3_600_000);
    const dueFour = new Date(base + 3 * 3_600_000);

    options.log(`seeding ${options.smallFeeds} + ${options.largeFeeds} steady-state feeds`);
    await seedFeeds(channels, 'small', options.smallFeeds, dueSmall, 3, true);
    await seedFeeds(channels, 'large', options.largeFeeds, dueLarge, 3, true);
    await seedFeeds(channels, 'one', options.throughputFeeds, dueOne, 3, false);
    await seedFeeds(channels, 'four', options.throughputFeeds, dueFour, 3, false);

    // Steady state with 20 workers (the worker's maximum concurrency in AWS, infra/lib/constructs/events.ts).
    options.log('steady-state cycle: small population (large present, not due)');
    const small = await cycle(new Date(base + 60_000), 20);
    options.log(`steady-state cycle: ${options.largeFeeds} feeds`);
    const large = await cycle(new Date(base + 3_600_000 + 60_000), 20);

    options.log(`first imports of ${options.throughputFeeds} feeds with 1 worker, then 4`);
    const one = await cycle(new Date(base + 2 * 3_600_000 + 60_000), 1);
    const four = await cycle(new Date(base + 3 * 3_600_000 + 60_000), 4);

    options.log(`first import of one feed with ${options.bigImportEvents} events`);
    const bigAt = new Date(base + 4 * 3_600_000);
    const big = await seedFeeds(channels, 'big', 1, bigAt, options.bigImportEvents, false);
    const invocations: number[] = [];
    const timed = new LocalJobQueue({
      mode: 'background',
      concurrency: 1,
      load: async (name) => {
        const worker = await loadQueueWorker(name);
        return async (event: QueueEvent) => {
          const started = performance.now();
          try {
            return await worker(event);
          } finally {
            invocations.push((performance.now() - started) / 1000);
          }
        };
      },
    });
    configureJobQueue(timed);
    const started = performance.now();
    await dispatchDueFeeds(new Date(bigAt.getTime() + 60_000));
    await timed.idle();
    const totalSeconds = (performance.now() - started) / 1000;
    const { QueryCommand } = await import('@aws-sdk/lib-dynamodb');
    const { db, tableName } = await import('../functions/data/client');
    let reservations = 0;
    let start: Record<string, unknown> | undefined;
    do {
      const page = await db.send(
        new QueryCommand({
          TableName: tableName(),
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
          ExpressionAttributeValues: { ':pk': keys.companyPartition(big.companyId), ':prefix': 'RESERVATION#' },
          Select: 'COUNT',
          ExclusiveStartKey: start,
        }),
      );
      reservations += page.Count ?? 0;
      start = page.LastEvaluatedKey;
    } while (start);

    return {
      itemsPerFeed: {
        small: small.items / Math.max(1, small.queued),
        large: large.items / Math.max(1, large.queued),
        smallFeeds: small.queued,
        largeFeeds: large.queued,
        smallSeconds: small.seconds,
        largeSeconds: large.seconds,
      },
      throughput: { one: one.queued / one.seconds, four: four.queued / four.seconds, ratio: one.seconds / four.seconds, feeds: options.throughputFeeds },
      bigImport: { events: options.bigImportEvents, invocations: invocations.length, longestSeconds: Math.max(0, ...invocations), totalSeconds, reservations },
      eventsPublished: published,
    };
  } finally {
    await new Promise<void>((resolve) => channels.server.close(() => resolve()));
  }
}
