import { formatInstant, fromZonedInput, toZonedInput, zoneHint } from './zoned-format';

const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
// A zone that is surely not the runner's, to see how another zone reads.
const otherZone = browserZone === 'Pacific/Honolulu' ? 'America/New_York' : 'Pacific/Honolulu';
const otherZoneHour = otherZone === 'Pacific/Honolulu' ? '10:00 AM HST' : '3:00 PM EST';
const checkin = '2026-11-26T20:00:00.000Z';

describe('instants in a company time zone', () => {
  it('shows the wall-clock time of the given zone, and names the zone when it is not the browser\'s', () => {
    expect(formatInstant(checkin, 'en-US', 'time', otherZone)).toBe(otherZoneHour);
    expect(formatInstant(checkin, 'en-US', 'dateTime', otherZone)).toBe(`Nov 26, 2026, ${otherZoneHour}`);
  });

  it('names no zone when the company is in the browser\'s own zone, or when none is given', () => {
    const plain = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(checkin));
    expect(formatInstant(checkin, 'en-US', 'dateTime', browserZone)).toBe(plain);
    expect(formatInstant(checkin, 'en-US', 'dateTime')).toBe(plain);
  });

  it('gives the date of the zone, which can differ from the browser\'s', () => {
    expect(formatInstant('2026-11-27T03:00:00.000Z', 'en-US', 'date', 'Pacific/Honolulu')).toBe('Nov 26, 2026');
    expect(formatInstant('2026-11-27T03:00:00.000Z', 'pt-BR', 'date', 'America/New_York')).toBe('26 de nov. de 2026');
  });

  it('answers an empty text for a missing or invalid instant', () => {
    expect(formatInstant(null, 'en-US', 'dateTime', otherZone)).toBe('');
    expect(formatInstant('not a date', 'en-US', 'time')).toBe('');
  });
});

describe('the datetime-local input in a company time zone', () => {
  const NY = 'America/New_York';

  it('reads 14:00 typed for a New York company as 14:00 in New York, whatever the browser\'s zone', () => {
    expect(fromZonedInput('2026-01-15T14:00', NY)).toBe('2026-01-15T19:00:00.000Z');
    expect(fromZonedInput('2026-07-15T14:00', NY)).toBe('2026-07-15T18:00:00.000Z');
    expect(toZonedInput('2026-01-15T19:00:00.000Z', NY)).toBe('2026-01-15T14:00');
    expect(toZonedInput('2026-07-15T18:00:00.000Z', NY)).toBe('2026-07-15T14:00');
  });

  it('reads and writes zones east of UTC, where the day can differ from UTC\'s', () => {
    expect(fromZonedInput('2026-07-01T14:00', 'Asia/Tokyo')).toBe('2026-07-01T05:00:00.000Z');
    expect(fromZonedInput('2026-07-01T08:30', 'Asia/Tokyo')).toBe('2026-06-30T23:30:00.000Z');
    expect(toZonedInput('2026-06-30T23:30:00.000Z', 'Asia/Tokyo')).toBe('2026-07-01T08:30');
    expect(fromZonedInput('2026-01-15T14:00', 'Europe/Lisbon')).toBe('2026-01-15T14:00:00.000Z');
    expect(fromZonedInput('2026-07-15T14:00', 'Europe/Lisbon')).toBe('2026-07-15T13:00:00.000Z');
    expect(toZonedInput('2026-07-15T23:30:00.000Z', 'Europe/Lisbon')).toBe('2026-07-16T00:30');
  });

  it('reads a time the clocks skip (spring forward) as the same time after the change, on the same day', () => {
    // New York, 8 March 2026: 02:00 EST becomes 03:00 EDT; 02:30 does not exist.
    expect(fromZonedInput('2026-03-08T02:30', NY)).toBe('2026-03-08T07:30:00.000Z');
    expect(toZonedInput('2026-03-08T07:30:00.000Z', NY)).toBe('2026-03-08T03:30');
    expect(fromZonedInput('2026-03-08T01:59', NY)).toBe('2026-03-08T06:59:00.000Z');
    expect(fromZonedInput('2026-03-08T03:00', NY)).toBe('2026-03-08T07:00:00.000Z');
    // Lisbon, 29 March 2026: 01:00 WET becomes 02:00 WEST.
    expect(fromZonedInput('2026-03-29T01:30', 'Europe/Lisbon')).toBe('2026-03-29T01:30:00.000Z');
    expect(toZonedInput('2026-03-29T01:30:00.000Z', 'Europe/Lisbon')).toBe('2026-03-29T02:30');
  });

  it('reads a time the clocks show twice (fall back) as the first of the two, and shows each as typed', () => {
    // New York, 1 November 2026: 02:00 EDT becomes 01:00 EST; 01:30 happens twice.
    expect(fromZonedInput('2026-11-01T01:30', NY)).toBe('2026-11-01T05:30:00.000Z');
    expect(toZonedInput('2026-11-01T05:30:00.000Z', NY)).toBe('2026-11-01T01:30');
    expect(toZonedInput('2026-11-01T06:30:00.000Z', NY)).toBe('2026-11-01T01:30');
    expect(fromZonedInput('2026-11-01T14:00', NY)).toBe('2026-11-01T19:00:00.000Z');
  });

  it('goes round both ways for every hour of a DST day', () => {
    for (const zone of [NY, 'Europe/Lisbon', 'Asia/Tokyo']) {
      for (let hour = 0; hour < 24; hour++) {
        const at = new Date(Date.UTC(2026, 2, 8, hour, 15)).toISOString();
        expect(fromZonedInput(toZonedInput(at, zone), zone)).toBe(at);
      }
    }
  });

  it('uses the browser\'s zone when none is given, as the input itself does', () => {
    expect(fromZonedInput('2026-01-15T14:00')).toBe(new Date('2026-01-15T14:00').toISOString());
    expect(toZonedInput('2026-01-15T19:00:00.000Z')).toBe(toZonedInput('2026-01-15T19:00:00.000Z', browserZone));
  });

  it('answers null for an empty input, the value itself for an unreadable one, and \'\' for no instant', () => {
    expect(fromZonedInput('', NY)).toBeNull();
    expect(fromZonedInput('tomorrow', NY)).toBe('tomorrow');
    expect(fromZonedInput('2026-02-30T10:00', NY)).toBe('2026-02-30T10:00');
    expect(fromZonedInput('2026-02-10T25:00', NY)).toBe('2026-02-10T25:00');
    expect(toZonedInput(null, NY)).toBe('');
    expect(toZonedInput('not a date', NY)).toBe('');
  });
});

describe('the zone named beside a time typed in', () => {
  it('names a zone other than the browser\'s with its short name of that day, and none for the browser\'s own', () => {
    expect(zoneHint(otherZone, 'en-US', new Date(checkin))).toBe(otherZone === 'Pacific/Honolulu' ? 'Pacific/Honolulu (HST)' : 'America/New York (EST)');
    const us = browserZone === 'America/New_York' ? 'America/Chicago' : 'America/New_York';
    expect(zoneHint(us, 'en-US', new Date('2026-07-01T12:00:00Z'))).toBe(us === 'America/New_York' ? 'America/New York (EDT)' : 'America/Chicago (CDT)');
    // With the name the interface gives the zone.
    expect(zoneHint(us, 'es-ES', new Date('2026-07-01T12:00:00Z'), 'hora de X')).toMatch(/^hora de X \(.+\)$/);
    expect(zoneHint(browserZone, 'en-US')).toBe('');
    expect(zoneHint(undefined, 'en-US')).toBe('');
  });
});
