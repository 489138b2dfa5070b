// The calendar sync at scale, against the local stand-ins: the in-process job queue's delivery
// rules (partial batch failures retried, then the dead-letter list), a long import that stops at its
// time budget and continues in a new invocation, a failing feed's backoff, conditional fetches
// (304), and "Sync now" answering while a large import runs.
process.env.CALENDAR_ALLOW_PRIVATE_HOSTS = 'true';

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { invoke } from '../../../local/invoke';
import { LocalJobQueue } from '../../../local/job-queue';
import { createTestCompany, type TestCompany } from '../../../tests/support/fixtures';
import { getFeed, listFeedEvents } from '../../data/repositories/calendar-feeds';
import { configureJobQueue } from '../../jobs/queue';
import type { QueueEvent } from '../../jobs/port';
import { addDays } from '#shared/days';
import { fixtureDay as day } from './fixtures/feed-server';
import { runFeedJob } from './jobs';

/** A channel of our own: answers `body` with an ETag, 304 to a matching If-None-Match, or `status`. */
interface Channel {
  url: string;
  body: string;
  status: number;
  delayMs: number;
  hits: number;
  notModified: number;
}
let server: Server;
const channels = new Map<string, Channel>();
let base = '';
beforeAll(async () => {
  server = createServer((req, res) => {
    const channel = channels.get(req.url ?? '');
    if (!channel) return void res.writeHead(404).end();
    channel.hits += 1;
    setTimeout(() => {
      if (channel.status !== 200) return void res.writeHead(channel.status).end('down');
      const etag = `"${Buffer.from(channel.body).length}-${channel.body.length % 97}"`;
      if (req.headers['if-none-match'] === etag) {
        channel.notModified += 1;
        return void res.writeHead(304, { etag }).end();
      }
      res.writeHead(200, { 'content-type': 'text/calendar; charset=utf-8', etag }).end(channel.body);
    }, channel.delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => new Promise<void>((resolve) => server.close(() => resolve())));

let counter = 0;
function channel(body: string): Channel {
  const path = `/jobs/${++counter}.ics`;
  const created: Channel = { url: `${base}${path}`, body, status: 200, delayMs: 0, hits: 0, notModified: 0 };
  channels.set(path, created);
  return created;
}

const calendar = (events: number, start = day(3)) =>
  [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Smoobu//Calendar//EN',
    ...Array.from({ length: events }, (_, i) => [
      'BEGIN:VEVENT',
      `UID:job-${i}@pms.test`,
      `DTSTART;VALUE=DATE:${addDays(start, i * 2).replace(/-/g, '')}`,
      `DTEND;VALUE=DATE:${addDays(start, i * 2 + 1).replace(/-/g, '')}`,
      `SUMMARY:Reserved - Guest ${i}`,
      'END:VEVENT',
    ]).flat(),
    'END:VCALENDAR',
    '',
  ].join('\r\n');

async function propertyWithFeed(company: TestCompany, url: string) {
  const property = await invoke('POST', '/api/properties', { cookies: [company.ceo.cookie], body: { name: 'Casa Grande', address: 'Rua 4' } });
  const feed = await invoke('POST', `/api/properties/${property.body.id}/feeds`, { cookies: [company.ceo.cookie], body: { url, source: 'ical' } });
  expect(feed.status).toBe(201);
  return { propertyId: property.body.id as string, feedId: feed.body.id as string };
}

describe('the in-process job queue', () => {
  it('delivers again only the records a worker reports failed, and moves a message to the dead-letter list after its last delivery', async () => {
    const seen: string[] = [];
    const queue = new LocalJobQueue({
      mode: 'inline',
      load: async () => async (event: QueueEvent) => {
        for (const record of event.Records) seen.push(`${JSON.parse(record.body).n}:${record.attributes.ApproximateReceiveCount}`);
        return { batchItemFailures: event.Records.filter((record) => JSON.parse(record.body).n === 2).map((record) => ({ itemIdentifier: record.messageId })) };
      },
    });
    await queue.send('calendar-sync', [{ body: { n: 1 } }, { body: { n: 2 } }, { body: { n: 3 } }]);
    expect(seen.filter((entry) => entry.startsWith('1:'))).toEqual(['1:1']);
    expect(seen.filter((entry) => entry.startsWith('3:'))).toEqual(['3:1']);
    expect(seen.filter((entry) => entry.startsWith('2:'))).toEqual(['2:1', '2:2', '2:3', '2:4', '2:5']);
    expect(queue.deadLetters).toEqual([expect.objectContaining({ queue: 'calendar-sync', receiveCount: 5, body: JSON.stringify({ n: 2 }) })]);
  });

  it('in the background, answers the sender at once and works the messages with several workers', async () => {
    let running = 0;
    let most = 0;
    let finished = 0;
    // No message's work can end before the sender has its answer: the work waits for this gate,
    // opened once send() has resolved (a sender kept waiting for the work would never be answered).
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const queue = new LocalJobQueue({
      mode: 'background',
      concurrency: 4,
      load: async () => async (event: { Records: unknown[] }) => {
        running += 1;
        most = Math.max(most, running);
        await gate;
        await new Promise((resolve) => setTimeout(resolve, 30));
        running -= 1;
        finished += event.Records.length;
        return { batchItemFailures: [] };
      },
    });
    const answered = queue.send('calendar-sync', Array.from({ length: 40 }, (_, n) => ({ body: { n } })));
    const outcome = await Promise.race([answered.then(() => 'answered'), new Promise((resolve) => setTimeout(() => resolve('kept waiting'), 10_000))]);
    expect({ outcome, finished }).toEqual({ outcome: 'answered', finished: 0 });
    open();
    await queue.idle();
    expect({ most, finished }).toEqual({ most: 4, finished: 40 });
  });
});

describe('feed jobs', () => {
  it('stops a long import at its time budget and finishes it in a continuation, creating each stay once', async () => {
    // More stays than a page of the list (so the ids are read across two pages), each its own
    // transaction: 60 of them take many times the first invocation's budget.
    const STAYS = 60;
    const PAGE = 50;
    const company = await createTestCompany();
    const source = channel(calendar(STAYS));
    const { propertyId, feedId } = await propertyWithFeed(company, source.url);
    // The first invocation gets a budget that ends almost at once; its continuation (through the
    // queue, with the worker's own budget) finishes the import.
    const first = await runFeedJob({ companyId: company.companyId, propertyId, feedId }, { deadline: Date.now() + 150 });
    const outcomes = [first.outcome];
    expect(outcomes).toEqual(['partial']);
    const feed = (await getFeed(company.companyId, propertyId, feedId))!;
    expect(feed.lastSummary).toMatchObject({ bookings: STAYS });
    expect((await listFeedEvents(company.companyId, feedId)).length).toBe(STAYS);
    const list = await invoke('GET', `/api/reservations?propertyId=${propertyId}&limit=${PAGE}`, { cookies: [company.ceo.cookie] });
    const next = await invoke('GET', `/api/reservations?propertyId=${propertyId}&limit=${PAGE}&cursor=${encodeURIComponent(list.headers['x-next-cursor'] ?? '')}`, {
      cookies: [company.ceo.cookie],
    });
    const ids = [...list.body, ...(list.headers['x-next-cursor'] ? next.body : [])].map((r: { id: string }) => r.id);
    expect(ids).toHaveLength(STAYS);
    expect(new Set(ids).size).toBe(STAYS);
  }, 90_000); // about 8 s alone; it waited past 30 s on a machine busy with other test runs

  it('backs a failing feed off (5, then 10 minutes) and is healthy again on the interval; asks with If-None-Match and takes a 304 as no change', async () => {
    const company = await createTestCompany();
    const source = channel(calendar(3));
    const { propertyId, feedId } = await propertyWithFeed(company, source.url);
    const job = { companyId: company.companyId, propertyId, feedId };

    expect(await runFeedJob(job)).toMatchObject({ outcome: 'ok' });
    expect(await runFeedJob(job)).toMatchObject({ outcome: 'ok', summary: expect.objectContaining({ created: 0, unchanged: 3 }) });
    expect(source.notModified).toBe(1);

    source.status = 503;
    const gap = async () => {
      const feed = (await getFeed(company.companyId, propertyId, feedId))!;
      return Date.parse(feed.nextSyncAt!) - Date.parse(feed.lastSyncAt!);
    };
    expect(await runFeedJob(job)).toMatchObject({ outcome: 'failed' });
    expect(await gap()).toBe(5 * 60_000);
    await runFeedJob(job);
    expect(await gap()).toBe(10 * 60_000);
    source.status = 200;
    source.body = calendar(4);
    expect(await runFeedJob(job)).toMatchObject({ outcome: 'ok', summary: expect.objectContaining({ created: 1 }) });
    expect(await gap()).toBe(30 * 60_000);
  });

  it('"Sync now" answers 202 while a slow channel is still being read, and the feed shows it is syncing', async () => {
    const company = await createTestCompany();
    const source = channel(calendar(2));
    const { propertyId } = await propertyWithFeed(company, source.url);
    source.delayMs = 9_500; // longer than "Sync now" waits
    const queue = new LocalJobQueue({ mode: 'background' });
    configureJobQueue(queue);
    try {
      const answer = await invoke('POST', `/api/properties/${propertyId}/feeds/sync`, { cookies: [company.ceo.cookie] });
      expect(answer.status).toBe(202);
      expect(answer.body.results).toEqual([expect.objectContaining({ outcome: 'queued' })]);
      expect(answer.body.feeds[0].syncing).toBe(true);
      await queue.idle();
      const feeds = await invoke('GET', `/api/properties/${propertyId}/feeds`, { cookies: [company.ceo.cookie] });
      expect(feeds.body[0]).toMatchObject({ syncing: false, lastError: null, lastSummary: expect.objectContaining({ created: 2 }) });
    } finally {
      const { localJobQueue } = await import('../../../local/ports');
      configureJobQueue(localJobQueue!);
    }
  }, 30_000);
});
