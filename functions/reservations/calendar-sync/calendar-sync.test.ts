// Calendar sync through the route table against the local stand-ins, with the channels' feeds
// served from the fixture files by a local HTTP server (127.0.0.1, a free port).
process.env.CALENDAR_ALLOW_PRIVATE_HOSTS = 'true';

import { invoke } from '../../../local/invoke';
import { createTestCompany, type TestCompany } from '../../../tests/support/fixtures';
import { zonedInstant } from '#shared/rules';
import * as publisher from '../../events/publisher';
import { getTask } from '../../data/repositories/tasks';
import { getStats } from '../../data/repositories/stats';
import { acquireSyncLease, getFeed } from '../../data/repositories/calendar-feeds';
import { fixtureDay as day, renderFixture, startFeedServer, type FeedServer } from './fixtures/feed-server';
import { fetchFeed, FeedFetchError } from './fetch-feed';
import { parseFeed } from './parse-feed';
import { syncFeed } from './sync';
import { staysOverTheSameNights } from '../../notifications/double-booking';
import { handler as scheduledSync } from '../../handlers/sync-calendar-feeds';

jest.mock('../../events/publisher', () => {
  const actual = jest.requireActual('../../events/publisher');
  return { ...actual, publishEvents: jest.fn(actual.publishEvents) };
});
const published = publisher.publishEvents as jest.MockedFunction<typeof publisher.publishEvents>;
const publishedTypes = () => published.mock.calls.flatMap(([events]) => events.map((event) => event.type));

const TZ = 'America/New_York';
const at = (d: string, hour: number) => zonedInstant(d, hour, 0, TZ).toISOString();

let server: FeedServer;
beforeAll(async () => {
  server = await startFeedServer();
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => published.mockClear());

let routeCounter = 0;
/** A path of its own on the feed server for one test's feed, answering `fixture` for now. */
function feedRoute(fixture: string): string {
  const route = `/t${++routeCounter}/${fixture}`;
  server.set(route, { fixture });
  return route;
}

async function propertyWithFeeds(...fixtures: Array<[string, string]>) {
  const company = await createTestCompany();
  const property = await invoke('POST', '/api/properties', { cookies: [company.ceo.cookie], body: { name: 'Casa do Farol', address: 'Rua' } });
  const propertyId: string = property.body.id;
  const feeds: Array<{ id: string; route: string }> = [];
  for (const [fixture, source] of fixtures) {
    const route = feedRoute(fixture);
    const created = await invoke('POST', `/api/properties/${propertyId}/feeds`, { cookies: [company.ceo.cookie], body: { url: `${server.url}${route}`, source } });
    expect(created.status).toBe(201);
    feeds.push({ id: created.body.id, route });
  }
  return { company, propertyId, feeds };
}

const syncNow = (company: TestCompany, propertyId: string) => invoke('POST', `/api/properties/${propertyId}/feeds/sync`, { cookies: [company.ceo.cookie] });
const reservationsOf = async (company: TestCompany, propertyId: string) =>
  (await invoke('GET', `/api/reservations?propertyId=${propertyId}`, { cookies: [company.ceo.cookie] })).body as Array<Record<string, any>>;

describe('feeds of a property', () => {
  it('are added, listed, edited and removed by the CEO and managers only, with the source from the host', async () => {
    const company = await createTestCompany();
    const propertyId = (await invoke('POST', '/api/properties', { cookies: [company.ceo.cookie], body: { name: 'Casa', address: 'Rua' } })).body.id;
    const url = 'https://www.airbnb.com/calendar/ical/12345.ics?s=abcdef';
    const created = await invoke('POST', `/api/properties/${propertyId}/feeds`, { cookies: [company.ceo.cookie], body: { url, name: 'Airbnb listing' } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ propertyId, url, name: 'Airbnb listing', source: 'airbnb', enabled: true, lastError: null, lastSyncAt: null, blocks: [] });
    expect(created.body).not.toHaveProperty('companyId');
    expect((await invoke('POST', `/api/properties/${propertyId}/feeds`, { cookies: [company.ceo.cookie], body: { url } })).status).toBe(409);
    for (const bad of ['ftp://example.com/a.ics', 'file:///etc/passwd', 'not a url', 'https://user:pass@example.com/a.ics']) {
      const refused = await invoke('POST', `/api/properties/${propertyId}/feeds`, { cookies: [company.ceo.cookie], body: { url: bad } });
      expect(refused.status).toBe(400);
    }
    // iCloud and Outlook.com hand out webcal:// links: the same calendar over https.
    const icloud = await invoke('POST', `/api/properties/${propertyId}/feeds`, { cookies: [company.ceo.cookie], body: { url: 'webcal://p52-caldav.icloud.com/published/2/MTIzNDU2Nzg5' } });
    expect(icloud.status).toBe(201);
    expect(icloud.body).toMatchObject({ url: 'https://p52-caldav.icloud.com/published/2/MTIzNDU2Nzg5', source: 'ical' });
    expect((await invoke('POST', `/api/properties/${propertyId}/feeds`, { cookies: [company.ceo.cookie], body: { url: 'https://p52-caldav.icloud.com/published/2/MTIzNDU2Nzg5' } })).status).toBe(409);
    expect((await invoke('DELETE', `/api/properties/${propertyId}/feeds/${icloud.body.id}`, { cookies: [company.ceo.cookie] })).status).toBe(204);
    const vrbo = await invoke('POST', `/api/properties/${propertyId}/feeds`, { cookies: [company.ceo.cookie], body: { url: 'http://www.vrbo.com/icalendar/abc.ics' } });
    expect(vrbo.body.source).toBe('vrbo');
    const edited = await invoke('PUT', `/api/properties/${propertyId}/feeds/${vrbo.body.id}`, {
      cookies: [company.ceo.cookie],
      body: { url: 'https://admin.booking.com/hotel/hoteladmin/ical.html?t=xyz', enabled: false },
    });
    expect(edited.body).toMatchObject({ source: 'booking', enabled: false });
    const staff = await company.add('staff');
    const manager = await company.add('operational_manager');
    expect((await invoke('GET', `/api/properties/${propertyId}/feeds`, { cookies: [staff.cookie] })).status).toBe(403);
    expect((await invoke('GET', `/api/properties/${propertyId}/feeds`, { cookies: [manager.cookie] })).body).toHaveLength(2);
    expect((await invoke('DELETE', `/api/properties/${propertyId}/feeds/${vrbo.body.id}`, { cookies: [manager.cookie] })).status).toBe(204);
    expect((await invoke('GET', `/api/properties/${propertyId}/feeds`, { cookies: [company.ceo.cookie] })).body.map((f: { id: string }) => f.id)).toEqual([created.body.id]);
    // Not left for the scheduled job's test to fetch from the internet.
    expect((await invoke('DELETE', `/api/properties/${propertyId}/feeds/${created.body.id}`, { cookies: [company.ceo.cookie] })).status).toBe(204);
  });

  it('answer 404 for another company\'s property or feed, and change nothing', async () => {
    const mine = await createTestCompany();
    const { company: theirs, propertyId, feeds } = await propertyWithFeeds(['airbnb.ics', 'airbnb']);
    const me = [mine.ceo.cookie];
    expect((await invoke('GET', `/api/properties/${propertyId}/feeds`, { cookies: me })).status).toBe(404);
    expect((await invoke('POST', `/api/properties/${propertyId}/feeds`, { cookies: me, body: { url: 'https://example.com/a.ics' } })).status).toBe(404);
    expect((await invoke('PUT', `/api/properties/${propertyId}/feeds/${feeds[0].id}`, { cookies: me, body: { enabled: false } })).status).toBe(404);
    expect((await invoke('DELETE', `/api/properties/${propertyId}/feeds/${feeds[0].id}`, { cookies: me })).status).toBe(404);
    expect((await invoke('POST', `/api/properties/${propertyId}/feeds/sync`, { cookies: me })).status).toBe(404);
    expect(server.hits(feeds[0].route)).toBe(0);
    expect(await getFeed(theirs.companyId, propertyId, feeds[0].id)).toMatchObject({ enabled: true });
  });
});

describe('importing a feed', () => {
  it('creates each booking once with its turnover, however often it runs, and keeps owner blocks out', async () => {
    const { company, propertyId, feeds } = await propertyWithFeeds(['airbnb.ics', 'airbnb']);

    const first = await syncNow(company, propertyId);
    expect(first.status).toBe(200);
    expect(first.body.results).toEqual([
      { feedId: feeds[0].id, propertyId, outcome: 'ok', summary: expect.objectContaining({ events: 3, bookings: 2, blocks: 1, created: 2, unchanged: 0 }) },
    ]);
    expect(publishedTypes().filter((type) => type === 'reservation.created')).toHaveLength(2);
    const second = await syncNow(company, propertyId);
    expect(second.body.results[0].summary).toMatchObject({ created: 0, unchanged: 2, updated: 0, flagged: 0 });

    const reservations = await reservationsOf(company, propertyId);
    expect(reservations).toHaveLength(2);
    // Airbnb writes "Reserved" and no name: the stay is the channel's guest, in the company's language.
    expect(reservations.map((r) => r.guestName)).toEqual(['Hóspede do Airbnb', 'Hóspede do Airbnb']);
    expect(reservations.every((r) => r.integrationSource === 'airbnb' && r.feedId === feeds[0].id && r.syncStatus === 'ok')).toBe(true);
    expect((await getStats(company.companyId)).taskCount).toBe(2);
    // The owner block is no reservation and no turnover, but it shows on the calendar.
    expect(second.body.feeds[0].blocks).toEqual([{ start: day(22), end: day(25), summary: 'Airbnb (Not available)' }]);
    expect(second.body.feeds[0]).toMatchObject({ lastError: null, lastSuccessAt: expect.any(String), consecutiveFailures: 0 });
    const month = await invoke('GET', `/api/properties/${propertyId}/calendar?month=${day(22).slice(0, 7)}`, { cookies: [company.ceo.cookie] });
    expect(month.body.blocks).toEqual(expect.arrayContaining([expect.objectContaining({ start: day(22), end: day(25), feedId: feeds[0].id, source: 'airbnb' })]));
  });

  it('takes all-day dates as days: check-in is DTSTART\'s date, check-out DTEND\'s, at the company hours', async () => {
    const { company, propertyId } = await propertyWithFeeds(['airbnb.ics', 'airbnb']);
    await syncNow(company, propertyId);
    const [listed] = await reservationsOf(company, propertyId);
    const first = (await invoke('GET', `/api/reservations/${listed.id}`, { cookies: [company.ceo.cookie] })).body;
    expect(first).toMatchObject({ checkinDay: day(10), checkoutDay: day(13), nights: 3, checkinDate: at(day(10), 15), checkoutDate: at(day(13), 11) });
    expect(listed).not.toHaveProperty('nightsClaimed');
    expect((await getTask(company.companyId, first.turnoverTaskId))?.dueDate).toBe(at(day(13), 11));
  });

  it('takes a stay written midnight to midnight in UTC as those days, west of UTC too; a timed stay by its local days', async () => {
    // fixtures/direct-site-utc.ics: DTSTART:…T000000Z / DTEND:…T000000Z, as direct-booking sites
    // write whole days. In New York those instants are 19:00 the evening before.
    const { company, propertyId } = await propertyWithFeeds(['direct-site-utc.ics', 'ical']);
    const result = await syncNow(company, propertyId);
    expect(result.body.results[0]).toMatchObject({ outcome: 'ok', summary: expect.objectContaining({ bookings: 2, blocks: 1, created: 2 }) });
    const reservations = await reservationsOf(company, propertyId);
    expect(reservations.map((r) => [r.guestName, r.checkinDay, r.checkoutDay, r.kind ?? 'booking'])).toEqual([
      ['Maria Silva', day(10), day(14), 'booking'],
      ['Tom Baker', day(30), day(34), 'booking'],
    ]);
    expect(result.body.feeds[0].blocks).toEqual([{ start: day(20), end: day(23), summary: 'Blocked - pool upgrade' }]);
    const maria = (await invoke('GET', `/api/reservations/${reservations[0].id}`, { cookies: [company.ceo.cookie] })).body;
    expect((await getTask(company.companyId, maria.turnoverTaskId))?.dueDate).toBe(at(day(14), 11));
  });

  it('follows an export that writes a new UID on every read: no stay flagged as gone, none imported twice', async () => {
    // fixtures/php-uniqid-export.ics: UID:uniqid() per event and per read, as PHP exports write it.
    const { company, propertyId } = await propertyWithFeeds(['php-uniqid-export.ics', 'ical']);
    const first = await syncNow(company, propertyId);
    expect(first.body.results[0].summary).toMatchObject({ bookings: 2, blocks: 1, created: 2 });
    for (let run = 0; run < 2; run += 1) {
      const again = await syncNow(company, propertyId);
      expect(again.body.results[0]).toMatchObject({ outcome: 'ok', summary: expect.objectContaining({ created: 0, unchanged: 2, flagged: 0, doubleBooked: 0 }) });
      expect(again.body.feeds[0].blocks).toEqual([{ start: day(30), end: day(33), summary: 'Owner stay' }]);
    }
    const reservations = await reservationsOf(company, propertyId);
    expect(reservations.map((r) => [r.guestName, r.checkinDay, r.checkoutDay, r.syncStatus, r.conflictWith ?? []])).toEqual([
      ['Carla Mendes', day(10), day(13), 'ok', []],
      ['Hugo Brandt', day(20), day(24), 'ok', []],
    ]);
    expect((await getStats(company.companyId)).taskCount).toBe(2);
  });

  it('names guests from the summary, keeps Vrbo\'s blocks out of the list, and lists a Booking.com stretch as a booking or closure to check', async () => {
    const { company, propertyId } = await propertyWithFeeds(['vrbo.ics', 'vrbo'], ['booking.ics', 'booking']);
    const result = await syncNow(company, propertyId);
    expect(result.body.results.map((r: { outcome: string }) => r.outcome)).toEqual(['ok', 'ok']);
    const reservations = await reservationsOf(company, propertyId);
    expect(reservations.map((r) => [r.guestName, r.checkinDay, r.checkoutDay, r.integrationSource, r.kind ?? 'booking'])).toEqual([
      ['Ana Costa', day(30), day(34), 'vrbo', 'booking'],
      ['CLOSED - Not available', day(50), day(53), 'booking', 'block'],
    ]);
    const stretch = reservations[1];
    expect(stretch).toMatchObject({ ambiguous: true });
    const turnover = await getTask(company.companyId, stretch.turnoverTaskId);
    expect(turnover).toMatchObject({ reviewReason: 'booking_or_closure', status: 'pending', dueDate: at(day(53), 11) });
    // The cleaner's task names no guest called "CLOSED - Not available": it says what the stretch may be.
    expect(turnover?.title).toBe('Limpeza de check-out — Reserva ou bloqueio do Booking.com');
    expect(turnover?.description).toMatch(/^Limpeza automática: noites do Booking.com que terminam em .+, reserva de hóspede ou bloqueio/);
    expect(`${turnover?.title} ${turnover?.description}`).not.toContain('CLOSED');
    // The stay itself keeps the channel's own words, as the export wrote them.
    expect(stretch.guestName).toBe('CLOSED - Not available');
  });

  it('moves a booking whose dates changed in the feed, and its turnover with it', async () => {
    const { company, propertyId, feeds } = await propertyWithFeeds(['airbnb.ics', 'airbnb']);
    await syncNow(company, propertyId);
    const before = (await reservationsOf(company, propertyId))[0];
    server.set(feeds[0].route, { fixture: 'airbnb-moved.ics' });

    const result = await syncNow(company, propertyId);

    expect(result.body.results[0].summary).toMatchObject({ created: 0, updated: 1, unchanged: 1 });
    const after = (await reservationsOf(company, propertyId)).find((r) => r.id === before.id)!;
    expect(after).toMatchObject({ checkinDay: day(12), checkoutDay: day(15), checkinDate: at(day(12), 15) });
    expect(await getTask(company.companyId, before.turnoverTaskId)).toMatchObject({ dueDate: at(day(15), 11), status: 'pending' });
    expect(publishedTypes()).toContain('reservation.updated');
    expect((await reservationsOf(company, propertyId))).toHaveLength(2);
  });

  it('schedules a new turnover when the feed moves a stay whose turnover was already done, and leaves the done one as it was', async () => {
    const { company, propertyId, feeds } = await propertyWithFeeds(['airbnb.ics', 'airbnb']);
    await syncNow(company, propertyId);
    const before = (await reservationsOf(company, propertyId))[0];
    const first = (await getTask(company.companyId, before.turnoverTaskId))!;
    const done = await invoke('PUT', `/api/tasks/${first.id}`, {
      cookies: [company.ceo.cookie],
      body: { type: 'cleaning', title: first.title, propertyId, status: 'completed', dueDate: first.dueDate },
    });
    expect(done.status).toBe(200);
    const completed = await getTask(company.companyId, first.id);
    published.mockClear();
    server.set(feeds[0].route, { fixture: 'airbnb-moved.ics' });

    const result = await syncNow(company, propertyId);

    expect(result.body.results[0].summary).toMatchObject({ updated: 1, unchanged: 1 });
    const after = (await reservationsOf(company, propertyId)).find((r) => r.id === before.id)!;
    expect(after).toMatchObject({ checkoutDay: day(15) });
    expect(after.turnoverTaskId).not.toBe(first.id);
    expect(await getTask(company.companyId, after.turnoverTaskId)).toMatchObject({ status: 'pending', dueDate: at(day(15), 11), reservationId: before.id, title: first.title });
    expect(await getTask(company.companyId, first.id)).toEqual(completed);
    expect(publishedTypes()).toEqual(expect.arrayContaining(['reservation.updated', 'task.created']));
    // The next run changes nothing more.
    expect((await syncNow(company, propertyId)).body.results[0].summary).toMatchObject({ updated: 0, unchanged: 2 });
    expect((await getStats(company.companyId)).tasksByStatus).toMatchObject({ pending: 2, completed: 1 });
  });

  it('keeps a date changed by hand until the feed itself changes', async () => {
    const { company, propertyId } = await propertyWithFeeds(['airbnb.ics', 'airbnb']);
    await syncNow(company, propertyId);
    const first = (await reservationsOf(company, propertyId))[0];
    await invoke('PUT', `/api/reservations/${first.id}`, { cookies: [company.ceo.cookie], body: { checkoutDate: day(14), guestName: 'Lucas Silva' } });
    const result = await syncNow(company, propertyId);
    expect(result.body.results[0].summary).toMatchObject({ updated: 0, unchanged: 2 });
    expect((await reservationsOf(company, propertyId))[0]).toMatchObject({ checkoutDay: day(14), guestName: 'Lucas Silva' });
  });

  it('names a nameless stay in the company\'s language, and again when the language changes, unless a manager named the guest', async () => {
    const { company, propertyId } = await propertyWithFeeds(['airbnb.ics', 'airbnb']);
    await syncNow(company, propertyId);
    const [first, second] = await reservationsOf(company, propertyId);
    expect(await getTask(company.companyId, first.turnoverTaskId)).toMatchObject({ title: 'Limpeza de check-out — Hóspede do Airbnb' });
    await invoke('PUT', `/api/reservations/${second.id}`, { cookies: [company.ceo.cookie], body: { guestName: 'Lucas Silva' } });

    const companyBody = { name: 'Casa Sol', email: 'hola@casasol.test', phone: '+34 600 000 000', address: 'Calle Mayor 1', responsibleName: 'Lucía', responsibleEmail: 'lucia@casasol.test' };
    const changed = await invoke('PUT', `/api/companies/${company.companyId}`, { cookies: [company.ceo.cookie], body: { ...companyBody, preferredLanguage: 'spanish' } });
    expect(changed.status).toBe(200);
    const result = await syncNow(company, propertyId);
    expect(result.body.results[0].summary).toMatchObject({ updated: 1, unchanged: 1 });

    const after = await reservationsOf(company, propertyId);
    expect(after.map((r) => r.guestName)).toEqual(['Huésped de Airbnb', 'Lucas Silva']);
    // The automatic turnover follows the stay's name; the dates are no news to anyone.
    const turnover = await getTask(company.companyId, first.turnoverTaskId);
    expect(turnover).toMatchObject({ title: 'Limpieza de salida — Huésped de Airbnb' });
    expect(turnover?.description).toMatch(/^Limpieza automática: Huésped de Airbnb hace el check-out el /);
    expect(publishedTypes()).not.toContain('reservation.missing_from_feed');
    // Once relabelled, the next sync reads nothing more.
    expect((await syncNow(company, propertyId)).body.results[0].summary).toMatchObject({ updated: 0, unchanged: 2 });
  });

  it('flags a booking that vanished from a healthy feed instead of cancelling it; a manager confirms or keeps it', async () => {
    const { company, propertyId, feeds } = await propertyWithFeeds(['airbnb.ics', 'airbnb']);
    await syncNow(company, propertyId);
    const [, second] = await reservationsOf(company, propertyId);
    server.set(feeds[0].route, { fixture: 'airbnb-vanished.ics' });

    const result = await syncNow(company, propertyId);

    expect(result.body.results[0].summary).toMatchObject({ flagged: 1, unchanged: 1 });
    expect(publishedTypes()).toContain('reservation.missing_from_feed');
    const flagged = (await invoke('GET', `/api/reservations/${second.id}`, { cookies: [company.ceo.cookie] })).body;
    expect(flagged).toMatchObject({ status: 'confirmed', syncStatus: 'missing_from_feed', missingSince: expect.any(String) });
    expect((await getTask(company.companyId, second.turnoverTaskId))?.status).toBe('pending');
    // A second run flags nothing new.
    expect((await syncNow(company, propertyId)).body.results[0].summary.flagged).toBe(0);

    // The manager confirms the cancellation: the turnover is cancelled with it.
    const cancelled = await invoke('POST', `/api/reservations/${second.id}/cancel`, { cookies: [company.ceo.cookie], body: { reason: 'Cancelled on Airbnb' } });
    expect(cancelled.body).toMatchObject({ status: 'cancelled' });
    expect((await getTask(company.companyId, second.turnoverTaskId))?.status).toBe('cancelled');
    expect((await getStats(company.companyId)).tasksByStatus).toMatchObject({ pending: 1, cancelled: 1 });
  });

  it('lets a manager keep a flagged booking; it is back in sync if it reappears', async () => {
    const { company, propertyId, feeds } = await propertyWithFeeds(['airbnb.ics', 'airbnb']);
    await syncNow(company, propertyId);
    const [, second] = await reservationsOf(company, propertyId);
    server.set(feeds[0].route, { fixture: 'airbnb-vanished.ics' });
    await syncNow(company, propertyId);
    const kept = await invoke('POST', `/api/reservations/${second.id}/keep`, { cookies: [company.ceo.cookie] });
    expect(kept.body).toMatchObject({ syncStatus: 'kept', status: 'confirmed' });
    expect((await syncNow(company, propertyId)).body.results[0].summary.flagged).toBe(0);
    server.set(feeds[0].route, { fixture: 'airbnb.ics' });
    expect((await syncNow(company, propertyId)).body.results[0].summary).toMatchObject({ restored: 1, created: 0 });
    expect((await invoke('GET', `/api/reservations/${second.id}`, { cookies: [company.ceo.cookie] })).body.syncStatus).toBe('ok');
  });

  it('reports a failing feed on the feed, cancels and flags nothing, and still imports the other feed', async () => {
    const { company, propertyId, feeds } = await propertyWithFeeds(['airbnb.ics', 'airbnb'], ['vrbo.ics', 'vrbo']);
    await syncNow(company, propertyId);
    expect(await reservationsOf(company, propertyId)).toHaveLength(3);
    server.set(feeds[0].route, { status: 503, body: 'Service Unavailable' });
    server.set(feeds[1].route, { fixture: 'vrbo.ics' });
    published.mockClear();

    const result = await invoke('POST', `/api/properties/${propertyId}/feeds/sync`, { cookies: [company.ceo.cookie], headers: { 'accept-language': 'pt-BR' } });

    expect(result.body.results).toEqual([
      { feedId: feeds[0].id, propertyId, outcome: 'failed', error: { code: 'calendar.error.serverError', params: { status: 503 }, message: 'O servidor do canal falhou ao entregar o calendário (HTTP 503)' } },
      expect.objectContaining({ feedId: feeds[1].id, outcome: 'ok' }),
    ]);
    expect(result.body.feeds[0]).toMatchObject({ lastError: 'O servidor do canal falhou ao entregar o calendário (HTTP 503)', lastErrorCode: 'calendar.error.serverError', lastErrorAt: expect.any(String), consecutiveFailures: 1 });
    expect(publishedTypes()).toEqual(['calendar.feed_failed']);
    const reservations = await reservationsOf(company, propertyId);
    expect(reservations).toHaveLength(3);
    expect(reservations.every((r) => r.status === 'confirmed' && r.syncStatus === 'ok')).toBe(true);

    // Failing again is not announced again; a page that is not iCal is a failure too.
    server.set(feeds[0].route, { fixture: 'not-ical.html' });
    published.mockClear();
    const again = await syncNow(company, propertyId);
    expect(again.body.feeds[0]).toMatchObject({ lastErrorCode: 'calendar.error.webPage', consecutiveFailures: 2 });
    expect(again.body.feeds[0].lastError).toMatch(/^The link returned a web page instead of an iCal calendar/);
    expect(publishedTypes()).toEqual([]);
    // A new address is a new calendar: none of the old one's failures (its first failure is "1 in a
    // row" and is announced as a first failure).
    server.set('/moved.ics', { status: 503, body: 'Service Unavailable' });
    const moved = await invoke('PUT', `/api/properties/${propertyId}/feeds/${feeds[0].id}`, { cookies: [company.ceo.cookie], body: { url: `${server.url}/moved.ics` } });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ lastError: null, lastErrorAt: null, consecutiveFailures: 0 });
    const movedSync = await syncNow(company, propertyId);
    expect(movedSync.body.feeds[0]).toMatchObject({ lastErrorCode: 'calendar.error.serverError', consecutiveFailures: 1 });
    expect(publishedTypes()).toEqual(['calendar.feed_failed']);
    published.mockClear();
    await invoke('PUT', `/api/properties/${propertyId}/feeds/${feeds[0].id}`, { cookies: [company.ceo.cookie], body: { url: `${server.url}${feeds[0].route}` } });
    // Back to health: the error clears.
    server.set(feeds[0].route, { fixture: 'airbnb.ics' });
    expect((await syncNow(company, propertyId)).body.feeds[0]).toMatchObject({ lastError: null, consecutiveFailures: 0 });
  });

  it('reads a calendar served gzipped though not asked (iCloud); a 429 with Retry-After fails saying so, keeps the stays, and waits as asked', async () => {
    const { company, propertyId, feeds } = await propertyWithFeeds(['icloud-shared.ics', 'ical']);
    server.set(feeds[0].route, { fixture: 'icloud-shared.ics', gzip: true });
    const first = await syncNow(company, propertyId);
    expect(first.body.results[0]).toMatchObject({ outcome: 'ok', summary: expect.objectContaining({ bookings: 2, blocks: 1, created: 2 }) });
    expect((await reservationsOf(company, propertyId)).map((r) => [r.guestName, r.checkinDay, r.checkoutDay])).toEqual([
      ['Paula Reis', day(12), day(15)],
      ['Jorge Lima', day(18), day(21)],
    ]);
    expect(first.body.feeds[0].blocks).toEqual([{ start: day(25), end: day(28), summary: 'Uso do proprietário' }]);

    // Airbnb and others answer 429 to frequent reads, with how long to wait.
    server.set(feeds[0].route, { status: 429, body: 'Too Many Requests', headers: { 'retry-after': '7200' } });
    const before = Date.now();
    const limited = await invoke('POST', `/api/properties/${propertyId}/feeds/sync`, { cookies: [company.ceo.cookie], headers: { 'accept-language': 'en' } });
    expect(limited.body.results[0]).toMatchObject({ outcome: 'failed', error: { code: 'calendar.error.rateLimited', params: { status: 429 } } });
    expect(limited.body.feeds[0].lastError).toMatch(/limiting how often .* \(HTTP 429\)/);
    const feed = await getFeed(company.companyId, propertyId, feeds[0].id);
    expect(Date.parse(feed!.nextSyncAt!)).toBeGreaterThanOrEqual(before + 7_200_000);
    const reservations = await reservationsOf(company, propertyId);
    expect(reservations.map((r) => [r.status, r.syncStatus])).toEqual([['confirmed', 'ok'], ['confirmed', 'ok']]);

    // "Sync now" pressed again meanwhile does not read the channel before the time it asked for.
    const hits = server.hits(feeds[0].route);
    const again = await invoke('POST', `/api/properties/${propertyId}/feeds/sync`, { cookies: [company.ceo.cookie], headers: { 'accept-language': 'en' } });
    expect(again.status).toBe(200);
    expect(again.body.results[0]).toMatchObject({ outcome: 'waiting', nextSyncAt: feed!.nextSyncAt });
    expect(again.body.results[0].message).toMatch(/^The channel asked us to wait before reading its calendar again: it is read in about (119|120) min$/);
    expect(server.hits(feeds[0].route)).toBe(hits);
  });

  it('imports a calendar kept for years (a 3 MB Google Calendar, thousands of past events) instead of failing as too large', async () => {
    const { company, propertyId, feeds } = await propertyWithFeeds(['google-calendar.ics', 'ical']);
    const stamp = (ms: number) => new Date(ms).toISOString().replace(/[-:]/g, '').slice(0, 15) + 'Z';
    const lines = ['BEGIN:VCALENDAR', 'PRODID:-//Google Inc//Google Calendar 70.9054//EN', 'VERSION:2.0', 'CALSCALE:GREGORIAN', 'METHOD:PUBLISH', 'X-WR-TIMEZONE:America/New_York'];
    const event = (uid: string, start: string, end: string, summary: string, description = '') =>
      lines.push('BEGIN:VEVENT', `DTSTART;VALUE=DATE:${start}`, `DTEND;VALUE=DATE:${end}`, 'DTSTAMP:20261120T000000Z', `UID:${uid}@google.com`, 'CREATED:20160101T000000Z', `DESCRIPTION:${description}`, 'LAST-MODIFIED:20160101T000000Z', 'LOCATION:', 'SEQUENCE:0', 'STATUS:CONFIRMED', `SUMMARY:${summary}`, 'TRANSP:OPAQUE', 'END:VEVENT');
    // Eight years of two-night stays, ending two years ago: history, not news.
    const longAgo = Date.now() - 2 * 366 * 86_400_000;
    for (let i = 0; i < 8_500; i += 1) {
      const start = longAgo - (i + 1) * 3 * 86_400_000;
      event(`old-${i}`, stamp(start).slice(0, 8), stamp(start + 2 * 86_400_000).slice(0, 8), `Reserved - Guest ${i}`, 'Check-in after 15:00\\, key in the box\\, code 4821. Call +351 912 345 678.');
    }
    event('next-1', day(40).replace(/-/g, ''), day(43).replace(/-/g, ''), 'Reserved - Inês Prado');
    lines.push('END:VCALENDAR');
    const body = lines.join('\r\n');
    expect(body.length).toBeGreaterThan(2.5 * 1024 * 1024);
    server.set(feeds[0].route, { body, contentType: 'text/calendar; charset=UTF-8' });
    const result = await syncNow(company, propertyId);
    expect(result.body.results[0]).toMatchObject({ outcome: 'ok', summary: expect.objectContaining({ bookings: 1, created: 1 }) });
    expect((await reservationsOf(company, propertyId)).map((r) => [r.guestName, r.checkinDay, r.checkoutDay])).toEqual([['Inês Prado', day(40), day(43)]]);
  });

  it('treats a feed that suddenly comes back without its bookings as a failure, and flags nothing', async () => {
    const { company, propertyId, feeds } = await propertyWithFeeds(['airbnb.ics', 'airbnb']);
    await syncNow(company, propertyId);
    server.set(feeds[0].route, { fixture: 'airbnb-empty.ics' });
    const result = await syncNow(company, propertyId);
    expect(result.body.results[0]).toMatchObject({ outcome: 'failed', error: { code: 'calendar.error.suddenlyEmpty', params: { count: 2 } } });
    const reservations = await reservationsOf(company, propertyId);
    expect(reservations.every((r) => r.syncStatus === 'ok' && r.status === 'confirmed')).toBe(true);
  });

  it('imports a booking over a direct stay side by side, flagged as a double booking', async () => {
    const { company, propertyId } = await propertyWithFeeds(['airbnb.ics', 'airbnb']);
    const direct = await invoke('POST', '/api/reservations', {
      cookies: [company.ceo.cookie],
      body: { propertyId, guestName: 'Direct guest', checkinDate: day(17), checkoutDate: day(19) },
    });
    expect(direct.status).toBe(201);
    const result = await syncNow(company, propertyId);
    expect(result.body.results[0].summary).toMatchObject({ created: 2, doubleBooked: 1, conflicts: [] });
    const imported = (await reservationsOf(company, propertyId)).find((r) => r.checkinDay === day(16))!;
    expect(imported.conflictWith).toEqual([direct.body.id]);
    expect(publishedTypes()).toContain('reservation.double_booked');
  });

  it('gives up on a feed that does not answer in time, or is too large, or sits on a private address', async () => {
    const { company, propertyId, feeds } = await propertyWithFeeds(['airbnb.ics', 'airbnb']);
    server.set(feeds[0].route, { hang: true });
    const feed = (await getFeed(company.companyId, propertyId, feeds[0].id))!;
    const started = Date.now();
    const outcome = await syncFeed(feed, { fetch: { timeoutMs: 300 } });
    expect(outcome).toMatchObject({ outcome: 'failed', error: { code: 'calendar.error.timeout' } });
    expect(Date.now() - started).toBeLessThan(5_000);
    server.set(feeds[0].route, { fixture: 'airbnb.ics' });
    await expect(fetchFeed(`${server.url}${feeds[0].route}`, { maxBytes: 100 })).rejects.toMatchObject({ code: 'calendar.error.tooLarge' });
    await expect(fetchFeed(`${server.url}${feeds[0].route}`, { allowPrivateHosts: false })).rejects.toMatchObject({ code: 'calendar.error.hostNotAllowed' });
    await expect(fetchFeed('http://169.254.169.254/latest/meta-data/', { allowPrivateHosts: false })).rejects.toBeInstanceOf(FeedFetchError);
    expect(await reservationsOf(company, propertyId)).toEqual([]);
  });

  it('lets one run at a time import a feed (a second one meanwhile answers busy)', async () => {
    const { company, propertyId, feeds } = await propertyWithFeeds(['airbnb.ics', 'airbnb']);
    const feed = (await getFeed(company.companyId, propertyId, feeds[0].id))!;
    expect(await acquireSyncLease(feed, new Date(), 60_000)).toBe(true);
    expect((await syncNow(company, propertyId)).body.results[0]).toMatchObject({ outcome: 'busy' });
    expect((await syncNow(company, propertyId)).body.feeds[0].syncing).toBe(true);
    expect(server.hits(feeds[0].route)).toBe(0);
    // A lease that ran out (a crashed run) does not hold the feed forever.
    expect((await syncFeed(feed, { now: new Date(Date.now() + 120_000) })).outcome).toBe('ok');
  });

  it('runs from the scheduled job: the due feeds go to the queue, a worker imports each, and the feed is due again in 30 minutes', async () => {
    const { company, propertyId, feeds } = await propertyWithFeeds(['vrbo.ics', 'vrbo']);
    const run = await scheduledSync({ time: new Date().toISOString() });
    expect(run.due).toBeGreaterThanOrEqual(1);
    expect(run.queued).toBeGreaterThanOrEqual(1);
    expect(await reservationsOf(company, propertyId)).toHaveLength(1);
    const feed = (await getFeed(company.companyId, propertyId, feeds[0].id))!;
    expect(Date.parse(feed.nextSyncAt!) - Date.parse(feed.lastSyncAt!)).toBe(30 * 60_000);
    // Not due again yet: the next run leaves it alone.
    const hits = server.hits(feeds[0].route);
    await scheduledSync({ time: new Date().toISOString() });
    expect(server.hits(feeds[0].route)).toBe(hits);
  });
});

describe('calendars that are not booking calendars (issue 43)', () => {
  const feedsOf = async (company: TestCompany, propertyId: string, language = 'en') =>
    (await invoke('GET', `/api/properties/${propertyId}/feeds`, { cookies: [company.ceo.cookie], headers: { 'accept-language': language } })).body as Array<Record<string, any>>;

  it('a meeting calendar pasted instead of the channel\'s is held on its first sync: nothing created until a manager confirms it', async () => {
    const { company, propertyId, feeds } = await propertyWithFeeds(['google-meetings.ics', 'ical']);
    const first = await syncNow(company, propertyId);
    expect(first.body.results[0]).toMatchObject({ outcome: 'ok', summary: { created: 0, notBookingCalendar: { events: 5, notStays: 4 } } });
    expect(await reservationsOf(company, propertyId)).toEqual([]);
    const [held] = await feedsOf(company, propertyId, 'pt');
    expect(held).toMatchObject({ awaitingConfirmation: true, confirmedAt: null, lastError: null, lastSuccessAt: null });
    expect(held.notBookingCalendar).toBe(
      'Isto não parece um calendário de reservas: 4 dos seus 5 eventos não são estadias (reuniões, compromissos, feriados; p. ex. “Daily Sync”, “1:1 Marta / Rui”, “Team lunch”). Nada foi importado. Confira se o link é o calendário do canal, ou importe mesmo assim',
    );
    // Each meeting is listed once, with its reason in words (not 500 one-night stays).
    expect(held.lastSummary.skippedEvents.map((entry: { summary: string; message: string }) => `${entry.summary}: ${entry.message}`)).toEqual([
      expect.stringMatching(/^Daily Sync: Evento repetido dentro de um só dia \(\d+ vezes, a primeira \d{4}-\d{2}-\d{2} \d{2}:30\): não ocupa nenhuma noite/),
      expect.stringMatching(/^1:1 Marta \/ Rui: Evento repetido/),
      expect.stringMatching(/^Team lunch: Evento dentro de um só dia/),
      expect.stringMatching(/^Quarterly review: Evento dentro de um só dia/),
    ]);
    // The next scheduled read holds it again (no 304 on its word); still nothing.
    await syncNow(company, propertyId);
    expect(await reservationsOf(company, propertyId)).toEqual([]);
    expect((await feedsOf(company, propertyId))[0].awaitingConfirmation).toBe(true);
    // Only managers confirm; another company's feed is not found.
    const other = await createTestCompany();
    expect((await invoke('POST', `/api/properties/${propertyId}/feeds/${feeds[0].id}/confirm`, { cookies: [other.ceo.cookie] })).status).toBe(404);
    const confirmed = await invoke('POST', `/api/properties/${propertyId}/feeds/${feeds[0].id}/confirm`, { cookies: [company.ceo.cookie] });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ awaitingConfirmation: false, confirmedAt: expect.any(String), notBookingCalendar: null });
    const imported = await syncNow(company, propertyId);
    expect(imported.body.results[0]).toMatchObject({ outcome: 'ok', summary: { created: 1 } });
    // The one event that spans a night (a two-day offsite); the meetings still take none.
    expect((await reservationsOf(company, propertyId)).map((r) => [r.guestName, r.checkinDay, r.checkoutDay])).toEqual([['Offsite Porto', day(15), day(16)]]);
    expect((await feedsOf(company, propertyId))[0]).toMatchObject({ awaitingConfirmation: false, lastSuccessAt: expect.any(String) });
  });

  it.each(['holidays-pt.ics', 'sports-fixtures.ics', 'personal-calendar.ics'])('holds %s on its first sync, creating nothing', async (fixture) => {
    const { company, propertyId } = await propertyWithFeeds([fixture, 'ical']);
    const result = await syncNow(company, propertyId);
    expect(result.body.results[0]).toMatchObject({ outcome: 'ok', summary: { created: 0, notBookingCalendar: expect.any(Object) } });
    expect(await reservationsOf(company, propertyId)).toEqual([]);
    expect((await feedsOf(company, propertyId, 'es'))[0].notBookingCalendar).toMatch(/^Esto no parece un calendario de reservas: \d+ de sus \d+ eventos no son estancias/);
  });

  it('a channel\'s calendar and a calendar of stays are never held; a new link is checked again as a first read', async () => {
    const { company, propertyId, feeds } = await propertyWithFeeds(['airbnb.ics', 'airbnb'], ['direct-site-utc.ics', 'ical']);
    const result = await syncNow(company, propertyId);
    expect(result.body.results.map((r: { summary: { created: number } }) => r.summary.created)).toEqual([2, 2]);
    expect((await feedsOf(company, propertyId)).map((feed) => feed.awaitingConfirmation)).toEqual([false, false]);
    // The second feed's link now points at a meeting calendar: held, its stays left as they are.
    const route = feedRoute('google-meetings.ics');
    expect((await invoke('PUT', `/api/properties/${propertyId}/feeds/${feeds[1].id}`, { cookies: [company.ceo.cookie], body: { url: `${server.url}${route}` } })).status).toBe(200);
    await syncNow(company, propertyId);
    expect((await feedsOf(company, propertyId)).map((feed) => feed.awaitingConfirmation)).toEqual([false, true]);
    expect(await reservationsOf(company, propertyId)).toHaveLength(4);
  });
});

describe('every calendar failure told as what it is (issue 43)', () => {
  it('a calendar with impossible durations, dates, rules and zones imports its good stays and lists the rest in words; nothing says "Invalid time value"', async () => {
    const { company, propertyId, feeds } = await propertyWithFeeds(['airbnb.ics', 'airbnb']);
    const d = (offset: number) => day(offset).replace(/-/g, '');
    const event = (...lines: string[]) => ['BEGIN:VEVENT', ...lines, 'END:VEVENT'];
    const body = [
      'BEGIN:VCALENDAR',
      'PRODID:-//Rental Calendar//Property Export//EN',
      ...event('UID:good', `DTSTART;VALUE=DATE:${d(10)}`, `DTEND;VALUE=DATE:${d(13)}`, 'SUMMARY:Reserved - Ana'),
      ...event('UID:long', `DTSTART:${d(20)}T150000Z`, 'DURATION:P99999999W', 'SUMMARY:Reserved - Forever'),
      ...event('UID:feb', 'DTSTART;VALUE=DATE:20270230', 'DTEND;VALUE=DATE:20270303', 'SUMMARY:Reserved - Nobody'),
      ...event('UID:rule', `DTSTART;VALUE=DATE:${d(30)}`, `DTEND;VALUE=DATE:${d(31)}`, 'RRULE:FREQ=SOMETIMES', 'SUMMARY:Blocked'),
      ...event('UID:zone', `DTSTART;TZID=Mars/Olympus:${d(40)}T150000`, `DTEND;TZID=Mars/Olympus:${d(42)}T110000`, 'SUMMARY:Reserved - Rui'),
      'END:VCALENDAR',
    ].join('\r\n');
    server.set(feeds[0].route, { body, contentType: 'text/calendar; charset=utf-8' });
    const result = await syncNow(company, propertyId);
    expect(result.body.results[0]).toMatchObject({ outcome: 'ok', summary: { created: 2, skipped: 3 } });
    const feed = (await invoke('GET', `/api/properties/${propertyId}/feeds`, { cookies: [company.ceo.cookie], headers: { 'accept-language': 'en' } })).body[0];
    expect(feed.lastSummary.skippedEvents.map((entry: { message: string }) => entry.message)).toEqual([
      'Event that would last more than 10 years (P99999999W): its end or duration cannot be right: not imported',
      'Event with a date that does not exist (20270230): not imported',
      'Event with a repeat rule that cannot be read (FREQ=SOMETIMES): not imported',
    ]);
    expect(feed.lastSummary.warnings.map((warning: { message: string }) => warning.message)).toEqual([
      'The calendar names a time zone that is not known ("Mars/Olympus"): its times were read in America/New_York',
    ]);
    expect(JSON.stringify(feed)).not.toMatch(/Invalid time value|RangeError|TypeError/);
  });

  it('unreachable, refused, not a calendar, cut short: each in its words and the caller\'s language', async () => {
    const { company, propertyId, feeds } = await propertyWithFeeds(['airbnb.ics', 'airbnb']);
    const failure = async (language: string) => {
      await syncNow(company, propertyId);
      const feed = (await invoke('GET', `/api/properties/${propertyId}/feeds`, { cookies: [company.ceo.cookie], headers: { 'accept-language': language } })).body[0];
      return [feed.lastErrorCode, feed.lastError];
    };
    server.set(feeds[0].route, { status: 403, body: 'Forbidden' });
    expect(await failure('en')).toEqual(['calendar.error.refused', 'The channel refused to hand over the calendar (HTTP 403): the link may have expired or be private; copy the calendar export link again']);
    server.set(feeds[0].route, { status: 404 });
    expect(await failure('pt')).toEqual(['calendar.error.notFound', 'Não há mais calendário neste link (HTTP 404): o canal pode tê-lo substituído; copie de novo o link de exportação do calendário']);
    server.set(feeds[0].route, { fixture: 'not-ical.html' });
    expect((await failure('es'))[0]).toBe('calendar.error.webPage');
    server.set(feeds[0].route, { fixture: 'truncated.ics' });
    expect(await failure('es')).toEqual(['calendar.error.truncated', 'El calendario llegó incompleto (cortado antes del final); no se cambió nada, la próxima sincronización lo intentará de nuevo']);
  });
});

describe('every overlap alarms (issue 43)', () => {
  it('a third booking over nights already double-booked is flagged and alerts like the first; by hand it is refused; each resolves as the stays before it go', async () => {
    const { company, propertyId, feeds } = await propertyWithFeeds(['airbnb.ics', 'airbnb'], ['vrbo.ics', 'vrbo']);
    const direct = await invoke('POST', '/api/reservations', { cookies: [company.ceo.cookie], body: { propertyId, guestName: 'Direct guest', checkinDate: day(17), checkoutDate: day(19) } });
    expect(direct.status).toBe(201);
    // Vrbo's stay lies only over night 19, which Airbnb's double-booked stay (16-20) covers and nobody holds.
    const vrboBody = ['BEGIN:VCALENDAR', 'PRODID:-//HomeAway.com, Inc.//EN', 'BEGIN:VEVENT', 'UID:vrbo-third', `DTSTART;VALUE=DATE:${day(19).replace(/-/g, '')}`, `DTEND;VALUE=DATE:${day(21).replace(/-/g, '')}`, 'SUMMARY:Reserved - Third Guest', 'END:VEVENT', 'END:VCALENDAR'].join('\r\n');
    server.set(feeds[1].route, { body: vrboBody, contentType: 'text/calendar' });
    const result = await syncNow(company, propertyId);
    expect(result.body.results.map((r: { summary: { doubleBooked: number } }) => r.summary.doubleBooked)).toEqual([1, 1]);
    const all = await reservationsOf(company, propertyId);
    const airbnb = all.find((r) => r.checkinDay === day(16))!;
    const third = all.find((r) => r.guestName === 'Third Guest')!;
    expect(airbnb.conflictWith).toEqual([direct.body.id]);
    expect(third.conflictWith).toEqual([airbnb.id]);
    // Alerted like the first conflict, naming every stay on those nights.
    const alarms = published.mock.calls.flatMap(([events]) => events).filter((event) => event.type === 'reservation.double_booked');
    const thirdAlarm = alarms.find((event) => (event.detail as { reservationId: string }).reservationId === third.id);
    expect(thirdAlarm).toBeDefined();
    const named = await staysOverTheSameNights(thirdAlarm!.detail as never);
    expect(named.map((r) => r.guestName).sort()).toEqual(['Direct guest', 'Hóspede do Airbnb']);
    const open = await invoke('GET', '/api/reservations/double-bookings', { cookies: [company.ceo.cookie] });
    expect(JSON.stringify(open.body)).toContain(third.id);
    // By hand, a fourth stay on night 16 (Airbnb's, held by nobody) is refused as taken.
    const byHand = await invoke('POST', '/api/reservations', { cookies: [company.ceo.cookie], body: { propertyId, guestName: 'Walk-in', checkinDate: day(15), checkoutDate: day(17) } });
    expect(byHand.status).toBe(409);
    // Resolved the same way: the direct stay goes, Airbnb's takes its nights; the third still lies over them.
    expect((await invoke('POST', `/api/reservations/${direct.body.id}/cancel`, { cookies: [company.ceo.cookie], body: { reason: 'Moved' } })).status).toBe(200);
    let now = await reservationsOf(company, propertyId);
    expect(now.find((r) => r.id === airbnb.id)!.conflictWith ?? []).toEqual([]);
    expect(now.find((r) => r.id === third.id)!.conflictWith).toEqual([airbnb.id]);
    // Airbnb's goes too: the third takes its nights, and no double booking is left open.
    expect((await invoke('POST', `/api/reservations/${airbnb.id}/cancel`, { cookies: [company.ceo.cookie], body: { reason: 'Guest cancelled' } })).status).toBe(200);
    now = await reservationsOf(company, propertyId);
    expect(now.find((r) => r.id === third.id)!.conflictWith ?? []).toEqual([]);
    expect(JSON.stringify((await invoke('GET', '/api/reservations/double-bookings', { cookies: [company.ceo.cookie] })).body)).not.toContain(third.id);
  });
});

describe('reading iCal dates', () => {
  const original = process.env.TZ;
  afterEach(() => {
    process.env.TZ = original;
  });

  it.each(['Asia/Tokyo', 'America/Los_Angeles', 'UTC'])('does not shift all-day dates when the machine runs in %s', async (zone) => {
    process.env.TZ = zone;
    const parsed = await parseFeed(renderFixture('airbnb.ics'), { source: 'airbnb', timeZone: TZ });
    expect(parsed.events.map((e) => [e.kind, e.checkinDay, e.checkoutDay])).toEqual([
      ['booking', day(10), day(13)],
      ['booking', day(16), day(20)],
      ['block', day(22), day(25)],
    ]);
  });

  it('drops control and text-direction characters from a feed\'s guest names, so a manager can edit the stay as imported', async () => {
    const company = await createTestCompany();
    const property = await invoke('POST', '/api/properties', { cookies: [company.ceo.cookie], body: { name: 'Casa do Farol', address: 'Rua' } });
    const route = `/t${++routeCounter}/hidden.ics`;
    const summary = 'Reserved - Ana\u202E Cos\u0007ta\u2066';
    const event = ['BEGIN:VEVENT', 'UID:hidden-1', `DTSTART;VALUE=DATE:${day(20).replace(/-/g, '')}`, `DTEND;VALUE=DATE:${day(23).replace(/-/g, '')}`, `SUMMARY:${summary}`, 'END:VEVENT'];
    server.set(route, { body: ['BEGIN:VCALENDAR', 'PRODID:-//HomeAway.com, Inc.//EN', ...event, 'END:VCALENDAR'].join('\r\n'), contentType: 'text/calendar; charset=utf-8' });
    const feed = await invoke('POST', `/api/properties/${property.body.id}/feeds`, { cookies: [company.ceo.cookie], body: { url: `${server.url}${route}`, source: 'vrbo' } });
    expect(feed.status).toBe(201);
    expect((await syncNow(company, property.body.id)).body.results.map((r: { outcome: string }) => r.outcome)).toEqual(['ok']);
    const [stay] = await reservationsOf(company, property.body.id);
    expect(stay.guestName).toBe('Ana Costa');
    const turnover = await getTask(company.companyId, stay.turnoverTaskId);
    expect(turnover?.title).toBe('Limpeza de check-out — Ana Costa');
    const edited = await invoke('PUT', `/api/reservations/${stay.id}`, { cookies: [company.ceo.cookie], body: { guestName: stay.guestName } });
    expect(edited.status).toBe(200);
  });

  it('takes a timed event\'s local days in the company time zone', async () => {
    const body = ['BEGIN:VCALENDAR', 'BEGIN:VEVENT', 'UID:t1', 'DTSTART:20301201T030000Z', 'DTEND:20301204T150000Z', 'SUMMARY:Reserved - Late Arrival', 'END:VEVENT', 'END:VCALENDAR'].join('\r\n');
    expect((await parseFeed(body, { source: 'ical', timeZone: TZ })).events[0]).toMatchObject({ checkinDay: '2030-11-30', checkoutDay: '2030-12-04', guestName: 'Late Arrival', kind: 'booking' });
  });

  it('tells blocks from bookings and reads cancelled events as cancelled', async () => {
    const event = (uid: string, summary: string, extra = '') => ['BEGIN:VEVENT', `UID:${uid}`, 'DTSTART;VALUE=DATE:20301201', 'DTEND;VALUE=DATE:20301203', `SUMMARY:${summary}`, extra, 'END:VEVENT'].filter(Boolean);
    const body = ['BEGIN:VCALENDAR', ...event('a', 'Not available'), ...event('b', 'CLOSED - Not available'), ...event('c', 'Blocked'), ...event('d', 'Airbnb (Not available)'), ...event('e', 'Reserved', 'STATUS:CANCELLED'), ...event('f', 'Reserved'), 'END:VCALENDAR'].join('\r\n');
    const events = (await parseFeed(body, { source: 'airbnb', timeZone: TZ })).events;
    expect(events.map((e) => `${e.kind}:${e.status}`)).toEqual(['block:confirmed', 'block:confirmed', 'block:confirmed', 'block:confirmed', 'booking:cancelled', 'booking:confirmed']);
    await expect(parseFeed('<html>nope</html>', { source: 'ical', timeZone: TZ })).rejects.toThrow(FeedFetchError);
  });
});
