// Calendar export (issue 39 point 5) through the route table against the local stand-ins: a
// property's iCal export for the channels (every taken night, no guest, RFC 5545, ETag/304, a
// regenerated token revoking the old one, tenancy and roles, the rate limit) and each member's own
// task feed. The export is read back with our own importer (calendar-sync/parse-feed.ts).
process.env.CALENDAR_ALLOW_PRIVATE_HOSTS = 'true';

import { invoke } from '../../local/invoke';
import { createTestCompany, type TestCompany } from '../../tests/support/fixtures';
import { stayNights } from '#shared/days';
import { zonedInstant } from '#shared/rules';
import { FEED_RATE_LIMIT, FEED_RATE_WINDOW_SECONDS } from '../data/repositories/calendar-exports';
import { startClockAtNextWindow } from '../../tests/support/clock';
import { fixtureDay as day, startFeedServer, type FeedServer } from './calendar-sync/fixtures/feed-server';
import { parseFeed } from './calendar-sync/parse-feed';
import { foldLine } from './calendar-export/ical-writer';

// A test that starts the clock at a rate window's start (tests/support/clock.ts) gives it back here.
afterEach(() => jest.useRealTimers());

const TZ = 'America/New_York';
const ics = (day: string) => day.replaceAll('-', '');

let server: FeedServer;
beforeAll(async () => {
  server = await startFeedServer();
});
afterAll(async () => {
  await server.close();
});

/** The path of an export URL (the local invoke takes the path; the URL is on APP_URL). */
const pathOf = (url: string) => new URL(url).pathname;

async function propertyOf(company: TestCompany, name = 'Casa Azul') {
  const response = await invoke('POST', '/api/properties', { cookies: [company.ceo.cookie], body: { name, address: 'Rua das Flores 1' } });
  expect(response.status).toBe(201);
  return response.body as { id: string; calendarExportUrl: string };
}

function book(company: TestCompany, propertyId: string, checkin: string, checkout: string, guestName: string) {
  return invoke('POST', '/api/reservations', { cookies: [company.ceo.cookie], body: { propertyId, guestName, checkinDate: checkin, checkoutDate: checkout } });
}

/** A channel's export with an owner block and a guest's stay, imported through a feed and "Sync now". */
async function importFeed(company: TestCompany, propertyId: string, route: string, events: string) {
  server.set(route, { body: `BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Airbnb Inc//Hosting Calendar 0.8.8//EN\r\n${events}END:VCALENDAR\r\n`, contentType: 'text/calendar' });
  const created = await invoke('POST', `/api/properties/${propertyId}/feeds`, { cookies: [company.ceo.cookie], body: { url: `${server.url}${route}`, source: 'airbnb' } });
  expect(created.status).toBe(201);
  const synced = await invoke('POST', `/api/properties/${propertyId}/feeds/sync`, { cookies: [company.ceo.cookie] });
  expect([200, 202]).toContain(synced.status);
}

const vevent = (uid: string, start: string, end: string, summary: string) =>
  `BEGIN:VEVENT\r\nUID:${uid}\r\nDTSTAMP:20260101T000000Z\r\nDTSTART;VALUE=DATE:${ics(start)}\r\nDTEND;VALUE=DATE:${ics(end)}\r\nSUMMARY:${summary}\r\nEND:VEVENT\r\n`;

/** Every night the parsed export holds. */
async function nightsOf(text: string): Promise<string[]> {
  const parsed = await parseFeed(text, { source: 'ical', timeZone: TZ });
  expect(parsed.skipped).toEqual([]);
  return parsed.events.flatMap((event) => stayNights(event.checkinDay, event.checkoutDay)).sort();
}

describe("a property's iCal export", () => {
  it('lists every taken night (stays, owner blocks, imported bookings; not cancelled ones) with no guest name, and reads back to the same nights', async () => {
    const company = await createTestCompany();
    const property = await propertyOf(company);
    expect(property.calendarExportUrl).toMatch(/^https?:\/\/[^/]+\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);

    expect((await book(company, property.id, day(3), day(6), 'Emma Johnson')).status).toBe(201);
    const cancelled = await book(company, property.id, day(8), day(10), 'Zoe Cancelled');
    expect(cancelled.status).toBe(201);
    expect((await invoke('POST', `/api/reservations/${cancelled.body.id}/cancel`, { cookies: [company.ceo.cookie], body: {} })).status).toBe(200);
    // Longer than a month, across a month boundary; and one past the two-year horizon.
    expect((await book(company, property.id, day(40), day(75), 'Long, Stay; Person')).status).toBe(201);
    expect((await book(company, property.id, day(800), day(803), 'Far Future')).status).toBe(201);
    await importFeed(
      company,
      property.id,
      '/export-test/airbnb.ics',
      vevent('owner-1@airbnb.com', day(12), day(15), 'Airbnb (Not available)') + vevent('stay-1@airbnb.com', day(20), day(23), 'Reserved - Ana Beatriz Sousa'),
    );

    const answer = await invoke('GET', pathOf(property.calendarExportUrl));
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const text = answer.text;
    // No guest names, nor anything else of the stays.
    for (const guest of ['Emma', 'Johnson', 'Zoe', 'Long', 'Ana', 'Sousa', 'Far Future', 'airbnb.com']) expect(text).not.toContain(guest);
    expect(text.match(/^SUMMARY:.*$/gm)?.map((line) => line.trim()).sort()).toEqual(['SUMMARY:Not available', 'SUMMARY:Reserved', 'SUMMARY:Reserved', 'SUMMARY:Reserved']);

    const expected = [...stayNights(day(3), day(6)), ...stayNights(day(12), day(15)), ...stayNights(day(20), day(23)), ...stayNights(day(40), day(75))].sort();
    expect(await nightsOf(text)).toEqual(expected);
    const parsed = await parseFeed(text, { source: 'ical', timeZone: TZ });
    expect(parsed.events.filter((event) => event.kind === 'block').map((event) => [event.checkinDay, event.checkoutDay])).toEqual([[day(12), day(15)]]);
    expect(parsed.events.every((event) => event.status === 'confirmed')).toBe(true);

    // The same URL without `.ics` answers the same file; the UIDs are stable across polls.
    const plain = await invoke('GET', pathOf(property.calendarExportUrl).replace(/\.ics$/, ''));
    expect(plain.status).toBe(200);
    expect(plain.text).toBe(text);
  });

  it('is valid RFC 5545: CRLF line ends, lines folded at 75 octets, VERSION, PRODID, a UID and DTSTAMP per event, all-day dates', async () => {
    const company = await createTestCompany();
    const property = await propertyOf(company);
    expect((await book(company, property.id, day(2), day(4), 'Emma Johnson')).status).toBe(201);
    const { text } = await invoke('GET', pathOf(property.calendarExportUrl));

    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const lines = text.slice(0, -2).split('\r\n');
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines.at(-1)).toBe('END:VCALENDAR');
    expect(lines).toContain('VERSION:2.0');
    expect(lines.some((line) => line.startsWith('PRODID:'))).toBe(true);
    for (const line of lines) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    const event = lines.slice(lines.indexOf('BEGIN:VEVENT'), lines.indexOf('END:VEVENT') + 1);
    expect(event).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^UID:[0-9a-f]{32}@rentalops$/),
        expect.stringMatching(/^DTSTAMP:\d{8}T\d{6}Z$/),
        `DTSTART;VALUE=DATE:${ics(day(2))}`,
        `DTEND;VALUE=DATE:${ics(day(4))}`,
        'TRANSP:OPAQUE',
      ]),
    );
  });

  it('folds long lines between characters, never inside one (the writer)', () => {
    const long = `SUMMARY:${'Ação 😀 '.repeat(30)}`;
    const folded = foldLine(long);
    for (const line of folded.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    expect(folded.split('\r\n').slice(1).every((line) => line.startsWith(' '))).toBe(true);
    expect(folded.replace(/\r\n /g, '')).toBe(long);
  });

  it('answers a conditional GET with 304 while nothing changed, and a new ETag once a night does', async () => {
    const company = await createTestCompany();
    const property = await propertyOf(company);
    expect((await book(company, property.id, day(5), day(7), 'Emma Johnson')).status).toBe(201);
    const path = pathOf(property.calendarExportUrl);
    const first = await invoke('GET', path);
    const etag = first.headers.etag;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(first.headers['last-modified']).toMatch(/GMT$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');

    const again = await invoke('GET', path, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    expect(again.headers.etag).toBe(etag);
    // A list of tags, and a weak comparison, as clients send them.
    expect((await invoke('GET', path, { headers: { 'if-none-match': `"other", W/${etag}` } })).status).toBe(304);
    expect((await invoke('GET', path, { headers: { 'if-none-match': '"stale"' } })).status).toBe(200);

    expect((await book(company, property.id, day(9), day(11), 'Second Guest')).status).toBe(201);
    const changed = await invoke('GET', path, { headers: { 'if-none-match': etag } });
    expect(changed.status).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(await nightsOf(changed.text)).toEqual([...stayNights(day(5), day(7)), ...stayNights(day(9), day(11))]);
  });

  it('stops answering the old URL at once when a manager regenerates it; a made-up or malformed token is a plain 404', async () => {
    const company = await createTestCompany();
    const manager = await company.add('operational_manager');
    const property = await propertyOf(company);
    const oldPath = pathOf(property.calendarExportUrl);
    expect((await invoke('GET', oldPath)).status).toBe(200);

    const regenerated = await invoke('POST', `/api/properties/${property.id}/calendar-export/regenerate`, { cookies: [manager.cookie], body: {} });
    expect(regenerated.status).toBe(200);
    expect(regenerated.body.url).not.toBe(property.calendarExportUrl);
    expect((await invoke('GET', oldPath)).status).toBe(404);
    expect((await invoke('GET', oldPath.replace(/\.ics$/, ''))).status).toBe(404);
    expect((await invoke('GET', pathOf(regenerated.body.url))).status).toBe(200);
    // The property as managers read it carries the new URL.
    expect((await invoke('GET', `/api/properties/${property.id}`, { cookies: [company.ceo.cookie] })).body.calendarExportUrl).toBe(regenerated.body.url);

    for (const made of ['A'.repeat(43), `${'A'.repeat(43)}.ics`, 'x.ics', '.ics', 'a.ics.ics', `${'b'.repeat(80)}.ics`, 'abc%2Fdef.ics']) {
      const answer = await invoke('GET', `/api/calendar/${made}`);
      expect({ made, status: answer.status }).toEqual({ made, status: 404 });
    }
  });

  it('is a manager matter: staff neither see calendarExportUrl nor regenerate it, and another company’s property is a 404', async () => {
    const company = await createTestCompany();
    const staff = await company.add('staff');
    const manager = await company.add('operational_manager');
    const property = await propertyOf(company);

    const staffList = await invoke('GET', '/api/properties', { cookies: [staff.cookie] });
    expect(staffList.status).toBe(200);
    expect(staffList.body.every((p: Record<string, unknown>) => !('calendarExportUrl' in p))).toBe(true);
    expect(staffList.text).not.toContain('/api/calendar/');
    const staffOne = await invoke('GET', `/api/properties/${property.id}`, { cookies: [staff.cookie] });
    expect(staffOne.status).toBe(200);
    expect(staffOne.text).not.toContain('/api/calendar/');
    expect((await invoke('POST', `/api/properties/${property.id}/calendar-export/regenerate`, { cookies: [staff.cookie], body: {} })).status).toBe(403);

    const managerList = await invoke('GET', '/api/properties', { cookies: [manager.cookie] });
    expect(managerList.body.find((p: { id: string }) => p.id === property.id).calendarExportUrl).toBe(property.calendarExportUrl);

    const other = await createTestCompany();
    expect((await invoke('POST', `/api/properties/${property.id}/calendar-export/regenerate`, { cookies: [other.ceo.cookie], body: {} })).status).toBe(404);
    expect((await invoke('GET', `/api/properties/${property.id}`, { cookies: [other.ceo.cookie] })).status).toBe(404);
    // Nothing changed for the owner company: its URL still answers.
    expect((await invoke('GET', pathOf(property.calendarExportUrl))).status).toBe(200);
    // A body is refused rather than ignored (no stray replacement).
    expect((await invoke('POST', `/api/properties/${property.id}/calendar-export/regenerate`, { cookies: [company.ceo.cookie], body: { token: 'mine' } })).status).toBe(400);
  });

  it('limits how often one token is polled (429 with Retry-After), without touching other tokens', async () => {
    startClockAtNextWindow(FEED_RATE_WINDOW_SECONDS);
    const company = await createTestCompany();
    const busy = await propertyOf(company, 'Busy');
    const quiet = await propertyOf(company, 'Quiet');
    const path = pathOf(busy.calendarExportUrl);
    for (let i = 0; i < FEED_RATE_LIMIT; i += 1) expect((await invoke('GET', path)).status).toBe(200);
    const limited = await invoke('GET', path);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await invoke('GET', pathOf(quiet.calendarExportUrl))).status).toBe(200);
  });
});

describe("a member's own task feed", () => {
  const at = (d: string, hour: number) => zonedInstant(d, hour, 0, TZ).toISOString();

  it('lists only the member’s assigned open tasks, with title and property, never a guest name; regenerating revokes the old URL', async () => {
    const company = await createTestCompany();
    const ana = await company.add('staff');
    const bruno = await company.add('staff');
    const property = await propertyOf(company, 'Casa do Mar');
    const ceo = { cookies: [company.ceo.cookie] };
    const task = (title: string, assignedUserId: string | null, dueDate: string | null, status = 'pending') =>
      invoke('POST', '/api/tasks', { ...ceo, body: { type: 'maintenance', title, propertyId: property.id, assignedUserId, dueDate, status } });
    expect((await task('Fix the boiler', ana.user.id, at(day(2), 14))).status).toBe(201);
    expect((await task('Deep clean', ana.user.id, at(day(3), 0))).status).toBe(201);
    expect((await task('Bruno paints the fence', bruno.user.id, at(day(2), 9))).status).toBe(201);
    expect((await task('Nobody’s task', null, at(day(2), 9))).status).toBe(201);
    expect((await task('Already done', ana.user.id, at(day(1), 9), 'completed')).status).toBe(201);
    // A stay's automatic turnover, given to Ana: its title names the guest.
    const stay = await book(company, property.id, day(4), day(6), 'Guilherme Hospede');
    expect(stay.status).toBe(201);
    const turnover = await invoke('GET', `/api/tasks/${stay.body.turnoverTaskId}`, ceo);
    expect(turnover.body.title).toContain('Guilherme Hospede');
    const { type, title, description, propertyId, status, dueDate } = turnover.body;
    expect((await invoke('PUT', `/api/tasks/${turnover.body.id}`, { ...ceo, body: { type, title, description, propertyId, status, dueDate, assignedUserId: ana.user.id } })).status).toBe(200);

    expect((await invoke('GET', '/api/me/calendar-feed', { cookies: [ana.cookie] })).body).toEqual({ url: null });
    const made = await invoke('POST', '/api/me/calendar-feed/regenerate', { cookies: [ana.cookie], body: {} });
    expect(made.status).toBe(200);
    expect(made.body.url).toMatch(/\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect((await invoke('GET', '/api/me/calendar-feed', { cookies: [ana.cookie] })).body).toEqual({ url: made.body.url });

    const feed = await invoke('GET', pathOf(made.body.url));
    expect(feed.status).toBe(200);
    expect(feed.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const summaries = (feed.text.match(/^SUMMARY:.*$/gm) ?? []).map((line) => line.slice('SUMMARY:'.length)).sort();
    expect(summaries).toEqual(['Deep clean · Casa do Mar', 'Fix the boiler · Casa do Mar', 'Limpeza · Casa do Mar']);
    expect(feed.text).not.toMatch(/Guilherme|Hospede|Bruno|Nobody|Already done/);
    // A task due at a time is a timed event; one due at midnight (company time) is all day.
    expect(feed.text).toContain(`DTSTART:${at(day(2), 14).replace(/[-:]/g, '').replace(/\.\d{3}/, '')}`);
    expect(feed.text).toContain(`DTSTART;VALUE=DATE:${ics(day(3))}`);
    expect(feed.text).toContain(`DTEND;VALUE=DATE:${ics(day(4))}`);

    // Bruno's feed is his own.
    const brunoFeed = await invoke('POST', '/api/me/calendar-feed/regenerate', { cookies: [bruno.cookie], body: {} });
    const brunoText = (await invoke('GET', pathOf(brunoFeed.body.url))).text;
    expect(brunoText).toContain('Bruno paints the fence');
    expect(brunoText).not.toMatch(/Fix the boiler|Deep clean/);

    // A new URL revokes the old one.
    const replaced = await invoke('POST', '/api/me/calendar-feed/regenerate', { cookies: [ana.cookie], body: {} });
    expect(replaced.body.url).not.toBe(made.body.url);
    expect((await invoke('GET', pathOf(made.body.url))).status).toBe(404);
    expect((await invoke('GET', pathOf(replaced.body.url))).status).toBe(200);
  });

  it('ends with the membership: a removed member’s feed is a 404', async () => {
    const company = await createTestCompany();
    const carla = await company.add('staff');
    const made = await invoke('POST', '/api/me/calendar-feed/regenerate', { cookies: [carla.cookie], body: {} });
    expect((await invoke('GET', pathOf(made.body.url))).status).toBe(200);
    const removed = await invoke('DELETE', `/api/team/${carla.user.id}`, { cookies: [company.ceo.cookie] });
    expect([200, 204]).toContain(removed.status);
    expect((await invoke('GET', pathOf(made.body.url))).status).toBe(404);
  });
});
