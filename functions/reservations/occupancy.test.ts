// Occupancy through the route table against the local stand-ins: stays of any length take their
// nights (one occupancy item per month, not one per night), moves and overlaps stay atomic and
// race-safe, a long stay shows on every month it spans, and a legacy row is upgraded when edited.
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { invoke } from '../../local/invoke';
import { createTestCompany, type TestCompany } from '../../tests/support/fixtures';
import { db, tableName } from '../data/client';
import { keys } from '../data/keys';
import { getMonthOccupancy } from '../data/repositories/occupancy';
import { getReservation } from '../data/repositories/reservations';
import { fixtureDay as day } from './calendar-sync/fixtures/feed-server';
import { addDays, stayNights } from '#shared/days';

async function propertyOf(company: TestCompany, name = 'Casa Longa'): Promise<string> {
  const response = await invoke('POST', '/api/properties', { cookies: [company.ceo.cookie], body: { name, address: 'Rua 2' } });
  expect(response.status).toBe(201);
  return response.body.id;
}

function book(company: TestCompany, propertyId: string, checkin: string, checkout: string, guestName = 'Long Stay') {
  return invoke('POST', '/api/reservations', { cookies: [company.ceo.cookie], body: { propertyId, guestName, checkinDate: checkin, checkoutDate: checkout } });
}

/** Every night of the range as the occupancy items hold it: night → reservation id. */
async function heldNights(company: TestCompany, propertyId: string, from: string, to: string): Promise<Map<string, string>> {
  const nights = stayNights(from, to);
  const months = [...new Set(nights.map((night) => night.slice(0, 7)))];
  const held = new Map<string, string>();
  for (const month of months) {
    const occupancy = await getMonthOccupancy(company.companyId, propertyId, month);
    for (const [night, id] of Object.entries(occupancy.bookings)) if (night >= from && night < to) held.set(night, id);
  }
  return held;
}

describe('stays of any length', () => {
  it('books a 400-night stay whole: every night is taken, an overlap anywhere in it is refused, back-to-back is fine', async () => {
    const company = await createTestCompany();
    const propertyId = await propertyOf(company);
    const checkin = day(5);
    const checkout = addDays(checkin, 400);
    const long = await book(company, propertyId, checkin, checkout);
    expect(long.status).toBe(201);
    expect(long.body).toMatchObject({ nights: 400, checkinDay: checkin, checkoutDay: checkout });

    const held = await heldNights(company, propertyId, checkin, checkout);
    expect(held.size).toBe(400);
    expect(new Set(held.values())).toEqual(new Set([long.body.id]));

    for (const offset of [0, 31, 199, 399]) {
      const overlap = await book(company, propertyId, addDays(checkin, offset), addDays(checkin, offset + 2), 'Overlap');
      expect(overlap.status).toBe(409);
      expect(overlap.body.message).toContain('Long Stay');
    }
    expect((await book(company, propertyId, checkout, addDays(checkout, 3), 'Next')).status).toBe(201);
    expect((await book(company, propertyId, addDays(checkin, -3), checkin, 'Before')).status).toBe(201);
  });

  it('shows a long stay on every month it spans, read from the month items (not a look-back)', async () => {
    const company = await createTestCompany();
    const propertyId = await propertyOf(company);
    const checkin = day(3);
    const long = (await book(company, propertyId, checkin, addDays(checkin, 370))).body;
    for (const offset of [0, 100, 250, 369]) {
      const month = addDays(checkin, offset).slice(0, 7);
      const view = await invoke('GET', `/api/properties/${propertyId}/calendar?month=${month}`, { cookies: [company.ceo.cookie] });
      expect(view.status).toBe(200);
      expect(view.body.reservations.map((r: { id: string }) => r.id)).toContain(long.id);
    }
  });

  it('moves a long stay in one transaction: freed nights can be booked, new ones are taken, a move onto another stay changes nothing', async () => {
    const company = await createTestCompany();
    const propertyId = await propertyOf(company);
    const checkin = day(10);
    const long = (await book(company, propertyId, checkin, addDays(checkin, 200))).body;
    const neighbour = (await book(company, propertyId, addDays(checkin, 230), addDays(checkin, 240), 'Neighbour')).body;

    // Shorten by 60 nights: the freed nights are bookable.
    const shorter = await invoke('PUT', `/api/reservations/${long.id}`, { cookies: [company.ceo.cookie], body: { checkoutDate: addDays(checkin, 140) } });
    expect(shorter.status).toBe(200);
    expect((await heldNights(company, propertyId, checkin, addDays(checkin, 200))).size).toBe(140);
    const inFreed = (await book(company, propertyId, addDays(checkin, 150), addDays(checkin, 155), 'Freed')).body;
    expect(inFreed.id).toBeDefined();

    // Lengthen over the neighbour: refused, and nothing moved.
    const over = await invoke('PUT', `/api/reservations/${long.id}`, { cookies: [company.ceo.cookie], body: { checkoutDate: addDays(checkin, 235) } });
    expect(over.status).toBe(409);
    expect((await getReservation(company.companyId, long.id))?.checkoutDay).toBe(addDays(checkin, 140));
    const held = await heldNights(company, propertyId, checkin, addDays(checkin, 240));
    expect([...held.values()].filter((id) => id === long.id)).toHaveLength(140);
    expect([...held.values()].filter((id) => id === neighbour.id)).toHaveLength(10);

    // Cancelling frees every night.
    expect((await invoke('POST', `/api/reservations/${long.id}/cancel`, { cookies: [company.ceo.cookie], body: {} })).status).toBe(200);
    expect([...(await heldNights(company, propertyId, checkin, addDays(checkin, 240))).values()].filter((id) => id === long.id)).toHaveLength(0);
  });

  it('lets exactly one of many racing long stays over the same months win', async () => {
    const company = await createTestCompany();
    const propertyId = await propertyOf(company);
    const responses = await Promise.all(
      Array.from({ length: 6 }, (_, i) => book(company, propertyId, day(20 + i * 7), day(20 + i * 7 + 90), `Racer ${i}`)),
    );
    const won = responses.filter((r) => r.status === 201);
    expect(responses.every((r) => r.status === 201 || r.status === 409)).toBe(true);
    expect(won).toHaveLength(1);
    const held = await heldNights(company, propertyId, day(20), day(20 + 5 * 7 + 90));
    expect(new Set(held.values())).toEqual(new Set([won[0].body.id]));
  });

  it('upgrades a row of the earlier per-night claims when it is edited, releasing those claims', async () => {
    const company = await createTestCompany();
    const propertyId = await propertyOf(company);
    const stay = (await book(company, propertyId, day(40), day(43), 'Old Style')).body;
    // Make it look as written by the earlier code: per-night claim items, no occupancy.
    const { PutCommand } = await import('@aws-sdk/lib-dynamodb');
    const moveTo = { checkin: day(40), checkout: day(45) };
    await invoke('POST', `/api/reservations/${stay.id}/cancel`, { cookies: [company.ceo.cookie], body: {} });
    const legacyId = 'LEGACY' + stay.id.slice(6);
    const item = { ...(await db.send(new GetCommand({ TableName: tableName(), Key: keys.reservation(company.companyId, stay.id) }))).Item };
    Object.assign(item, keys.reservation(company.companyId, legacyId), { id: legacyId, status: 'confirmed', nightsClaimed: true, claims: undefined, hold: undefined, turnoverTaskId: null });
    delete item.claims;
    delete item.hold;
    await db.send(new PutCommand({ TableName: tableName(), Item: item }));
    for (const night of stayNights(day(40), day(43))) {
      await db.send(new PutCommand({ TableName: tableName(), Item: { ...keys.propertyNight(company.companyId, propertyId, night), entity: 'night', reservationId: legacyId, propertyId, night } }));
    }
    // The legacy row still blocks a new stay…
    expect((await book(company, propertyId, day(41), day(42), 'Blocked')).status).toBe(409);
    // …and when edited, it moves to the occupancy items and drops its per-night claims.
    const moved = await invoke('PUT', `/api/reservations/${legacyId}`, { cookies: [company.ceo.cookie], body: { checkoutDate: moveTo.checkout } });
    expect(moved.status).toBe(200);
    const held = await heldNights(company, propertyId, day(40), day(45));
    expect([...held.values()]).toEqual(Array(5).fill(legacyId));
    const claim = await db.send(new GetCommand({ TableName: tableName(), Key: keys.propertyNight(company.companyId, propertyId, day(41)) }));
    expect(claim.Item).toBeUndefined();
    expect((await book(company, propertyId, day(44), day(46), 'Overlap')).status).toBe(409);
  });
});
