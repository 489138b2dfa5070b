import { formatInstant } from './zoned-format';

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
