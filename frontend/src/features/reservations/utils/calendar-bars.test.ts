import type { CalendarBlock, ReservationView } from '../api/types';
import { doubleBookings, missingStays, monthBars } from './calendar-bars';

const stay = (id: string, fields: Partial<ReservationView> = {}): ReservationView => ({
  id,
  propertyId: 'p1',
  guestName: `Guest ${id}`,
  checkinDate: '2026-12-03T20:00:00.000Z',
  checkoutDate: '2026-12-07T15:00:00.000Z',
  checkinDay: '2026-12-03',
  checkoutDay: '2026-12-07',
  nights: 4,
  kind: 'booking',
  tentative: false,
  ambiguous: false,
  turnoverDismissed: false,
  conflictWith: [],
  status: 'confirmed',
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
  ...fields,
});
const block = (fields: Partial<CalendarBlock> = {}): CalendarBlock => ({
  start: '2026-12-10',
  end: '2026-12-13',
  summary: 'CLOSED - Not available',
  feedId: 'f1',
  source: 'booking',
  reservationId: 'b1',
  ambiguous: false,
  turnoverTaskId: null,
  turnoverDismissed: false,
  ...fields,
});

describe('the bars of a month', () => {
  it('marks both sides of a double booking, and neither once one is cancelled', () => {
    const holder = stay('a');
    const imported = stay('b', { conflictWith: ['a'], integrationSource: 'vrbo' });
    expect(Object.fromEntries(doubleBookings([holder, imported]))).toEqual({ a: ['b'], b: ['a'] });
    const tones = monthBars({ reservations: [holder, imported], blocks: [] }).map((bar) => bar.tone);
    expect(tones).toEqual(['doubleBooked', 'doubleBooked']);
    const resolved = monthBars({ reservations: [stay('a', { status: 'cancelled' }), imported], blocks: [] }).map((bar) => bar.tone);
    expect(resolved).toEqual(['cancelled', 'confirmed']);
  });

  it('asks for the other side of a double booking the month does not list', () => {
    const bars = monthBars({ reservations: [stay('b', { conflictWith: ['long-stay'] })], blocks: [] });
    expect(missingStays(bars)).toEqual(['long-stay']);
  });

  it('tells tentative and flagged stays, blocks and Booking.com stretches to check apart', () => {
    const bars = monthBars({
      reservations: [stay('t', { tentative: true }), stay('m', { syncStatus: 'missing_from_feed' }), stay('c', { syncStatus: 'cancelled_in_feed' })],
      blocks: [block(), block({ reservationId: 'b2', ambiguous: true }), block({ reservationId: 'b3', ambiguous: true, turnoverDismissed: true })],
    });
    expect(bars.map((bar) => bar.tone)).toEqual(['tentative', 'flagged', 'flagged', 'block', 'toCheck', 'block']);
  });
});
