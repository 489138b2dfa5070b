import { addMonths, dayInZone, monthWeeks, stayDaysOf, weekSegments } from './calendar';

describe('month calendar arithmetic', () => {
  it('moves between months across years', () => {
    expect(addMonths('2026-01', -1)).toBe('2025-12');
    expect(addMonths('2025-12', 1)).toBe('2026-01');
    expect(addMonths('2026-03', 14)).toBe('2027-05');
  });

  it('lays a month out in whole weeks starting on Sunday or Monday', () => {
    // March 2026 starts on a Sunday and ends on a Tuesday.
    const sunday = monthWeeks('2026-03', 0);
    expect(sunday).toHaveLength(5);
    expect(sunday[0][0]).toBe('2026-03-01');
    expect(sunday[4][6]).toBe('2026-04-04');
    const monday = monthWeeks('2026-03', 1);
    expect(monday[0][0]).toBe('2026-02-23');
    expect(monday[monday.length - 1]).toContain('2026-03-31');
    expect(monday.every((week) => week.length === 7)).toBe(true);
  });

  it('cuts stays into half-day pieces per week: afternoon of check-in to morning of check-out', () => {
    const week = ['2026-03-01', '2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05', '2026-03-06', '2026-03-07'];
    const stay = { id: 'a', start: '2026-03-02', end: '2026-03-05' };
    const next = { id: 'b', start: '2026-03-05', end: '2026-03-09' };
    const before = { id: 'c', start: '2026-02-25', end: '2026-03-01' };
    const { segments, lanes } = weekSegments(week, [stay, next, before]);
    const byId = Object.fromEntries(segments.map((segment) => [segment.item.id, segment]));
    expect(byId.a).toMatchObject({ startLine: 4, endLine: 10, lane: 0, continuesBefore: false, continuesAfter: false });
    // Check-out and the next check-in on the same day share the day, not a lane.
    expect(byId.b).toMatchObject({ startLine: 10, endLine: 15, lane: 0, continuesAfter: true });
    // A stay checking out on the week's first day shows its last morning.
    expect(byId.c).toMatchObject({ startLine: 1, endLine: 2, continuesBefore: true });
    expect(lanes).toBe(1);
  });

  it('puts overlapping spans (a cancelled stay and its replacement) on separate lanes', () => {
    const week = ['2026-03-01', '2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05', '2026-03-06', '2026-03-07'];
    const { segments, lanes } = weekSegments(week, [
      { id: 'x', start: '2026-03-02', end: '2026-03-04' },
      { id: 'y', start: '2026-03-03', end: '2026-03-06' },
      { id: 'z', start: '2026-03-10', end: '2026-03-12' },
    ]);
    expect(lanes).toBe(2);
    expect(segments.map((segment) => [segment.item.id, segment.lane])).toEqual([
      ['x', 0],
      ['y', 1],
    ]);
  });

  it('reads days in the company time zone and falls back to UTC days for older records', () => {
    expect(dayInZone('2026-03-05T03:00:00.000Z', 'America/New_York')).toBe('2026-03-04');
    expect(dayInZone('2026-03-05T03:00:00.000Z', 'UTC')).toBe('2026-03-05');
    expect(stayDaysOf({ checkinDate: '2026-03-02T15:00:00.000Z', checkoutDate: '2026-03-06T11:00:00.000Z' })).toEqual({
      checkinDay: '2026-03-02',
      checkoutDay: '2026-03-06',
    });
    expect(stayDaysOf({ checkinDate: 'x', checkoutDate: 'y', checkinDay: '2026-03-01', checkoutDay: '2026-03-03' })).toEqual({
      checkinDay: '2026-03-01',
      checkoutDay: '2026-03-03',
    });
  });
});
