// "Occupied is occupied" through the route table, the local stand-ins and a local feed server:
// blocks take their nights (a booking by hand over them is refused), Booking.com stretches get a
// turnover to check that a manager dismisses for good, the same nights from two channels are a
// double booking (both kept, flagged, the CEO and managers alerted, resolved by cancelling one),
// cancelled-in-feed bookings are flagged and the feed keeps syncing, long and tentative stays import.
process.env.CALENDAR_ALLOW_PRIVATE_HOSTS = 'true';

import { invoke } from '../../../local/invoke';
import { createTestCompany, type TestCompany } from '../../../tests/support/fixtures';
import { emailsTo } from '../../../tests/support/notifications';
import { getTask } from '../../data/repositories/tasks';
import { addDays } from '#shared/days';
import { fixtureDay as day, startFeedServer, type FeedServer } from './fixtures/feed-server';

let server: FeedServer;
beforeAll(async () => {
  server = await startFeedServer();
});
afterAll(async () => server.close());

const compact = (d: string) => d.replace(/-/g, '');
const vevent = (uid: string, start: string, end: string, summary: string, extra: string[] = []) => [
  'BEGIN:VEVENT',
  `UID:${uid}`,
  'DTSTAMP:20260101T000000Z',
  `DTSTART;VALUE=DATE:${compact(start)}`,
  `DTEND;VALUE=DATE:${compact(end)}`,
  `SUMMARY:${summary}`,
  ...extra,
  'END:VEVENT',
];
const calendar = (prodId: string, ...events: string[][]) => ['BEGIN:VCALENDAR', 'VERSION:2.0', `PRODID:${prodId}`, ...events.flat(), 'END:VCALENDAR', ''].join('\r\n');
const AIRBNB = '-//Airbnb Inc//Hosting Calendar 0.8.8//EN';
const BOOKING = '-//admin.booking.com//EN';

let counter = 0;
async function setup(...bodies: string[]) {
  const company = await createTestCompany();
  const property = await invoke('POST', '/api/properties', { cookies: [company.ceo.cookie], body: { name: 'Casa das Dunas', address: 'Rua 3' } });
  const propertyId: string = property.body.id;
  const routes: string[] = [];
  for (const body of bodies) {
    const route = `/occupied/${++counter}.ics`;
    server.set(route, { body, contentType: 'text/calendar; charset=utf-8' });
    const created = await invoke('POST', `/api/properties/${propertyId}/feeds`, { cookies: [company.ceo.cookie], body: { url: `${server.url}${route}` } });
    expect(created.status).toBe(201);
    routes.push(route);
  }
  return { company, propertyId, routes };
}

const syncNow = (company: TestCompany, propertyId: string) => invoke('POST', `/api/properties/${propertyId}/feeds/sync`, { cookies: [company.ceo.cookie] });
const listed = async (company: TestCompany, propertyId: string) =>
  (await invoke('GET', `/api/reservations?propertyId=${propertyId}`, { cookies: [company.ceo.cookie] })).body as Array<Record<string, any>>;
const monthOf = (company: TestCompany, propertyId: string, d: string) =>
  invoke('GET', `/api/properties/${propertyId}/calendar?month=${d.slice(0, 7)}`, { cookies: [company.ceo.cookie] });

describe('blocks take their nights', () => {
  it('refuses a booking by hand over an Airbnb block and a Booking.com closure, shows them as blocks, and frees a block gone from the feed', async () => {
    const airbnb = calendar(AIRBNB, vevent('blk-1@airbnb.com', day(20), day(24), 'Airbnb (Not available)'));
    const booking = calendar(BOOKING, vevent('bcom-1', day(40), day(43), 'CLOSED - Not available'));
    const { company, propertyId, routes } = await setup(airbnb, booking);
    expect((await syncNow(company, propertyId)).body.results.map((r: { outcome: string }) => r.outcome)).toEqual(['ok', 'ok']);

    for (const [from, to] of [[day(22), day(23)], [day(41), day(45)]]) {
      const refused = await invoke('POST', '/api/reservations', { cookies: [company.ceo.cookie], body: { propertyId, guestName: 'Direct', checkinDate: from, checkoutDate: to } });
      expect(refused.status).toBe(409);
    }
    const month = (await monthOf(company, propertyId, day(20))).body;
    expect(month.blocks).toEqual(expect.arrayContaining([expect.objectContaining({ start: day(20), end: day(24), summary: 'Airbnb (Not available)', ambiguous: false })]));
    expect(month.reservations.map((r: { guestName: string }) => r.guestName)).not.toContain('Airbnb (Not available)');

    // The owner lifts the Airbnb block: its nights are free again.
    server.set(routes[0], { body: calendar(AIRBNB), contentType: 'text/calendar' });
    await syncNow(company, propertyId);
    const direct = await invoke('POST', '/api/reservations', { cookies: [company.ceo.cookie], body: { propertyId, guestName: 'Direct', checkinDate: day(21), checkoutDate: day(23) } });
    expect(direct.status).toBe(201);
  });

  it('gives a Booking.com stretch a turnover to check; a manager dismisses it for good', async () => {
    const { company, propertyId, routes } = await setup(calendar(BOOKING, vevent('bcom-2', day(30), day(33), 'CLOSED - Not available')));
    await syncNow(company, propertyId);
    const [stretch] = await listed(company, propertyId);
    expect(stretch).toMatchObject({ kind: 'block', ambiguous: true, integrationSource: 'booking' });
    expect(await getTask(company.companyId, stretch.turnoverTaskId)).toMatchObject({ reviewReason: 'booking_or_closure', status: 'pending' });

    const manager = await company.add('operational_manager');
    const staff = await company.add('staff');
    expect((await invoke('POST', `/api/reservations/${stretch.id}/dismiss-turnover`, { cookies: [staff.cookie] })).status).toBe(403);
    const dismissed = await invoke('POST', `/api/reservations/${stretch.id}/dismiss-turnover`, { cookies: [manager.cookie] });
    expect(dismissed.status).toBe(200);
    expect(dismissed.body).toMatchObject({ turnoverDismissed: true });
    expect((await getTask(company.companyId, stretch.turnoverTaskId))?.status).toBe('cancelled');

    await syncNow(company, propertyId);
    await syncNow(company, propertyId);
    const [after] = await listed(company, propertyId);
    expect(after).toMatchObject({ turnoverDismissed: true, turnoverTaskId: stretch.turnoverTaskId });
    expect((await getTask(company.companyId, stretch.turnoverTaskId))?.status).toBe('cancelled');

    // The channel moves the stretch: a dismissed cleaning is not brought back for its new end.
    server.set(routes[0], { body: calendar(BOOKING, vevent('bcom-2', day(31), day(35), 'CLOSED - Not available')), contentType: 'text/calendar; charset=utf-8' });
    expect((await syncNow(company, propertyId)).body.results[0].outcome).toBe('ok');
    const [moved] = await listed(company, propertyId);
    expect(moved).toMatchObject({ checkoutDay: day(35), turnoverDismissed: true, turnoverTaskId: stretch.turnoverTaskId });
    expect((await getTask(company.companyId, stretch.turnoverTaskId))?.status).toBe('cancelled');
  });
});

describe('Booking.com closures over bookings', () => {
  it.each([
    ['Airbnb first', 0],
    ['Booking.com first', 1],
  ])('a closure over an Airbnb booking needs no cleaning of its own (%s); a stretch of its own asks for a check', async (_order, first) => {
    const airbnb = calendar(AIRBNB, vevent('mirror-1@airbnb.com', day(70), day(73), 'Reserved'));
    const booking = calendar(BOOKING, vevent('mirror-b1', day(70), day(73), 'CLOSED - Not available'), vevent('mirror-b2', day(80), day(82), 'CLOSED - Not available'));
    const { company, propertyId, routes } = await setup(...(first === 0 ? [airbnb, booking] : [booking, airbnb]));
    void routes;
    await syncNow(company, propertyId);
    const stays = await listed(company, propertyId);
    const mirror = stays.find((r) => r.kind === 'block' && r.checkinDay === day(70))!;
    const own = stays.find((r) => r.kind === 'block' && r.checkinDay === day(80))!;
    const guest = stays.find((r) => (r.kind ?? 'booking') === 'booking')!;
    expect(mirror).toMatchObject({ coveredByBooking: true });
    if (mirror.turnoverTaskId) expect((await getTask(company.companyId, mirror.turnoverTaskId))?.status).toBe('cancelled');
    expect(await getTask(company.companyId, own.turnoverTaskId)).toMatchObject({ status: 'pending', reviewReason: 'booking_or_closure' });
    expect(await getTask(company.companyId, guest.turnoverTaskId)).toMatchObject({ status: 'pending', reviewReason: null });
    expect((await invoke('GET', '/api/reservations/double-bookings', { cookies: [company.ceo.cookie] })).body).toEqual([]);
  });
});

describe('double bookings', () => {
  it('imports the same nights from two channels side by side, alerts the CEO and managers, and resolves when one is cancelled', async () => {
    const airbnb = calendar(AIRBNB, vevent('hm-1@airbnb.com', day(60), day(64), 'Reserved'));
    const vrbo = calendar('-//HomeAway.com, Inc.//NONSGML HomeAway Calendar//EN', vevent('vrbo-1', day(62), day(66), 'Reserved - Jean Dupont'));
    const { company, propertyId } = await setup(airbnb);
    const manager = await company.add('operational_manager');
    await syncNow(company, propertyId);
    // The second channel comes later (not a first import of the property: an alert is expected anyway).
    const route = `/occupied/${++counter}.ics`;
    server.set(route, { body: vrbo, contentType: 'text/calendar' });
    await invoke('POST', `/api/properties/${propertyId}/feeds`, { cookies: [company.ceo.cookie], body: { url: `${server.url}${route}` } });
    const result = await syncNow(company, propertyId);
    const summaries = result.body.results.map((r: { summary: { doubleBooked: number } }) => r.summary.doubleBooked);
    expect(summaries.reduce((a: number, b: number) => a + b, 0)).toBe(1);

    const stays = await listed(company, propertyId);
    expect(stays).toHaveLength(2);
    const [first, second] = stays;
    expect(second).toMatchObject({ guestName: 'Jean Dupont', integrationSource: 'vrbo', conflictWith: [first.id] });
    const open = await invoke('GET', '/api/reservations/double-bookings', { cookies: [manager.cookie] });
    expect(open.body).toEqual([expect.objectContaining({ propertyId, checkinDay: day(62), checkoutDay: day(66), reservation: expect.objectContaining({ id: second.id }) })]);
    const month = (await monthOf(company, propertyId, day(62))).body;
    expect(month.reservations.map((r: { id: string }) => r.id)).toEqual(expect.arrayContaining([first.id, second.id]));

    for (const address of [company.ceo.user.email, manager.user.email]) {
      const mails = await emailsTo(address);
      const alert = mails.find((mail) => /double booking|reserva dupla/i.test(mail.subject));
      expect(alert).toBeDefined();
      expect(alert!.text).toMatch(/Airbnb/);
      expect(alert!.text).toMatch(/Vrbo/);
      expect(alert!.text).toMatch(/Casa das Dunas/);
    }

    // The manager cancels the Airbnb stay: the Vrbo one takes the nights, the conflict is gone.
    expect((await invoke('POST', `/api/reservations/${first.id}/cancel`, { cookies: [manager.cookie], body: {} })).status).toBe(200);
    expect((await invoke('GET', '/api/reservations/double-bookings', { cookies: [manager.cookie] })).body).toEqual([]);
    const resolved = (await invoke('GET', `/api/reservations/${second.id}`, { cookies: [manager.cookie] })).body;
    expect(resolved.conflictWith).toEqual([]);
    expect(resolved.status).toBe('confirmed');
    const overlap = await invoke('POST', '/api/reservations', { cookies: [manager.cookie], body: { propertyId, guestName: 'Late', checkinDate: day(65), checkoutDate: day(67) } });
    expect(overlap.status).toBe(409);
  });
});

describe('stays as channels write them', () => {
  it('flags a booking cancelled in the feed, and the feed keeps syncing after', async () => {
    const { company, propertyId, routes } = await setup(calendar(AIRBNB, vevent('c-1@airbnb.com', day(10), day(12), 'Reserved')));
    await syncNow(company, propertyId);
    const [stay] = await listed(company, propertyId);
    server.set(routes[0], { body: calendar(AIRBNB, vevent('c-1@airbnb.com', day(10), day(12), 'Reserved', ['STATUS:CANCELLED'])), contentType: 'text/calendar' });
    const second = await syncNow(company, propertyId);
    expect(second.body.results[0]).toMatchObject({ outcome: 'ok', summary: expect.objectContaining({ flagged: 1 }) });
    expect((await invoke('GET', `/api/reservations/${stay.id}`, { cookies: [company.ceo.cookie] })).body).toMatchObject({ status: 'confirmed', syncStatus: 'cancelled_in_feed' });
    const flaggedList = await invoke('GET', `/api/reservations/flagged?propertyId=${propertyId}`, { cookies: [company.ceo.cookie] });
    expect(flaggedList.body.map((r: { id: string }) => r.id)).toEqual([stay.id]);
    // A manager keeps it (the guest is still coming): it stays, no longer flagged.
    const kept = await invoke('POST', `/api/reservations/${stay.id}/keep`, { cookies: [company.ceo.cookie] });
    expect(kept.body).toMatchObject({ status: 'confirmed', syncStatus: 'kept' });
    expect((await invoke('GET', `/api/reservations/flagged?propertyId=${propertyId}`, { cookies: [company.ceo.cookie] })).body).toEqual([]);
    // The channel then drops the event: still a healthy sync, nothing more to flag.
    server.set(routes[0], { body: calendar(AIRBNB), contentType: 'text/calendar' });
    const third = await syncNow(company, propertyId);
    expect(third.body.results[0]).toMatchObject({ outcome: 'ok' });
    expect((await syncNow(company, propertyId)).body.results[0]).toMatchObject({ outcome: 'ok' });
  });

  it('lists a long stay gone from its feed as flagged, however long ago it checked in', async () => {
    const start = day(-120);
    const { company, propertyId, routes } = await setup(calendar(AIRBNB, vevent('long-gone@airbnb.com', start, day(200), 'Reserved')));
    await syncNow(company, propertyId);
    const [stay] = await listed(company, propertyId);
    server.set(routes[0], { body: calendar(AIRBNB, vevent('other@airbnb.com', day(300), day(303), 'Reserved')), contentType: 'text/calendar' });
    await syncNow(company, propertyId);
    const flagged = await invoke('GET', `/api/reservations/flagged?propertyId=${propertyId}`, { cookies: [company.ceo.cookie] });
    expect(flagged.body).toEqual([expect.objectContaining({ id: stay.id, syncStatus: 'missing_from_feed', checkinDay: start })]);
    const other = await createTestCompany();
    expect((await invoke('GET', `/api/reservations/flagged?propertyId=${propertyId}`, { cookies: [other.ceo.cookie] })).status).toBe(404);
  });

  it('imports a 400-night stay whole and a tentative stay with a turnover to check', async () => {
    const start = day(5);
    const body = calendar(
      '-//Smoobu//Calendar//EN',
      vevent('long-1', start, addDays(start, 400), 'Reserved - Long Let'),
      vevent('tent-1', addDays(start, 410), addDays(start, 414), 'Provisoire - Marie', ['STATUS:TENTATIVE']),
    );
    const { company, propertyId } = await setup(body);
    const result = await syncNow(company, propertyId);
    expect(result.body.results[0].summary).toMatchObject({ created: 2, skipped: 0 });
    const [long, tentative] = await listed(company, propertyId);
    expect(long).toMatchObject({ guestName: 'Long Let', checkinDay: start, checkoutDay: addDays(start, 400) });
    expect(tentative).toMatchObject({ tentative: true });
    expect(await getTask(company.companyId, tentative.turnoverTaskId)).toMatchObject({ reviewReason: 'tentative' });
    const refused = await invoke('POST', '/api/reservations', { cookies: [company.ceo.cookie], body: { propertyId, guestName: 'Direct', checkinDate: addDays(start, 300), checkoutDate: addDays(start, 302) } });
    expect(refused.status).toBe(409);
  });
});
