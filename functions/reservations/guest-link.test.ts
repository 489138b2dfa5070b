// The guest's "we have left" (issue 40 point 4) through the route table against the local stand-ins:
// the office's private link per stay (made on first use, rotatable, managers only), the public page's
// reads (nothing personal), the window's edges on the company's clock (18:00 the evening before
// checkout to the end of checkout day), once only, made-up and revoked tokens, the rate limits (per
// token, per source), a breakage photo becoming a maintenance task, the assignee told, and tenancy.
import { invoke } from '../../local/invoke';
import { createTestCompany, type Member, type TestCompany } from '../../tests/support/fixtures';
import { smsTo, uniquePhone } from '../../tests/support/notifications';
import { addDays, localDay, localInstant } from '#shared/days';
import type { InboxView } from '#shared/inbox';
import { GUEST_SOURCE_RATE_LIMIT, GUEST_TOKEN_RATE_LIMIT } from '../data/repositories/guest-links';
import { readinessOf } from '../data/repositories/readiness';
import { handler as checkReadinessJob } from '../handlers/check-readiness';
import { guestClock } from './guest-link/window';
import { withGuestStay } from './guest-link/service';
import { recordGuestLeft } from './guest-link/record';
import { withCompany } from '../lib/tenant';
import { companyContext, createReservation } from './service';

const TZ = 'America/New_York';
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea73581e40000000049454e44ae426082', 'hex');

const today = () => localDay(new Date(), TZ);
const day = (offset: number) => addDays(today(), offset);
/** An instant on the company's clock: `hour`:`minute` of a local day. */
const at = (localDate: string, hour: number, minute = 0) => new Date(Date.parse(localInstant(localDate, hour, TZ)) + minute * 60_000);

afterEach(() => {
  guestClock.now = () => new Date();
});

/** Each test speaks from its own address, so the per-source limit of one never meets another's. */
let sourceCounter = 0;
const newSource = () => `198.51.${Math.floor(Math.random() * 200)}.${(sourceCounter += 1) % 250}`;

async function propertyOf(company: TestCompany, name = 'Casa do Farol') {
  const response = await invoke('POST', '/api/properties', { cookies: [company.ceo.cookie], body: { name, address: 'Rua das Flores 12, apt 3, door code 4512' } });
  expect(response.status).toBe(201);
  return response.body.id as string;
}

async function stay(company: TestCompany, propertyId: string, checkin: string, checkout: string, guestName = 'Emma Johnson') {
  const response = await invoke('POST', '/api/reservations', { cookies: [company.ceo.cookie], body: { propertyId, guestName, checkinDate: checkin, checkoutDate: checkout } });
  expect(response.status).toBe(201);
  return response.body as { id: string; turnoverTaskId: string; propertyId: string };
}

async function linkOf(company: TestCompany, reservationId: string, cookie = company.ceo.cookie) {
  const response = await invoke('GET', `/api/reservations/${reservationId}/guest-link`, { cookies: [cookie] });
  expect(response.status).toBe(200);
  const url = response.body.url as string;
  return { ...response.body, url, token: new URL(url).pathname.split('/').pop() as string };
}

const guest = (method: 'GET' | 'POST', path: string, sourceIp: string, body?: unknown, language = 'en') =>
  invoke(method, path, { sourceIp, headers: { 'accept-language': language }, ...(body !== undefined ? { body } : {}) });

async function taskOf(company: TestCompany, taskId: string) {
  const response = await invoke('GET', `/api/tasks/${taskId}`, { cookies: [company.ceo.cookie] });
  expect(response.status).toBe(200);
  return response.body as Record<string, any>;
}

async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 4000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const inboxOf = async (member: Member) => (await invoke('GET', '/api/me/inbox', { cookies: [member.cookie] })).body as InboxView;

describe("the office's guest link", () => {
  it('is made on first use for a guest stay (the reservation\'s guestLink or the link\'s own read), the same on every read, with the sentence for the channel in pt, en and es; managers only', async () => {
    const company = await createTestCompany();
    const propertyId = await propertyOf(company);
    const booking = await stay(company, propertyId, day(1), day(3));
    // The reservation carries it for the office: made by the first read that needs it, the same after.
    const read = (await invoke('GET', `/api/reservations/${booking.id}`, { cookies: [company.ceo.cookie] })).body.guestLink;
    expect(read).toMatch(/^https?:\/\/[^/]+\/g\/[A-Za-z0-9_-]{43}$/);
    const first = await linkOf(company, booking.id);
    expect(first.url).toBe(read);
    expect(first.url).toMatch(/^https?:\/\/[^/]+\/g\/[A-Za-z0-9_-]{43}$/);
    expect(first.leftAt).toBeNull();
    expect((await linkOf(company, booking.id)).url).toBe(first.url);
    for (const language of ['pt', 'en', 'es'] as const) {
      expect(first.messages[language]).toContain(first.url);
      expect(first.messages[language]).toContain('Casa do Farol');
    }
    expect(first.messages.pt).not.toBe(first.messages.en);
    expect(first.messages.es).not.toBe(first.messages.en);

    const manager = await company.add('operational_manager');
    expect((await linkOf(company, booking.id, manager.cookie)).url).toBe(first.url);
    const staff = await company.add('staff');
    expect((await invoke('GET', `/api/reservations/${booking.id}/guest-link`, { cookies: [staff.cookie] })).status).toBe(403);
    // The reservation carries it for the office, never for staff.
    expect((await invoke('GET', `/api/reservations/${booking.id}`, { cookies: [manager.cookie] })).body.guestLink).toBe(first.url);
    const asStaff = await invoke('GET', `/api/reservations/${booking.id}`, { cookies: [staff.cookie] });
    expect(asStaff.status).toBe(200);
    expect(asStaff.body).not.toHaveProperty('guestLink');
    expect(asStaff.text).not.toContain(first.token);
    expect((await invoke('GET', `/api/reservations/${booking.id}/guest-link`)).status).toBe(401);
  });

  it('has none for a block or a cancelled stay, and none of another company', async () => {
    const company = await createTestCompany();
    const propertyId = await propertyOf(company);
    const booking = await stay(company, propertyId, day(5), day(7));
    expect((await invoke('POST', `/api/reservations/${booking.id}/cancel`, { cookies: [company.ceo.cookie], body: {} })).status).toBe(200);
    const cancelled = await invoke('GET', `/api/reservations/${booking.id}/guest-link`, { cookies: [company.ceo.cookie] });
    expect(cancelled.status).toBe(409);
    expect(cancelled.body.message).toMatch(/guest stay/i);
    expect((await invoke('GET', `/api/reservations/${booking.id}`, { cookies: [company.ceo.cookie] })).body.guestLink).toBeNull();
    // A block (an owner stay, a channel's closure) is no guest's stay.
    const { reservation: block } = await createReservation(
      await companyContext(company.companyId),
      { propertyId, guestName: 'Owner block', checkinDate: day(10), checkoutDate: day(12), kind: 'block' },
      { actor: { userId: company.ceo.user.id } },
    );
    expect((await invoke('GET', `/api/reservations/${block.id}/guest-link`, { cookies: [company.ceo.cookie] })).status).toBe(409);
    expect((await invoke('GET', `/api/reservations/${block.id}`, { cookies: [company.ceo.cookie] })).body).not.toHaveProperty('guestLink');

    const other = await createTestCompany();
    const theirs = await stay(other, await propertyOf(other), day(1), day(2));
    expect((await invoke('GET', `/api/reservations/${theirs.id}/guest-link`, { cookies: [company.ceo.cookie] })).status).toBe(404);
    expect((await invoke('POST', `/api/reservations/${theirs.id}/guest-link/rotate`, { cookies: [company.ceo.cookie], body: {} })).status).toBe(404);
  });
});

describe('the guest page', () => {
  it('shows the property, the checkout day and time and the window, and nothing personal', async () => {
    const company = await createTestCompany();
    const propertyId = await propertyOf(company);
    const booking = await stay(company, propertyId, day(1), day(3), 'Zoë Personal-Name');
    const { token } = await linkOf(company, booking.id);
    guestClock.now = () => at(day(2), 12);
    const page = await guest('GET', `/api/guest/${token}`, newSource());
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(Object.keys(page.body).sort()).toEqual(['checkoutDate', 'checkoutTime', 'language', 'propertyName', 'window']);
    expect(page.body).toMatchObject({
      propertyName: 'Casa do Farol',
      checkoutDate: day(3),
      checkoutTime: '11:00',
      language: 'pt',
      window: { state: 'too_early', opensAt: localInstant(day(2), 18, TZ), closesAt: localInstant(day(4), 0, TZ) },
    });
    for (const secret of ['Zoë', 'Personal-Name', company.companyId, booking.id, propertyId, booking.turnoverTaskId, 'Rua das Flores', '4512', company.ceo.user.email]) {
      expect(page.text).not.toContain(secret);
    }
  });

  it('accepts "we have left" from 18:00 the evening before checkout (not 17:59) until checkout day ends (not after), on the company clock', async () => {
    const company = await createTestCompany();
    const propertyId = await propertyOf(company);
    const early = await stay(company, propertyId, day(1), day(3));
    const { token } = await linkOf(company, early.id);
    const source = newSource();

    guestClock.now = () => at(day(2), 17, 59);
    const tooEarly = await guest('POST', `/api/guest/${token}/left`, source, {});
    expect(tooEarly.status).toBe(422);
    expect(tooEarly.body.code).toBe('too_early');
    expect(tooEarly.body.message).toMatch(/too early/i);
    expect(tooEarly.body.details).toEqual({ opensAt: localInstant(day(2), 18, TZ), closesAt: localInstant(day(4), 0, TZ) });
    expect((await taskOf(company, early.turnoverTaskId)).guestLeftAt).toBeUndefined();
    expect((await guest('GET', `/api/guest/${token}`, source)).body.alreadyLeftAt).toBeUndefined();

    guestClock.now = () => at(day(2), 18, 0);
    expect((await guest('GET', `/api/guest/${token}`, source)).body.window.state).toBe('open');
    const recorded = await guest('POST', `/api/guest/${token}/left`, source, {});
    expect(recorded.status).toBe(201);
    expect(recorded.body).toEqual({ leftAt: at(day(2), 18, 0).toISOString(), leftTime: '18:00', alreadyRecorded: false });
    expect((await taskOf(company, early.turnoverTaskId)).guestLeftAt).toBe(at(day(2), 18, 0).toISOString());

    // The last instant of checkout day is in; midnight after it is out.
    const late = await stay(company, propertyId, day(5), day(8), 'Late Leaver');
    const lateLink = await linkOf(company, late.id);
    guestClock.now = () => new Date(at(day(9), 0).getTime() - 1);
    expect((await guest('GET', `/api/guest/${lateLink.token}`, source)).body.window.state).toBe('open');
    guestClock.now = () => at(day(9), 0);
    const tooLate = await guest('POST', `/api/guest/${lateLink.token}/left`, source, {}, 'pt-BR');
    expect(tooLate.status).toBe(422);
    expect(tooLate.body.code).toBe('too_late');
    expect(tooLate.body.message).toMatch(/nada foi registrado/);
    expect((await taskOf(company, late.turnoverTaskId)).guestLeftAt).toBeUndefined();
    guestClock.now = () => new Date(at(day(9), 0).getTime() - 1);
    expect((await guest('POST', `/api/guest/${lateLink.token}/left`, source, {})).status).toBe(201);
  });

  it('records once: a second press says when it was recorded, and changes nothing', async () => {
    const company = await createTestCompany();
    const booking = await stay(company, await propertyOf(company), day(1), day(2));
    const { token } = await linkOf(company, booking.id);
    const source = newSource();
    guestClock.now = () => at(day(2), 9, 12);
    const [a, b] = await Promise.all([guest('POST', `/api/guest/${token}/left`, source, { note: 'Keys in the box' }), guest('POST', `/api/guest/${token}/left`, source, {})]);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    const first = a.status === 201 ? a.body : b.body;
    expect(first).toMatchObject({ leftTime: '09:12', alreadyRecorded: false });

    guestClock.now = () => at(day(2), 10, 30);
    const again = await guest('POST', `/api/guest/${token}/left`, source, { note: 'pressed again' });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ leftAt: first.leftAt, leftTime: '09:12', alreadyRecorded: true });
    expect((await guest('GET', `/api/guest/${token}`, source)).body).toMatchObject({ alreadyLeftAt: first.leftAt, alreadyLeftTime: '09:12' });
    expect((await taskOf(company, booking.turnoverTaskId)).guestLeftAt).toBe(first.leftAt);
    expect((await linkOf(company, booking.id)).leftAt).toBe(first.leftAt);
  });

  it('records a press even when the office changed the stay or its turnover meanwhile, keeping both changes', async () => {
    const company = await createTestCompany();
    const booking = await stay(company, await propertyOf(company), day(1), day(2));
    const { token } = await linkOf(company, booking.id);
    guestClock.now = () => at(day(2), 9, 40);
    // The stay as the press read it; then the office renames the guest and starts the turnover.
    const read = await withGuestStay({ requestContext: { http: { sourceIp: newSource() } }, headers: {} } as never, token, (found) => found);
    expect((await invoke('PUT', `/api/reservations/${booking.id}`, { cookies: [company.ceo.cookie], body: { guestName: 'Emma J. Johnson' } })).status).toBe(200);
    const turnover = await taskOf(company, booking.turnoverTaskId);
    const started = await invoke('PUT', `/api/tasks/${booking.turnoverTaskId}`, {
      cookies: [company.ceo.cookie],
      body: { type: turnover.type, title: turnover.title, description: turnover.description, propertyId: turnover.propertyId, assignedUserId: turnover.assignedUserId, status: 'in_progress', dueDate: turnover.dueDate },
    });
    expect(started.status).toBe(200);

    const result = await withCompany(company.companyId, () => recordGuestLeft(read, {}, 'en'));
    expect(result).toMatchObject({ leftTime: '09:40', alreadyRecorded: false });
    const after = (await invoke('GET', `/api/reservations/${booking.id}`, { cookies: [company.ceo.cookie] })).body;
    expect(after).toMatchObject({ guestName: 'Emma J. Johnson', guestLeftAt: result.leftAt });
    expect(await taskOf(company, booking.turnoverTaskId)).toMatchObject({ status: 'in_progress', guestLeftAt: result.leftAt });
    expect((await invoke('GET', `/api/properties/${booking.propertyId}`, { cookies: [company.ceo.cookie] })).body.readiness).toBe('cleaning');
  });

  it('answers 404 to a made-up, malformed or rotated token and to a cancelled stay, recording nothing', async () => {
    const company = await createTestCompany();
    const booking = await stay(company, await propertyOf(company), day(1), day(2));
    const old = await linkOf(company, booking.id);
    const source = newSource();
    guestClock.now = () => at(day(2), 8);
    for (const token of ['A'.repeat(43), 'not-a-token', '%2e%2e%2fapi', 'x'.repeat(200)]) {
      const answer = await guest('POST', `/api/guest/${token}/left`, source, {});
      expect(answer.status).toBe(404);
    }
    const unknown = await guest('GET', `/api/guest/${'B'.repeat(43)}`, source);
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('guest_unknown');

    const rotated = await invoke('POST', `/api/reservations/${booking.id}/guest-link/rotate`, { cookies: [company.ceo.cookie], body: {} });
    expect(rotated.status).toBe(200);
    expect(rotated.body.url).not.toBe(old.url);
    expect((await guest('POST', `/api/guest/${old.token}/left`, source, {})).status).toBe(404);
    expect((await taskOf(company, booking.turnoverTaskId)).guestLeftAt).toBeUndefined();
    const fresh = new URL(rotated.body.url).pathname.split('/').pop() as string;
    expect((await guest('GET', `/api/guest/${fresh}`, source)).status).toBe(200);

    expect((await invoke('POST', `/api/reservations/${booking.id}/cancel`, { cookies: [company.ceo.cookie], body: {} })).status).toBe(200);
    expect((await guest('GET', `/api/guest/${fresh}`, source)).status).toBe(404);
    expect((await guest('POST', `/api/guest/${fresh}/left`, source, {})).status).toBe(404);
  });

  it('is rate-limited per token and per source, with 429 in words and Retry-After', async () => {
    const company = await createTestCompany();
    const propertyId = await propertyOf(company);
    const busy = await linkOf(company, (await stay(company, propertyId, day(1), day(2))).id);
    const quiet = await linkOf(company, (await stay(company, propertyId, day(3), day(4), 'Other Guest')).id);
    guestClock.now = () => at(day(1), 12);
    // Several sources, so only the token's own count is reached.
    const statuses: number[] = [];
    for (let i = 0; i <= GUEST_TOKEN_RATE_LIMIT; i += 1) statuses.push((await guest('GET', `/api/guest/${busy.token}`, newSource())).status);
    expect(statuses.slice(0, GUEST_TOKEN_RATE_LIMIT).every((status) => status === 200)).toBe(true);
    const limited = await guest('GET', `/api/guest/${busy.token}`, newSource());
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.body.message).toMatch(/too many attempts/i);
    expect((await guest('GET', `/api/guest/${quiet.token}`, newSource())).status).toBe(200);

    // One source guessing tokens is stopped too, whatever the tokens.
    const guesser = newSource();
    let answer = await guest('GET', `/api/guest/${'C'.repeat(43)}`, guesser);
    for (let i = 1; i <= GUEST_SOURCE_RATE_LIMIT && answer.status === 404; i += 1) answer = await guest('GET', `/api/guest/${String(i).padStart(43, 'D')}`, guesser);
    expect(answer.status).toBe(429);
    expect((await guest('GET', `/api/guest/${quiet.token}`, guesser)).status).toBe(429);
    expect((await guest('GET', `/api/guest/${quiet.token}`, newSource())).status).toBe(200);
  });
});

describe('what "we have left" does', () => {
  it('tells the turnover assignee at once through their preferences, and shows on their bell', async () => {
    const company = await createTestCompany();
    const cleaner = await company.add('staff');
    const phone = uniquePhone();
    expect((await invoke('PUT', '/api/me/notification-preferences', { cookies: [cleaner.cookie], body: { sms: true, phone, language: 'en' } })).status).toBe(200);
    expect((await invoke('PUT', `/api/companies/${company.companyId}/settings`, { cookies: [company.ceo.cookie], body: { turnoverAssigneeId: cleaner.user.id } })).status).toBe(200);
    const booking = await stay(company, await propertyOf(company), day(1), day(2));
    expect((await taskOf(company, booking.turnoverTaskId)).assignedUserId).toBe(cleaner.user.id);
    const { token } = await linkOf(company, booking.id);
    guestClock.now = () => at(day(2), 9, 12);
    expect((await guest('POST', `/api/guest/${token}/left`, newSource(), { note: 'Keys are in the box by the door' })).status).toBe(201);

    const sms = await eventually(() => smsTo(phone), (list) => list.some((message) => message.message.includes('left')));
    const told = sms.find((message) => message.message.includes('left'));
    expect(told?.message).toContain('The guests left Casa do Farol at 9:12');
    expect(told?.message).toContain('you can start');
    expect(told?.message).toContain('Keys are in the box by the door');
    const bell = await eventually(() => inboxOf(cleaner), (view) => view.items.some((item) => item.kind === 'guests_left'));
    expect(bell.items.find((item) => item.kind === 'guests_left')).toMatchObject({ taskId: booking.turnoverTaskId, property: 'Casa do Farol', when: at(day(2), 9, 12).toISOString() });

    // My day and the dispatch board read the turnover with guestLeftAt.
    const mine = await invoke('GET', '/api/me/tasks', { cookies: [cleaner.cookie] });
    expect(mine.body.tasks.find((task: { id: string }) => task.id === booking.turnoverTaskId)?.guestLeftAt).toBe(at(day(2), 9, 12).toISOString());

    // The stay records it, and the home is free from then: at 9:12 the stay would still hold it
    // until its 11:00 checkout, but its readiness, written by the press, is the turnover's.
    const left = at(day(2), 9, 12).toISOString();
    const reservation = (await invoke('GET', `/api/reservations/${booking.id}`, { cookies: [company.ceo.cookie] })).body;
    expect(reservation.guestLeftAt).toBe(left);
    const asStay = { id: booking.id, propertyId: booking.propertyId, checkinDate: reservation.checkinDate, checkoutDate: reservation.checkoutDate, status: 'confirmed' as const };
    expect(readinessOf(at(day(2), 9, 12), [asStay], [])).toBe('occupied');
    expect(readinessOf(at(day(2), 9, 12), [{ ...asStay, guestLeftAt: left }], [])).toBe('ready');
    expect((await invoke('GET', `/api/properties/${booking.propertyId}`, { cookies: [company.ceo.cookie] })).body.readiness).toBe('needs_cleaning');
    // The portfolio calendar's stay says so too.
    const portfolio = await invoke('GET', `/api/calendar/portfolio?from=${day(1)}&days=14`, { cookies: [company.ceo.cookie] });
    expect(portfolio.status).toBe(200);
    expect(portfolio.body.properties[0].stays.find((entry: { id: string }) => entry.id === booking.id)?.guestLeftAt).toBe(left);
    // The readiness job, working it out again at 9:30 (before the checkout), keeps it so.
    await checkReadinessJob({ time: at(day(2), 9, 30).toISOString() });
    expect((await invoke('GET', `/api/properties/${booking.propertyId}`, { cookies: [company.ceo.cookie] })).body.readiness).toBe('needs_cleaning');
  });

  it('tells the office when the stay has no open turnover (the company cleans by hand), with the property, not a task', async () => {
    const company = await createTestCompany();
    const manager = await company.add('operational_manager');
    const cleaner = await company.add('staff');
    const phone = uniquePhone();
    expect((await invoke('PUT', '/api/me/notification-preferences', { cookies: [manager.cookie], body: { sms: true, phone, language: 'pt' } })).status).toBe(200);
    expect((await invoke('PUT', `/api/companies/${company.companyId}/settings`, { cookies: [company.ceo.cookie], body: { autoTurnovers: false } })).status).toBe(200);
    const propertyId = await propertyOf(company);
    const booking = await stay(company, propertyId, day(1), day(2));
    expect(booking.turnoverTaskId).toBeNull();
    const { token } = await linkOf(company, booking.id);
    guestClock.now = () => at(day(2), 8, 5);
    expect((await guest('POST', `/api/guest/${token}/left`, newSource(), { note: 'Chaves na caixa' })).status).toBe(201);

    const sms = await eventually(() => smsTo(phone), (list) => list.some((message) => message.message.includes('saíram')));
    const told = sms.find((message) => message.message.includes('saíram'))!;
    expect(told.message).toContain('Os hóspedes de Casa do Farol saíram às 08:05');
    expect(told.message).toContain('não tem limpeza de saída aberta');
    expect(told.message).toContain('Chaves na caixa');
    expect(told.message).toContain(`/properties/${propertyId}`);
    for (const member of [company.ceo, manager]) {
      const bell = await eventually(() => inboxOf(member), (view) => view.items.some((item) => item.kind === 'guests_left_stay'));
      expect(bell.items.find((item) => item.kind === 'guests_left_stay')).toMatchObject({ taskId: null, propertyId, reservationId: booking.id, property: 'Casa do Farol', when: at(day(2), 8, 5).toISOString() });
    }
    // Staff are not the office: nothing on their bell.
    expect((await inboxOf(cleaner)).items.some((item) => item.kind.startsWith('guests_left'))).toBe(false);
  });

  it("makes a photo of something broken a maintenance task with the photo; another link's photo is refused", async () => {
    const company = await createTestCompany();
    const propertyId = await propertyOf(company);
    const booking = await stay(company, propertyId, day(1), day(2));
    const other = await stay(company, propertyId, day(4), day(5), 'Next Guest');
    const { token } = await linkOf(company, booking.id);
    const otherLink = await linkOf(company, other.id);
    const source = newSource();
    guestClock.now = () => at(day(2), 8, 40);

    const tooBig = await guest('POST', `/api/guest/${token}/photo`, source, { contentType: 'image/png', size: 50 * 1024 * 1024 });
    expect(tooBig.status).toBe(400);
    const notImage = await guest('POST', `/api/guest/${token}/photo`, source, { contentType: 'text/html', size: 100 });
    expect(notImage.status).toBe(400);
    const upload = await guest('POST', `/api/guest/${token}/photo`, source, { contentType: 'image/png', size: PNG.length });
    expect(upload.status).toBe(200);
    expect(upload.body.key).toContain(`companies/${company.companyId}/guest/${booking.id}/`);
    expect((await fetch(upload.body.uploadURL, { method: 'PUT', headers: upload.body.headers, body: PNG })).status).toBe(200);

    // The other stay's link cannot attach it (bound to the token), nor can a made-up key.
    guestClock.now = () => at(day(5), 8, 40);
    expect((await guest('POST', `/api/guest/${otherLink.token}/left`, source, { photoKey: upload.body.key })).status).toBe(400);
    expect((await guest('POST', `/api/guest/${otherLink.token}/left`, source, { photoKey: `companies/${company.companyId}/tasks/x/y.png` })).status).toBe(400);
    guestClock.now = () => at(day(2), 8, 45);

    const left = await guest('POST', `/api/guest/${token}/left`, source, { note: 'The shower glass cracked.\nSorry!', photoKey: upload.body.key });
    expect(left.status).toBe(201);
    const tasks = await invoke('GET', `/api/tasks?propertyId=${propertyId}&type=maintenance`, { cookies: [company.ceo.cookie] });
    expect(tasks.status).toBe(200);
    const list = (Array.isArray(tasks.body) ? tasks.body : tasks.body.items) as Array<Record<string, any>>;
    const work = list.find((task) => task.type === 'maintenance');
    expect(work).toMatchObject({ status: 'pending', sourceTaskId: booking.turnoverTaskId, description: 'The shower glass cracked.\nSorry!' });
    expect(work?.title).toContain('The shower glass cracked.');
    const full = await taskOf(company, work?.id);
    expect(full.photos).toHaveLength(1);
    expect(full.photos[0].key).toBe(upload.body.key);
    expect(Buffer.from(await (await fetch(full.photos[0].url)).arrayBuffer()).equals(PNG)).toBe(true);
    // Recorded: no more photos through this link.
    expect((await guest('POST', `/api/guest/${token}/photo`, source, { contentType: 'image/png', size: PNG.length })).status).toBe(409);
  });

  it("never lets one company's token reach another company's stay, task or photos", async () => {
    const mine = await createTestCompany();
    const theirs = await createTestCompany();
    const myStay = await stay(mine, await propertyOf(mine, 'Mine'), day(1), day(2), 'My Guest');
    const theirStay = await stay(theirs, await propertyOf(theirs, 'Theirs'), day(1), day(2), 'Their Guest');
    const myLink = await linkOf(mine, myStay.id);
    const theirLink = await linkOf(theirs, theirStay.id);
    const source = newSource();
    guestClock.now = () => at(day(2), 7);

    const page = await guest('GET', `/api/guest/${theirLink.token}`, source);
    expect(page.body.propertyName).toBe('Theirs');
    const upload = await guest('POST', `/api/guest/${myLink.token}/photo`, source, { contentType: 'image/png', size: PNG.length });
    await fetch(upload.body.uploadURL, { method: 'PUT', headers: upload.body.headers, body: PNG });
    // Their token with my photo: refused; their stay recorded without touching mine.
    expect((await guest('POST', `/api/guest/${theirLink.token}/left`, source, { photoKey: upload.body.key })).status).toBe(400);
    expect((await guest('POST', `/api/guest/${theirLink.token}/left`, source, {})).status).toBe(201);
    expect((await taskOf(theirs, theirStay.turnoverTaskId)).guestLeftAt).toBeTruthy();
    expect((await taskOf(mine, myStay.turnoverTaskId)).guestLeftAt).toBeUndefined();
    expect((await guest('GET', `/api/guest/${myLink.token}`, source)).body.alreadyLeftAt).toBeUndefined();
    // The office reads only its own stays' links.
    expect((await invoke('GET', `/api/reservations/${myStay.id}/guest-link`, { cookies: [theirs.ceo.cookie] })).status).toBe(404);
  });
});
