// The public API's properties, reservations, checklists, team and owner statements (issue 39 point 2),
// through the route table as an integrator calls them: bearer keys of two companies, a read key
// refused on writes, idempotent bookings, nights taken (409), availability, pages and filters.
import { invoke } from '../../local/invoke';
import { apiKey as makeKey, bearer, property, tenantPair } from '../../tests/support/public-api';
import { companyItems, createTestCompany, type TestCompany } from '../../tests/support/fixtures';
import { addDays, daysBetween, localDay, monthBounds } from '../../shared/days';
import { ownerStatementSchema, propertySchema, publicGuestLinkSchema, publicMemberSchema, publicReservationSchema } from '../../shared/schemas';
import { companyContext, createReservation as createStay } from '../reservations/service';




/** A day `n` days from today (UTC). */
const inDays = (n: number) => addDays(new Date().toISOString().slice(0, 10), n);
const keysOf = (value: object) => Object.keys(value).sort();

describe('the public API: reservations', () => {
  let a: TestCompany;
  let b: TestCompany;
  let keyA: string;
  let readKeyA: string;
  let keyB: string;
  let propertyA: string;
  let propertyB: string;

  beforeAll(async () => {
    ({ a, b, keyA, readKeyA, keyB, propertyA, propertyB } = await tenantPair());
  });

  it('books a direct stay, reads, changes and cancels it, as the app does; another company gets 404', async () => {
    const checkin = inDays(40);
    const checkout = inDays(44);
    const created = await invoke('POST', '/api/v1/reservations', { ...bearer(keyA), body: { propertyId: propertyA, guestName: 'Ana Guest', checkinDate: checkin, checkoutDate: checkout, integrationSource: 'direct' } });
    expect(created.status).toBe(201);
    const id = created.body.id;
    expect(created.headers.location).toBe(`/api/v1/reservations/${id}`);
    expect(created.body).toMatchObject({ propertyId: propertyA, guestName: 'Ana Guest', checkinDay: checkin, checkoutDay: checkout, nights: 4, status: 'confirmed', kind: 'booking', integrationSource: 'direct' });
    // Exactly the documented fields: nothing of the data layer's bookkeeping.
    expect(keysOf(created.body).every((field) => field in publicReservationSchema.shape)).toBe(true);
    expect(created.body).not.toHaveProperty('hold');
    expect(created.body).not.toHaveProperty('claims');
    // The app sees the same reservation, with its turnover cleaning.
    const inApp = await invoke('GET', `/api/reservations/${id}`, { cookies: [a.ceo.cookie] });
    expect(inApp.body).toMatchObject({ id, guestName: 'Ana Guest', checkinDay: checkin });
    expect(created.body.turnoverTaskId).toBe(inApp.body.turnoverTaskId);

    expect((await invoke('GET', `/api/v1/reservations/${id}`, bearer(keyA))).body).toEqual(created.body);
    // Company B: A's reservation does not exist, to read, change or cancel; nor A's property to book.
    expect((await invoke('GET', `/api/v1/reservations/${id}`, bearer(keyB))).status).toBe(404);
    expect((await invoke('PATCH', `/api/v1/reservations/${id}`, { ...bearer(keyB), body: { guestName: 'Mine' } })).status).toBe(404);
    expect((await invoke('POST', `/api/v1/reservations/${id}/cancel`, { ...bearer(keyB), body: {} })).status).toBe(404);
    const onOthers = await invoke('POST', '/api/v1/reservations', { ...bearer(keyB), body: { propertyId: propertyA, guestName: 'x', checkinDate: inDays(100), checkoutDate: inDays(101) } });
    const appOnOthers = await invoke('POST', '/api/reservations', { cookies: [b.ceo.cookie], body: { propertyId: propertyA, guestName: 'x', checkinDate: inDays(100), checkoutDate: inDays(101) } });
    expect(onOthers.status).toBe(appOnOthers.status);
    expect(onOthers.body.type).toBe('https://rentalops.app/problems/not-found');
    expect((await invoke('GET', `/api/v1/reservations/${id}`, bearer(keyA))).body.guestName).toBe('Ana Guest');

    // Changed: the stay moves one day later; its turnover follows (the app's own change).
    const moved = await invoke('PATCH', `/api/v1/reservations/${id}`, { ...bearer(keyA), body: { guestName: 'Ana Souza', checkinDate: inDays(41), checkoutDate: inDays(45) } });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ guestName: 'Ana Souza', checkinDay: inDays(41), checkoutDay: inDays(45), nights: 4 });
    const turnover = await invoke('GET', `/api/v1/tasks/${moved.body.turnoverTaskId}`, bearer(keyA));
    expect(turnover.status).toBe(200);
    expect(turnover.body.reservationId).toBe(id);
    expect(turnover.body.dueDate.slice(0, 10)).toBe(inDays(45));
    // The property never changes.
    const otherProperty = await invoke('PATCH', `/api/v1/reservations/${id}`, { ...bearer(keyA), body: { propertyId: propertyB } });
    expect(otherProperty.status).toBe(400);
    expect(otherProperty.body.errors.map((error: { field: string }) => error.field)).toEqual(['propertyId']);

    const cancelled = await invoke('POST', `/api/v1/reservations/${id}/cancel`, { ...bearer(keyA), body: { reason: 'The guest cancelled by phone' } });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'cancelled', cancelReason: 'The guest cancelled by phone', cancelledAt: expect.any(String) });
    // Cancelling again answers it as it is; changing it is a conflict.
    const again = await invoke('POST', `/api/v1/reservations/${id}/cancel`, { ...bearer(keyA), body: {} });
    expect(again.status).toBe(200);
    expect(again.body.cancelledAt).toBe(cancelled.body.cancelledAt);
    const late = await invoke('PATCH', `/api/v1/reservations/${id}`, { ...bearer(keyA), body: { guestName: 'Too late' } });
    expect(late.status).toBe(409);
    expect(late.headers['content-type']).toContain('application/problem+json');
    // Its turnover is cancelled with it.
    expect((await invoke('GET', `/api/v1/tasks/${moved.body.turnoverTaskId}`, bearer(keyA))).body.status).toBe('cancelled');
  });

  it('gives a stay\'s guest link, made on first use and the same as the app\'s; none for a block or a cancelled stay, nor another company\'s, nor to a read key', async () => {
    const created = await invoke('POST', '/api/v1/reservations', { ...bearer(keyA), body: { propertyId: propertyA, guestName: 'Gina Guest', checkinDate: inDays(80), checkoutDate: inDays(82) } });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    const before = await companyItems(a.companyId);
    // A read key may not make it (the first read writes the link), and writes nothing.
    const refused = await invoke('GET', `/api/v1/reservations/${id}/guest-link`, bearer(readKeyA));
    expect(refused.status).toBe(403);
    expect(refused.body.type).toBe('https://rentalops.app/problems/insufficient-scope');
    expect(await companyItems(a.companyId)).toBe(before);

    const link = await invoke('GET', `/api/v1/reservations/${id}/guest-link`, bearer(keyA));
    expect(link.status).toBe(200);
    expect(publicGuestLinkSchema.parse(link.body)).toEqual(link.body);
    expect(link.body).toMatchObject({ reservationId: id, leftAt: null });
    expect(link.body.url).toMatch(/\/g\/[A-Za-z0-9_-]{43}$/);
    for (const language of ['pt', 'en', 'es'] as const) expect(link.body.messages[language]).toContain(link.body.url);
    expect((await invoke('GET', `/api/v1/reservations/${id}/guest-link`, bearer(keyA))).body.url).toBe(link.body.url);
    expect((await invoke('GET', `/api/reservations/${id}`, { cookies: [a.ceo.cookie] })).body.guestLink).toBe(link.body.url);

    expect((await invoke('GET', `/api/v1/reservations/${id}/guest-link`, bearer(keyB))).status).toBe(404);
    expect((await invoke('GET', '/api/v1/reservations/NOPE1/guest-link', bearer(keyA))).status).toBe(404);
    expect((await invoke('POST', `/api/v1/reservations/${id}/cancel`, { ...bearer(keyA), body: {} })).status).toBe(200);
    const cancelled = await invoke('GET', `/api/v1/reservations/${id}/guest-link`, bearer(keyA));
    expect(cancelled.status).toBe(409);
    expect(cancelled.headers['content-type']).toContain('application/problem+json');
  });

  it('answers 409 for nights already taken, by a booking or a block, and books them once released', async () => {
    const home = await property(a, 'Casa do Mar');
    const first = await invoke('POST', '/api/v1/reservations', { ...bearer(keyA), body: { propertyId: home, guestName: 'First', checkinDate: inDays(20), checkoutDate: inDays(23) } });
    expect(first.status).toBe(201);
    const overlapping = await invoke('POST', '/api/v1/reservations', { ...bearer(keyA, { 'accept-language': 'en' }), body: { propertyId: home, guestName: 'Second', checkinDate: inDays(22), checkoutDate: inDays(25) } });
    expect(overlapping.status).toBe(409);
    expect(overlapping.body).toMatchObject({ type: 'https://rentalops.app/problems/conflict', status: 409 });
    expect(overlapping.body.detail).toEqual(expect.any(String));
    // An owner's block (as a channel import or the app makes one) takes its nights too.
    const ctx = await companyContext(a.companyId);
    await createStay(ctx, { propertyId: home, guestName: 'Owner stay', checkinDate: inDays(30), checkoutDate: inDays(32), kind: 'block' }, { actor: { userId: a.ceo.user.id } });
    expect((await invoke('POST', '/api/v1/reservations', { ...bearer(keyA), body: { propertyId: home, guestName: 'Over the block', checkinDate: inDays(31), checkoutDate: inDays(33) } })).status).toBe(409);
    // A move onto taken nights is refused the same way, and changes nothing.
    const later = await invoke('POST', '/api/v1/reservations', { ...bearer(keyA), body: { propertyId: home, guestName: 'Later', checkinDate: inDays(25), checkoutDate: inDays(27) } });
    expect(later.status).toBe(201);
    expect((await invoke('PATCH', `/api/v1/reservations/${later.body.id}`, { ...bearer(keyA), body: { checkinDate: inDays(21) } })).status).toBe(409);
    expect((await invoke('GET', `/api/v1/reservations/${later.body.id}`, bearer(keyA))).body.checkinDay).toBe(inDays(25));
    // Released by cancelling: the nights can be booked.
    await invoke('POST', `/api/v1/reservations/${first.body.id}/cancel`, { ...bearer(keyA), body: {} });
    expect((await invoke('POST', '/api/v1/reservations', { ...bearer(keyA), body: { propertyId: home, guestName: 'Second', checkinDate: inDays(22), checkoutDate: inDays(25) } })).status).toBe(201);
  });

  it('refuses every write to a read key, and writes nothing', async () => {
    const created = await invoke('POST', '/api/v1/reservations', { ...bearer(keyA), body: { propertyId: propertyA, guestName: 'Kept', checkinDate: inDays(60), checkoutDate: inDays(62) } });
    const before = await companyItems(a.companyId);
    const attempts = [
      invoke('POST', '/api/v1/reservations', { ...bearer(readKeyA), body: { propertyId: propertyA, guestName: 'x', checkinDate: inDays(70), checkoutDate: inDays(71) } }),
      invoke('PATCH', `/api/v1/reservations/${created.body.id}`, { ...bearer(readKeyA), body: { guestName: 'Changed' } }),
      invoke('POST', `/api/v1/reservations/${created.body.id}/cancel`, { ...bearer(readKeyA), body: {} }),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.status).toBe(403);
      expect(response.body.type).toBe('https://rentalops.app/problems/insufficient-scope');
    }
    expect(await companyItems(a.companyId)).toBe(before);
    expect((await invoke('GET', `/api/v1/reservations/${created.body.id}`, bearer(readKeyA))).body).toMatchObject({ guestName: 'Kept', status: 'confirmed' });
  });

  it('books once per Idempotency-Key: a retry and two at once answer the same reservation, one created', async () => {
    const home = await property(a, 'Casa Idempotente');
    const body = { propertyId: home, guestName: 'Retry Guest', checkinDate: inDays(50), checkoutDate: inDays(53) };
    const headers = bearer(keyA, { 'idempotency-key': `booking-${Date.now()}` });
    const first = await invoke('POST', '/api/v1/reservations', { ...headers, body });
    const retry = await invoke('POST', '/api/v1/reservations', { ...headers, body });
    expect(first.status).toBe(201);
    expect(retry.status).toBe(201);
    expect(retry.body).toEqual(first.body);
    expect(retry.headers['idempotent-replay']).toBe('true');
    // Without the key the same booking is a conflict: the nights are taken once.
    expect((await invoke('POST', '/api/v1/reservations', { ...bearer(keyA), body })).status).toBe(409);
    const together = bearer(keyA, { 'idempotency-key': `together-${Date.now()}` });
    const other = { ...body, guestName: 'Together', checkinDate: inDays(60), checkoutDate: inDays(61) };
    const [one, two] = await Promise.all([invoke('POST', '/api/v1/reservations', { ...together, body: other }), invoke('POST', '/api/v1/reservations', { ...together, body: other })]);
    expect([one.status, two.status]).toEqual([201, 201]);
    expect(one.body.id).toBe(two.body.id);
    const listed = await invoke('GET', `/api/v1/reservations?propertyId=${home}&limit=100`, bearer(keyA));
    expect(listed.body.data.map((reservation: { guestName: string }) => reservation.guestName).sort()).toEqual(['Retry Guest', 'Together']);
    // The same key with another body.
    const reused = await invoke('POST', '/api/v1/reservations', { ...headers, body: { ...body, guestName: 'Someone else' } });
    expect(reused.status).toBe(422);
    expect(reused.body.type).toBe('https://rentalops.app/problems/idempotency-key-reused');
  });

  it('lists by property and check-in (from, to), or the company\'s, in pages; never another company\'s; blocks are not listed', async () => {
    const company = await createTestCompany({ plan: 'enterprise' });
    const [home, second, apiKey] = await Promise.all([property(company, 'Casa Um'), property(company, 'Casa Dois'), makeKey(company, ['read', 'write'])]);
    const stays: Array<{ id: string; checkinDay: string }> = [];
    for (const start of [10, 14, 18, 22, 26]) {
      const created = await invoke('POST', '/api/v1/reservations', { ...bearer(apiKey), body: { propertyId: home, guestName: `Guest ${start}`, checkinDate: inDays(start), checkoutDate: inDays(start + 2) } });
      expect(created.status).toBe(201);
      stays.push(created.body);
    }
    const elsewhere = await invoke('POST', '/api/v1/reservations', { ...bearer(apiKey), body: { propertyId: second, guestName: 'Elsewhere', checkinDate: inDays(12), checkoutDate: inDays(13) } });
    await createStay(await companyContext(company.companyId), { propertyId: home, guestName: 'Owner stay', checkinDate: inDays(30), checkoutDate: inDays(33), kind: 'block' }, { actor: { userId: company.ceo.user.id } });

    // By property: by check-in, in pages of two.
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const response: { status: number; body: { data: Array<{ id: string; propertyId: string }>; nextCursor: string | null } } = await invoke('GET', `/api/v1/reservations?propertyId=${home}&limit=2${cursor ? `&cursor=${cursor}` : ''}`, bearer(apiKey));
      expect(response.status).toBe(200);
      expect(response.body.data.length).toBeLessThanOrEqual(2);
      expect(response.body.data.every((reservation) => reservation.propertyId === home)).toBe(true);
      seen.push(...response.body.data.map((reservation) => reservation.id));
      cursor = response.body.nextCursor;
    } while (cursor);
    expect(seen).toEqual(stays.map((stay) => stay.id));

    // from (inclusive) and to (exclusive), by check-in day.
    const window = await invoke('GET', `/api/v1/reservations?propertyId=${home}&from=${inDays(14)}&to=${inDays(22)}`, bearer(apiKey));
    expect(window.body.data.map((reservation: { id: string }) => reservation.id)).toEqual([stays[1].id, stays[2].id]);
    expect(window.body.nextCursor).toBeNull();
    // The company's, newest first, the other property's too; the block is not a stay.
    const all = await invoke('GET', '/api/v1/reservations?limit=100', bearer(apiKey));
    expect(all.body.data.map((reservation: { id: string }) => reservation.id)).toEqual([elsewhere.body.id, ...stays.map((stay) => stay.id).reverse()]);
    const filtered = await invoke('GET', `/api/v1/reservations?from=${inDays(12)}&to=${inDays(15)}`, bearer(apiKey));
    expect(filtered.body.data.map((reservation: { id: string }) => reservation.id)).toEqual([elsewhere.body.id, stays[1].id]);
    // Another company: its own list holds none of these; this company's property is 404 to it.
    const other = await invoke('GET', '/api/v1/reservations?limit=100', bearer(keyB));
    expect(other.body.data.filter((reservation: { id: string }) => seen.includes(reservation.id))).toEqual([]);
    expect((await invoke('GET', `/api/v1/reservations?propertyId=${home}`, bearer(keyB))).status).toBe(404);
    // Bad filters are field errors; a forged cursor of another partition is refused.
    const bad = await invoke('GET', '/api/v1/reservations?from=yesterday&limit=1000', bearer(apiKey));
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((error: { field: string }) => error.field).sort()).toEqual(['from', 'limit']);
    const forged = Buffer.from(JSON.stringify({ pk: `COMPANY#${a.companyId}`, sk: 'RESERVATION#zzz' })).toString('base64url');
    expect((await invoke('GET', `/api/v1/reservations?cursor=${forged}`, bearer(apiKey))).status).toBe(400);
  });
});

describe('the public API: properties, availability, checklists, team, owner statements', () => {
  let a: TestCompany;
  let b: TestCompany;
  let keyA: string;
  let keyB: string;
  let propertyA: string;

  beforeAll(async () => {
    [a, b] = await Promise.all([createTestCompany({ plan: 'enterprise' }), createTestCompany({ plan: 'professional' })]);
    propertyA = await property(a);
    [keyA, keyB] = await Promise.all([makeKey(a), makeKey(b, ['read'])]);
  });

  it('lists and reads properties with the documented fields (no other company\'s)', async () => {
    await invoke('PUT', `/api/properties/${propertyA}`, { cookies: [a.ceo.cookie], body: { name: 'Casa Azul', address: 'Rua das Flores 12', accessNotes: 'Key box by the gate', doorCode: '4821' } });
    const second = await property(a, 'Casa Verde');
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const response: { body: { data: Array<{ id: string }>; nextCursor: string | null } } = await invoke('GET', `/api/v1/properties?limit=1${cursor ? `&cursor=${cursor}` : ''}`, bearer(keyA));
      expect(response.body.data.length).toBeLessThanOrEqual(1);
      seen.push(...response.body.data.map((item) => item.id));
      cursor = response.body.nextCursor;
    } while (cursor);
    expect(seen.sort()).toEqual([propertyA, second].sort());
    const one = await invoke('GET', `/api/v1/properties/${propertyA}`, bearer(keyA));
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ id: propertyA, name: 'Casa Azul', accessNotes: 'Key box by the gate', doorCode: '4821', calendarExportUrl: expect.stringMatching(/\/api\/calendar\/.+\.ics$/) });
    expect(keysOf(one.body).every((field) => field in propertySchema.shape)).toBe(true);
    expect((await invoke('GET', `/api/v1/properties/${propertyA}`, bearer(keyB))).status).toBe(404);
    expect((await invoke('GET', '/api/v1/properties?limit=100', bearer(keyB))).body.data).toEqual([]);
  });

  it('answers availability night by night from the occupancy: bookings, blocks, free nights; bounded ranges', async () => {
    const home = await property(a, 'Casa Disponível');
    const stay = await invoke('POST', '/api/v1/reservations', { ...bearer(keyA), body: { propertyId: home, guestName: 'Ana', checkinDate: inDays(10), checkoutDate: inDays(13) } });
    const ctx = await companyContext(a.companyId);
    // An owner's block, as the calendar sync makes one.
    const { reservation: block } = await createStay(ctx, { propertyId: home, guestName: 'Owner stay', checkinDate: inDays(15), checkoutDate: inDays(17), kind: 'block' }, { actor: { userId: a.ceo.user.id } });
    const from = inDays(9);
    const to = inDays(18);
    const response = await invoke('GET', `/api/v1/properties/${home}/availability?from=${from}&to=${to}`, bearer(keyA));
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ propertyId: home, from, to });
    expect(response.body.nights).toHaveLength(daysBetween(from, to));
    const byDay = Object.fromEntries(response.body.nights.map((night: { date: string }) => [night.date, night]));
    for (const offset of [10, 11, 12]) expect(byDay[inDays(offset)]).toEqual({ date: inDays(offset), available: false, reservationId: stay.body.id, kind: 'booking' });
    for (const offset of [15, 16]) expect(byDay[inDays(offset)]).toEqual({ date: inDays(offset), available: false, reservationId: block.id, kind: 'block' });
    // The check-out days and the nights between are free.
    for (const offset of [9, 13, 14, 17]) expect(byDay[inDays(offset)]).toEqual({ date: inDays(offset), available: true, reservationId: null, kind: null });

    // A cancelled booking frees its nights at once.
    await invoke('POST', `/api/v1/reservations/${stay.body.id}/cancel`, { ...bearer(keyA), body: {} });
    const after = await invoke('GET', `/api/v1/properties/${home}/availability?from=${inDays(10)}&to=${inDays(13)}`, bearer(keyA));
    expect(after.body.nights.every((night: { available: boolean }) => night.available)).toBe(true);

    // Ranges: `to` after `from`, at most 366 nights, real days; another company's property is 404.
    const en = { 'accept-language': 'en' };
    for (const [f, t] of [[inDays(5), inDays(5)], [inDays(5), inDays(1)], [inDays(0), inDays(367)]]) {
      const refused = await invoke('GET', `/api/v1/properties/${home}/availability?from=${f}&to=${t}`, bearer(keyA, en));
      expect(refused.status).toBe(400);
      expect(refused.body.errors).toEqual([expect.objectContaining({ field: 'to', detail: 'Choose "to" after "from", at most 366 nights later' })]);
    }
    expect((await invoke('GET', `/api/v1/properties/${home}/availability?from=${inDays(0)}&to=${inDays(366)}`, bearer(keyA))).body.nights).toHaveLength(366);
    const impossible = await invoke('GET', `/api/v1/properties/${home}/availability?from=2027-02-30&to=2027-03-02`, bearer(keyA));
    expect(impossible.status).toBe(400);
    expect(impossible.body.errors.map((error: { field: string }) => error.field)).toEqual(['from']);
    // Without a range: the next 30 nights from today in the company's time zone.
    const next30 = await invoke('GET', `/api/v1/properties/${home}/availability`, bearer(keyA));
    expect(next30.status).toBe(200);
    expect(next30.body.from).toBe(localDay(new Date(), 'America/New_York'));
    expect(next30.body.to).toBe(addDays(next30.body.from, 30));
    expect(next30.body.nights).toHaveLength(30);
    expect((await invoke('GET', `/api/v1/properties/${home}/availability?from=${from}&to=${to}`, bearer(keyB))).status).toBe(404);
  });

  it('reads a property\'s default checklist and a task\'s checklist; another company\'s are 404', async () => {
    const empty = await invoke('GET', `/api/v1/properties/${propertyA}/checklist`, bearer(keyA));
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({ propertyId: propertyA, items: [], updatedAt: null });
    const saved = await invoke('PUT', `/api/properties/${propertyA}/checklist-template`, { cookies: [a.ceo.cookie], body: { items: [{ description: 'Change the bed linen', required: true }, { description: 'Restock coffee' }] } });
    expect(saved.status).toBe(200);
    const template = await invoke('GET', `/api/v1/properties/${propertyA}/checklist`, bearer(keyA));
    expect(template.body.items).toEqual([
      { id: expect.any(String), description: 'Change the bed linen', required: true },
      { id: expect.any(String), description: 'Restock coffee', required: false },
    ]);
    expect((await invoke('GET', `/api/v1/properties/${propertyA}/checklist`, bearer(keyB))).status).toBe(404);

    const task = await invoke('POST', '/api/v1/tasks', { ...bearer(keyA), body: { title: 'Turnover', propertyId: propertyA, type: 'cleaning' } });
    const none = await invoke('GET', `/api/v1/tasks/${task.body.id}/checklist`, bearer(keyA));
    expect(none.status).toBe(200);
    expect(none.body).toBeNull();
    expect((await invoke('POST', `/api/tasks/${task.body.id}/checklist`, { cookies: [a.ceo.cookie], body: {} })).status).toBe(201);
    const items = (await invoke('GET', `/api/v1/tasks/${task.body.id}/checklist`, bearer(keyA))).body.items;
    await invoke('PUT', `/api/tasks/${task.body.id}/checklist/items/${items[0].id}`, { cookies: [a.ceo.cookie], body: { isCompleted: true } });
    const checklist = await invoke('GET', `/api/v1/tasks/${task.body.id}/checklist`, bearer(keyA));
    expect(checklist.body).toMatchObject({ taskId: task.body.id, propertyId: propertyA, totalItems: 2, completedItems: 1, requiredItems: 1, openRequiredItems: 0, status: 'in_progress' });
    expect(checklist.body.items.map((item: { description: string; isCompleted: boolean }) => [item.description, item.isCompleted])).toEqual([['Change the bed linen', true], ['Restock coffee', false]]);
    expect(checklist.body.items[0]).not.toHaveProperty('photoBefore');
    expect((await invoke('GET', `/api/v1/tasks/${task.body.id}/checklist`, bearer(keyB))).status).toBe(404);
  });

  it('lists the team without sign-in details, in pages; only the key\'s company', async () => {
    const staff = await a.add('staff');
    const manager = await a.add('operational_manager');
    const seen: Array<Record<string, unknown>> = [];
    let cursor: string | null = null;
    do {
      const response: { status: number; body: { data: Array<Record<string, unknown>>; nextCursor: string | null } } = await invoke('GET', `/api/v1/team?limit=2${cursor ? `&cursor=${cursor}` : ''}`, bearer(keyA));
      expect(response.status).toBe(200);
      seen.push(...response.body.data);
      cursor = response.body.nextCursor;
    } while (cursor);
    expect(seen.map((member) => member.id).sort()).toEqual([a.ceo.user.id, staff.user.id, manager.user.id].sort());
    for (const member of seen) expect(keysOf(member)).toEqual(Object.keys(publicMemberSchema.shape).sort());
    expect(seen.find((member) => member.id === staff.user.id)).toMatchObject({ role: 'staff', email: staff.user.email, firstName: 'Sam' });
    const other = await invoke('GET', '/api/v1/team', bearer(keyB));
    expect(other.body.data.map((member: { id: string }) => member.id)).toEqual([b.ceo.user.id]);
  });

  it('answers a month\'s owner statement with the owner report\'s figures; bad months 400, another company 404', async () => {
    const home = await property(a, 'Casa do Dono');
    await invoke('PUT', `/api/properties/${home}/owner`, { cookies: [a.ceo.cookie], body: { name: 'Marta Lopes', email: 'marta@example.com', language: 'es' } });
    const month = inDays(-45).slice(0, 7);
    const { first, next } = monthBounds(month);
    const days = daysBetween(first, next);
    // A 4-night stay inside the month, one cancelled, and a 2-night owner block.
    const stay = await invoke('POST', '/api/v1/reservations', { ...bearer(keyA), body: { propertyId: home, guestName: 'Ana Guest', checkinDate: addDays(first, 2), checkoutDate: addDays(first, 6) } });
    expect(stay.status).toBe(201);
    const cancelled = await invoke('POST', '/api/v1/reservations', { ...bearer(keyA), body: { propertyId: home, guestName: 'Bruno', checkinDate: addDays(first, 10), checkoutDate: addDays(first, 12) } });
    await invoke('POST', `/api/v1/reservations/${cancelled.body.id}/cancel`, { ...bearer(keyA), body: {} });
    await createStay(await companyContext(a.companyId), { propertyId: home, guestName: 'Owner stay', checkinDate: addDays(first, 20), checkoutDate: addDays(first, 22), kind: 'block' }, { actor: { userId: a.ceo.user.id } });
    const expense = await invoke('POST', '/api/expenses', { cookies: [a.ceo.cookie], body: { amount: '45.99', date: addDays(first, 3), category: 'maintenance', description: 'New tap', propertyId: home } });
    expect(expense.status).toBe(201);

    const response = await invoke('GET', `/api/v1/properties/${home}/owner-statements/${month}`, bearer(keyA));
    expect(response.status).toBe(200);
    expect(ownerStatementSchema.safeParse(response.body).success).toBe(true);
    expect(response.body).toMatchObject({
      propertyId: home,
      propertyName: 'Casa do Dono',
      month,
      currency: 'USD',
      owner: { name: 'Marta Lopes', email: 'marta@example.com', language: 'es' },
      figures: { stays: 1, nightsBooked: 4, nightsInMonth: days, occupancyPercent: Math.round((4 / days) * 1000) / 10, blockedNights: 2, expensesCents: 4599 },
      stays: [{ reservationId: stay.body.id, guestName: 'Ana Guest', checkinDay: addDays(first, 2), checkoutDay: addDays(first, 6), nightsInMonth: 4 }],
      expenses: [{ id: expense.body.id, date: addDays(first, 3), category: 'maintenance', description: 'New tap', amountCents: 4599 }],
    });
    // Another month: nothing in it.
    const empty = await invoke('GET', `/api/v1/properties/${home}/owner-statements/${addDays(next, 40).slice(0, 7)}`, bearer(keyA));
    expect(empty.body.figures).toMatchObject({ stays: 0, nightsBooked: 0, blockedNights: 0, expensesCents: 0 });
    for (const bad of ['2026-13', '2026-1', 'november']) {
      const refused = await invoke('GET', `/api/v1/properties/${home}/owner-statements/${bad}`, bearer(keyA));
      expect(refused.status).toBe(400);
      expect(refused.body.errors.map((error: { field: string }) => error.field)).toEqual(['month']);
    }
    // Professional (read) key of another company: the same 404 as an unknown property.
    expect((await invoke('GET', `/api/v1/properties/${home}/owner-statements/${month}`, bearer(keyB))).status).toBe(404);
    expect((await invoke('GET', `/api/v1/properties/01JNOSUCHTHING000000000000/owner-statements/${month}`, bearer(keyA))).status).toBe(404);
  });
});
