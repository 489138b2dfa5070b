// Reservation, calendar-sync and team alerts end to end, locally: a request (or a feed sync) ->
// domain event -> in-process bus -> the notifier handler of the manifest -> SMS and e-mail in the
// dev outbox -> notification history. Through the route table against the stand-ins, with the
// channels' iCal feeds served from the calendar-sync fixtures.
process.env.CALENDAR_ALLOW_PRIVATE_HOSTS = 'true';

import { invoke } from '../../local/invoke';
import { createTestCompany, uniqueEmail, type TestCompany } from '../../tests/support/fixtures';
import { linkTokenFor } from '../../tests/support/identity';
import { emailsTo, historyOf, savePreferences, smsTo, uniquePhone } from '../../tests/support/notifications';
import { domainEvent } from '../../events/catalogue';
import { fixtureDay as day, startFeedServer, type FeedServer } from '../reservations/calendar-sync/fixtures/feed-server';
import { toEnvelope } from '../events/envelope';
import { handler as notifyReservationCreated } from '../handlers/notify-reservation-created';
import { ALERTS_PER_CATEGORY_PER_HOUR } from './notifier';

const TZ = 'America/New_York';
const dateIn = (iso: string, locale: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: TZ }).format(new Date(iso));

let server: FeedServer;
beforeAll(async () => {
  server = await startFeedServer();
});
afterAll(async () => {
  await server.close();
});

async function companyWithPhone(changes: Record<string, unknown> = {}) {
  const company = await createTestCompany();
  const phone = uniquePhone();
  await savePreferences(company, { phoneNumber: phone, ...changes });
  const property = await invoke('POST', '/api/properties', { cookies: [company.ceo.cookie], body: { name: 'Casa do Farol', address: 'Rua do Farol 12' } });
  expect(property.status).toBe(201);
  const manager = await company.add('operational_manager');
  return { company, phone, propertyId: property.body.id as string, manager };
}

async function reserve(company: TestCompany, cookie: string, body: Record<string, unknown>) {
  const response = await invoke('POST', '/api/reservations', { cookies: [cookie], body });
  expect(response.status).toBe(201);
  return response.body as { id: string; checkinDate: string; checkoutDate: string; turnoverTaskId: string | null };
}

const subjects = async (company: TestCompany) => (await emailsTo(company.ceo.user.email)).map((mail) => mail.subject).sort();

describe('reservation alerts', () => {
  it("tells the CEO about a manager's new reservation, by SMS and e-mail, in the chosen language", async () => {
    const { company, phone, propertyId, manager } = await companyWithPhone({ language: 'en' });

    const created = await reserve(company, manager.cookie, { propertyId, guestName: 'Emma Johnson', checkinDate: day(40), checkoutDate: day(44) });

    const line = `New reservation at Casa do Farol: Emma Johnson, ${dateIn(created.checkinDate, 'en-US')} to ${dateIn(created.checkoutDate, 'en-US')}. Added by Maria Manager.`;
    expect((await smsTo(phone)).map((sms) => sms.message)).toEqual([`RentalOps: ${line}`]);
    const [mail] = await emailsTo(company.ceo.user.email);
    expect(mail.subject).toBe('New reservation: Emma Johnson at Casa do Farol');
    expect(mail.text).toContain(line);
    expect(mail.text).toContain('/notifications');
    const history = await historyOf(company);
    expect(history.map((h) => [h.type, h.category, h.status])).toEqual([
      ['sms', 'reservation_created', 'sent'],
      ['email', 'reservation_created', 'sent'],
    ]);
  });

  it('alerts when the dates change or the reservation is cancelled (with the reason), in Portuguese by default; not for a renamed guest', async () => {
    const { company, phone, propertyId, manager } = await companyWithPhone({ reservationChanges: false });
    const created = await reserve(company, manager.cookie, { propertyId, guestName: 'Lucas Silva', checkinDate: day(50), checkoutDate: day(53) });
    expect(await smsTo(phone)).toHaveLength(0);
    await savePreferences(company, { reservationChanges: true });

    const renamed = await invoke('PUT', `/api/reservations/${created.id}`, { cookies: [manager.cookie], body: { guestName: 'Lucas M. Silva' } });
    expect(renamed.status).toBe(200);
    expect(await smsTo(phone)).toHaveLength(0);

    const moved = await invoke('PUT', `/api/reservations/${created.id}`, { cookies: [manager.cookie], body: { checkoutDate: day(55) } });
    expect(moved.status).toBe(200);
    expect((await smsTo(phone)).map((sms) => sms.message)).toEqual([
      `RentalOps: As datas da reserva de Lucas M. Silva em Casa do Farol mudaram: agora de ${dateIn(moved.body.checkinDate, 'pt-BR')} a ${dateIn(moved.body.checkoutDate, 'pt-BR')}. Alterada por Maria Manager.`,
    ]);

    const cancelled = await invoke('POST', `/api/reservations/${created.id}/cancel`, { cookies: [company.ceo.cookie], body: { reason: 'Hóspede desistiu.' } });
    expect(cancelled.status).toBe(200);
    const [latest] = await smsTo(phone);
    expect(latest.message).toBe(
      `RentalOps: A reserva de Lucas M. Silva em Casa do Farol (${dateIn(moved.body.checkinDate, 'pt-BR')} a ${dateIn(moved.body.checkoutDate, 'pt-BR')}) foi cancelada. Cancelada por Carla Owner. Motivo: Hóspede desistiu.`,
    );
    expect(await subjects(company)).toEqual(['Reserva alterada: Lucas M. Silva em Casa do Farol', 'Reserva cancelada: Lucas M. Silva em Casa do Farol']);
    // Cancelling twice is one cancellation: no second alert.
    await invoke('POST', `/api/reservations/${created.id}/cancel`, { cookies: [company.ceo.cookie], body: {} });
    expect(await smsTo(phone)).toHaveLength(2);
  });

  it('sends nothing while the reservationChanges switch is off, and e-mail only when SMS is off', async () => {
    const { company, phone, propertyId, manager } = await companyWithPhone({ reservationChanges: false });
    const created = await reserve(company, manager.cookie, { propertyId, guestName: 'Quiet Guest', checkinDate: day(60), checkoutDate: day(62) });
    await invoke('POST', `/api/reservations/${created.id}/cancel`, { cookies: [manager.cookie], body: {} });
    expect(await smsTo(phone)).toHaveLength(0);
    expect(await emailsTo(company.ceo.user.email)).toHaveLength(0);
    expect(await historyOf(company)).toHaveLength(0);

    await savePreferences(company, { reservationChanges: true, smsEnabled: false });
    await reserve(company, manager.cookie, { propertyId, guestName: 'Mail Guest', checkinDate: day(64), checkoutDate: day(66) });
    expect(await smsTo(phone)).toHaveLength(0);
    expect(await subjects(company)).toEqual(['Nova reserva: Mail Guest em Casa do Farol']);
  });

  it(`sends at most ${ALERTS_PER_CATEGORY_PER_HOUR} alerts of one kind per company and hour, and each event once`, async () => {
    // The allowance is per UTC hour: never start the burst in the last seconds of one.
    const toNextHour = 3_600_000 - (Date.now() % 3_600_000);
    if (toNextHour < 20_000) await new Promise((resolve) => setTimeout(resolve, toNextHour + 100));
    const { company, phone, propertyId } = await companyWithPhone({ language: 'en', emailEnabled: false });
    const event = (n: number) =>
      domainEvent('reservation.created', {
        companyId: company.companyId,
        occurredAt: new Date().toISOString(),
        reservationId: `01JDRATE${String(n).padStart(18, '0')}`,
        propertyId,
        guestName: `Guest ${n}`,
        checkinDate: `${day(70)}T19:00:00.000Z`,
        checkoutDate: `${day(72)}T15:00:00.000Z`,
        integrationSource: 'airbnb',
      });
    const first = toEnvelope(event(0));
    await notifyReservationCreated(first);
    await notifyReservationCreated(first); // a redelivery sends nothing again
    expect(await smsTo(phone)).toHaveLength(1);
    for (let n = 1; n <= ALERTS_PER_CATEGORY_PER_HOUR + 2; n++) await notifyReservationCreated(toEnvelope(event(n)));
    expect(await smsTo(phone)).toHaveLength(ALERTS_PER_CATEGORY_PER_HOUR);
    // Another kind of alert has its own allowance.
    const other = await invoke('POST', '/api/tasks', {
      cookies: [company.ceo.cookie],
      body: { type: 'cleaning', title: 'Still told', propertyId, assignedUserId: company.ceo.user.id },
    });
    expect(other.status).toBe(201);
    expect((await smsTo(phone))[0].message).toMatch(/^RentalOps: The task "Still told"/);
  }, 60_000);

  it('creates the turnover task of a new reservation; an unassigned turnover alerts nobody', async () => {
    const { company, phone, propertyId, manager } = await companyWithPhone({ language: 'en', reservationChanges: false });
    const created = await reserve(company, manager.cookie, { propertyId, guestName: 'Turnover Guest', checkinDate: day(80), checkoutDate: day(82) });
    expect(created.turnoverTaskId).toEqual(expect.any(String));
    // The turnover is unassigned: no task alert either, only the task itself.
    expect(await smsTo(phone)).toHaveLength(0);
    const task = await invoke('GET', `/api/tasks/${created.turnoverTaskId}`, { cookies: [company.ceo.cookie] });
    expect(task.body).toMatchObject({ type: 'cleaning', propertyId, reservationId: created.id });
  });
});

describe('calendar-sync alerts', () => {
  let routeCounter = 0;
  async function feedOf(company: TestCompany, propertyId: string, fixture: string) {
    const route = `/alerts${++routeCounter}/${fixture}`;
    server.set(route, { fixture });
    const created = await invoke('POST', `/api/properties/${propertyId}/feeds`, { cookies: [company.ceo.cookie], body: { url: `${server.url}${route}`, source: 'airbnb' } });
    expect(created.status).toBe(201);
    return route;
  }
  const syncNow = (company: TestCompany, propertyId: string) => invoke('POST', `/api/properties/${propertyId}/feeds/sync`, { cookies: [company.ceo.cookie] });

  it("stays quiet about a new feed's existing bookings, then alerts on a new booking, a vanished one and a failing feed", async () => {
    const { company, phone, propertyId } = await companyWithPhone({ language: 'en' });
    const route = await feedOf(company, propertyId, 'airbnb-vanished.ics');

    expect((await syncNow(company, propertyId)).body.results[0].summary).toMatchObject({ created: 1 });
    expect(await smsTo(phone)).toHaveLength(0);

    // A second booking appears on Airbnb.
    server.set(route, { fixture: 'airbnb.ics' });
    expect((await syncNow(company, propertyId)).body.results[0].summary).toMatchObject({ created: 1 });
    const [booked] = await smsTo(phone);
    // The CEO reads English; the stay's name is the company's (Portuguese) word for Airbnb's nameless guest.
    expect(booked.message).toMatch(/^RentalOps: New reservation at Casa do Farol: Hóspede do Airbnb, .+ to .+\. Imported from the Airbnb calendar\.$/);

    // It vanishes again: flagged, not cancelled, and the CEO is told what to do.
    server.set(route, { fixture: 'airbnb-vanished.ics' });
    expect((await syncNow(company, propertyId)).body.results[0].summary).toMatchObject({ flagged: 1 });
    const [vanished] = await smsTo(phone);
    expect(vanished.message).toMatch(
      /^RentalOps: Hóspede do Airbnb's booking at Casa do Farol \(.+ to .+\) is no longer in the Airbnb calendar\. It was not cancelled: open the reservation to keep it or cancel it\.$/,
    );

    // The channel fails: one alert, with the reason, however often it keeps failing.
    server.set(route, { status: 503, body: 'Service Unavailable' });
    await syncNow(company, propertyId);
    await syncNow(company, propertyId);
    const [failed] = await smsTo(phone);
    expect(failed.message).toBe(
      'RentalOps: The Airbnb calendar of Casa do Farol could not be imported: The channel\'s server failed to hand over the calendar (HTTP 503). Nothing was changed; RentalOps tries again at the next sync. Check the calendar link.',
    );
    expect(await smsTo(phone)).toHaveLength(3);
    expect(await subjects(company)).toEqual([
      'Booking gone from the Airbnb calendar: Hóspede do Airbnb at Casa do Farol',
      'Calendar sync failed: Casa do Farol',
      'New reservation: Hóspede do Airbnb at Casa do Farol',
    ]);
    expect((await historyOf(company)).map((h) => h.category)).toEqual(
      expect.arrayContaining(['reservation_created', 'booking_missing', 'calendar_sync_failed']),
    );
  });

  it('writes the failure in Spanish, and sends nothing while the calendarSync switch is off', async () => {
    const { company, phone, propertyId } = await companyWithPhone({ language: 'es' });
    const route = await feedOf(company, propertyId, 'airbnb.ics');
    await syncNow(company, propertyId);
    server.set(route, { fixture: 'not-ical.html' });
    await syncNow(company, propertyId);
    expect((await smsTo(phone)).map((sms) => sms.message)).toEqual([
      // not-ical.html is a web page: the text says so and what link to paste instead.
      'RentalOps: El calendario de Airbnb de Casa do Farol no se pudo importar: El enlace devolvió una página web en lugar de un calendario iCal (una página de error o de inicio de sesión, o la del anuncio): comprueba que sea el enlace de exportación del calendario del canal (suele terminar en .ics). No se cambió nada; RentalOps lo intenta de nuevo en la próxima sincronización. Revisa el enlace del calendario.',
    ]);

    await savePreferences(company, { calendarSync: false });
    server.set(route, { fixture: 'airbnb.ics' });
    await syncNow(company, propertyId);
    server.set(route, { fixture: 'airbnb-vanished.ics' });
    expect((await syncNow(company, propertyId)).body.results[0].summary).toMatchObject({ flagged: 1 });
    server.set(route, { status: 500 });
    await syncNow(company, propertyId);
    expect(await smsTo(phone)).toHaveLength(1);
  });
});

describe('team alerts', () => {
  const NEW_PASSWORD = 'Inv1ted-Passw0rd!';

  it('tells the CEO when an invited member joins (not when they are invited), when a role changes and when a member is removed', async () => {
    const company = await createTestCompany({ name: 'Atlântico Stays' });
    const phone = uniquePhone();
    await savePreferences(company, { phoneNumber: phone, language: 'en' });
    const email = uniqueEmail('joiner');

    const invited = await invoke('POST', '/api/team/invites', { cookies: [company.ceo.cookie], body: { email, firstName: 'Beatriz', lastName: 'Lima', role: 'staff' } });
    expect(invited.status).toBe(201);
    expect(await smsTo(phone)).toHaveLength(0);

    const token = await linkTokenFor(email, 'reset-password');
    expect((await invoke('POST', '/api/auth/reset-password', { body: { token, newPassword: NEW_PASSWORD } })).status).toBe(200);
    expect((await smsTo(phone)).map((sms) => sms.message)).toEqual([
      `RentalOps: Beatriz Lima (${email}) accepted the invitation and joined Atlântico Stays as Staff.`,
    ]);
    // A later password reset is no second joining.
    await invoke('POST', '/api/auth/forgot-password', { body: { email } });
    const again = await linkTokenFor(email, 'reset-password');
    expect((await invoke('POST', '/api/auth/reset-password', { body: { token: again, newPassword: `${NEW_PASSWORD}2` } })).status).toBe(200);
    expect(await smsTo(phone)).toHaveLength(1);

    expect((await invoke('PUT', `/api/team/${invited.body.id}/role`, { cookies: [company.ceo.cookie], body: { role: 'operational_manager' } })).status).toBe(200);
    expect((await smsTo(phone))[0].message).toBe("RentalOps: Carla Owner changed Beatriz Lima's role from Staff to Manager.");

    expect((await invoke('DELETE', `/api/team/${invited.body.id}`, { cookies: [company.ceo.cookie] })).status).toBe(204);
    expect((await smsTo(phone))[0].message).toBe(
      `RentalOps: Carla Owner removed Beatriz Lima (${email}, Manager) from Atlântico Stays. They were signed out and can no longer access the company.`,
    );
    expect(await subjects(company)).toEqual(['Member removed: Beatriz Lima', 'New member: Beatriz Lima', 'Role changed: Beatriz Lima is now Manager']);
    expect((await historyOf(company)).filter((h) => h.type === 'sms').map((h) => h.category)).toEqual(['member_removed', 'member_role_changed', 'member_joined']);

    // Cancelling an invitation nobody accepted is no removal to be told about.
    const pending = await invoke('POST', '/api/team/invites', { cookies: [company.ceo.cookie], body: { email: uniqueEmail('never'), firstName: 'Nuno', lastName: 'Reis', role: 'staff' } });
    expect((await invoke('DELETE', `/api/team/${pending.body.id}`, { cookies: [company.ceo.cookie] })).status).toBe(204);
    expect(await smsTo(phone)).toHaveLength(3);
  });

  it('tells every CEO, each in their language, and nobody whose teamChanges switch is off', async () => {
    const company = await createTestCompany({ name: 'Serra Retreats' });
    const second = await company.add('ceo');
    const [ceoPhone, secondPhone] = [uniquePhone(), uniquePhone()];
    await savePreferences(company, { phoneNumber: ceoPhone, language: 'pt' });
    const secondCompany = { ...company, ceo: second };
    await savePreferences(secondCompany, { phoneNumber: secondPhone, language: 'es' });
    const staff = await company.add('staff');

    expect((await invoke('DELETE', `/api/team/${staff.user.id}`, { cookies: [company.ceo.cookie] })).status).toBe(204);
    expect((await smsTo(ceoPhone)).map((sms) => sms.message)).toEqual([
      `RentalOps: Carla Owner removeu Sam Staff (${staff.user.email}, Colaborador) da Serra Retreats. A sessão foi encerrada e o acesso à empresa, revogado.`,
    ]);
    expect((await smsTo(secondPhone)).map((sms) => sms.message)).toEqual([
      `RentalOps: Carla Owner eliminó a Sam Staff (${staff.user.email}, Personal) de Serra Retreats. Se cerró su sesión y ya no tiene acceso a la empresa.`,
    ]);

    await savePreferences(company, { teamChanges: false });
    const manager = await company.add('operational_manager');
    expect((await invoke('PUT', `/api/team/${manager.user.id}/role`, { cookies: [company.ceo.cookie], body: { role: 'staff' } })).status).toBe(200);
    expect(await smsTo(ceoPhone)).toHaveLength(1);
    expect((await smsTo(secondPhone))[0].message).toBe('RentalOps: Carla Owner cambió el rol de Maria Manager de Gerente a Personal.');
  });
});
