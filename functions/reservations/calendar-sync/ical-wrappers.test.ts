// Where ical.js (2.2.1) is wrong for a calendar real users paste, and what our wrapper does instead
// (docs/calendar-import.md, "On ical.js"). Each test first pins what ical.js does on its own, so
// that the day a release of ical.js fixes it, the test says which wrapper may go; then it checks
// what the feed reader does with the same calendar. Rules on which ical.js never returns are not
// handed to it here (the test would hang): only our side of those is checked.
const originalTz = process.env.TZ;
process.env.TZ = 'Pacific/Kiritimati';

import { readFileSync } from 'node:fs';
import path from 'node:path';
import ICAL from 'ical.js';
import { parseFeed, type FeedEvent, type ParseOptions } from './parse-feed';

afterAll(() => {
  process.env.TZ = originalTz;
});

const NOW = new Date('2026-11-25T12:00:00Z');
const fixture = (name: string) => readFileSync(path.join(__dirname, 'fixtures', name));
const parse = (body: string | Buffer, options: Partial<ParseOptions> = {}) =>
  parseFeed(typeof body === 'string' ? Buffer.from(body) : body, { source: 'ical', timeZone: 'Europe/Lisbon', now: NOW, ...options });
const cal = (...lines: string[]) => ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Test//EN', ...lines, 'END:VCALENDAR'].join('\r\n');
const vevent = (...lines: string[]) => ['BEGIN:VEVENT', ...lines, 'END:VEVENT'];
const days = (events: FeedEvent[]) => events.map((e) => [e.checkinDay, e.checkoutDay]);
const icalEvent = (text: string) => new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent('vevent')!;
const firstOccurrences = (rule: string, start: string, n: number) => {
  const iterator = ICAL.Recur.fromString(rule).iterator(ICAL.Time.fromDateString(start));
  return Array.from({ length: n }, () => iterator.next()?.toString());
};

describe('the file as a whole: ical.js throws for all of it, we lose one event or one line at most', () => {
  it('one unreadable RRULE: ICAL.parse throws for the whole file; the reader skips that event, with its reason', async () => {
    const text = fixture('broken-events.ics').toString('utf8');
    expect(() => ICAL.parse(text)).toThrow(/invalid frequency "INVALID"/);
    const parsed = await parse(text);
    expect(days(parsed.events)).toEqual([
      ['2026-12-02', '2026-12-05'],
      ['2026-12-12', '2026-12-15'],
    ]);
    expect(parsed.skipped.map((entry) => [entry.uid, entry.reason])).toContainEqual(['bad-rule@airbnb.com', 'calendar.skipped.badRule']);
  });

  it('a line that is no content line: ICAL.parse throws; the reader ignores the line and imports the event', async () => {
    const text = cal(...vevent('UID:g', 'this is not a content line', 'DTSTART;VALUE=DATE:20261210', 'DTEND;VALUE=DATE:20261212', 'SUMMARY:Reserved - Ana'));
    expect(() => ICAL.parse(text)).toThrow(/invalid line/);
    const parsed = await parse(text);
    expect(days(parsed.events)).toEqual([['2026-12-10', '2026-12-12']]);
    expect(parsed.skipped).toEqual([]);
  });

  it('a byte order mark: ical.js fails on the first line; the reader strips it while decoding', async () => {
    const text = fixture('utf8-bom-folded.ics').toString('utf8');
    expect(text.charCodeAt(0)).toBe(0xfeff);
    expect(() => ICAL.parse(text)).toThrow(TypeError);
    expect((await parse(fixture('utf8-bom-folded.ics'))).events[0].guestName).toBe('Conceição Gonçalves Magalhães');
  });

  it('a file cut short: ical.js says "Missing parameter value" or "component began but did not end"; the reader says truncated', async () => {
    const truncated = fixture('truncated.ics').toString('utf8');
    expect(() => ICAL.parse(truncated)).toThrow(/Missing parameter value/);
    await expect(parse(truncated)).rejects.toMatchObject({ code: 'calendar.error.truncated' });
    const full = fixture('airbnb-export.ics').toString('utf8');
    expect(() => ICAL.parse(full.slice(0, -30))).toThrow(/component began but did not end/);
    await expect(parse(full.slice(0, -30))).rejects.toMatchObject({ code: 'calendar.error.truncated' });
  });
});

describe('values: what ical.js refuses, and what it accepts that is no date', () => {
  it('Outlook\'s "BYDAY=SA, SU" (a space after the comma): ical.js throws for the whole file; the reader removes the space', async () => {
    const text = fixture('outlook-exchange.ics').toString('utf8');
    expect(() => ICAL.parse(text)).toThrow(/invalid BYDAY value " SU"/);
    const parsed = await parse(text, { timeZone: 'Europe/Madrid' });
    expect(parsed.skipped).toEqual([]);
    // Saturdays and Sundays from 12 December 2026 until 10 January 2027.
    expect(parsed.events.filter((e) => e.kind === 'block')).toHaveLength(10);
  });

  it('8-digit dates without VALUE=DATE: ical.js reads "2026-12-10T::" and throws on use; the reader reads days', async () => {
    const text = fixture('owner-maintenance.ics').toString('utf8');
    expect(() => new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent('vevent')!.getFirstPropertyValue('dtstart')).toThrow(/invalid date-time value/);
    expect(days((await parse(text)).events)[0]).toEqual(['2026-12-10', '2026-12-12']);
  });

  it('a day that does not exist: ical.js rolls 30 February over into 2 March; the reader skips the event as a bad date', async () => {
    const text = cal(...vevent('UID:f', 'DTSTART;VALUE=DATE:20270230', 'DTEND;VALUE=DATE:20270303', 'SUMMARY:Reserved'));
    expect(String(icalEvent(text).getFirstPropertyValue('dtstart'))).toBe('2027-03-02');
    const parsed = await parse(text);
    expect(parsed.events).toEqual([]);
    expect(parsed.skipped).toEqual([{ uid: 'f', summary: 'Reserved', reason: 'calendar.skipped.badDate', params: { value: '20270230' } }]);
  });

  it('a TZID without its VTIMEZONE (an IANA name): ical.js reads the time as floating; the reader reads it in that zone', async () => {
    const text = cal(...vevent('UID:t', 'DTSTART;TZID=Asia/Tokyo:20261202T020000', 'DTEND;TZID=Asia/Tokyo:20261205T100000', 'SUMMARY:Reserved - Aiko'));
    expect((icalEvent(text).getFirstPropertyValue('dtstart') as InstanceType<typeof ICAL.Time>).zone.tzid).toBe('floating');
    // 02:00 in Tokyo on the 2nd is 17:00 on the 1st in Lisbon.
    expect(days((await parse(text)).events)).toEqual([['2026-12-01', '2026-12-05']]);
  });

  it('a VTIMEZONE with offsets beyond ±18 h: ical.js reads "+9999" as an offset of −07:21 without a word; the reader calls the zone unknown', async () => {
    const vtimezone = ['BEGIN:VTIMEZONE', 'TZID:Broken', 'BEGIN:STANDARD', 'DTSTART:16010101T000000', 'TZOFFSETFROM:+9999', 'TZOFFSETTO:+9999', 'END:STANDARD', 'END:VTIMEZONE'];
    const zone = new ICAL.Timezone({ component: new ICAL.Component(ICAL.parse(cal(...vtimezone))).getFirstSubcomponent('vtimezone') });
    expect(zone.utcOffset(ICAL.Time.fromDateTimeString('2026-12-01T15:00:00'))).toBe(-(7 * 3600 + 21 * 60));
    const parsed = await parse(cal(...vtimezone, ...vevent('UID:b', 'DTSTART;TZID=Broken:20261201T150000', 'DTEND;TZID=Broken:20261203T110000', 'SUMMARY:Reserved - Rui')));
    expect(days(parsed.events)).toEqual([['2026-12-01', '2026-12-03']]);
    expect(parsed.warnings).toEqual([{ code: 'calendar.warning.unknownZone', params: { zone: 'Broken', fallback: 'Europe/Lisbon' } }]);
  });
});

describe('repeat rules', () => {
  it('RSCALE (RFC 7529): ical.js expands a Hebrew-calendar rule as if Gregorian, silently; the reader says it is not supported', async () => {
    expect(firstOccurrences('RSCALE=HEBREW;FREQ=YEARLY;BYMONTH=5L;BYMONTHDAY=8;SKIP=FORWARD', '2026-12-10', 2)).toEqual(['2027-05-08', '2028-05-08']);
    expect(ICAL.Recur.fromString('RSCALE=CHINESE;FREQ=YEARLY').toString()).toBe('FREQ=YEARLY');
    const parsed = await parse(fixture('rscale.ics'));
    expect(parsed.skipped.map((entry) => [entry.uid, entry.reason])).toEqual([['rscale-hebrew@example.com', 'calendar.skipped.unsupportedRule']]);
    const chinese = await parse(cal(...vevent('UID:c', 'DTSTART;VALUE=DATE:20261201', 'RRULE:RSCALE=CHINESE;FREQ=YEARLY', 'SUMMARY:Blocked')));
    expect(chinese.skipped.map((entry) => entry.reason)).toEqual(['calendar.skipped.unsupportedRule']);
  });

  it('rules ical.js reads without a word (COUNT with UNTIL, INTERVAL=0, an unknown part): the reader calls them unreadable', async () => {
    for (const rule of ['FREQ=DAILY;COUNT=2;UNTIL=20270101', 'FREQ=DAILY;INTERVAL=0', 'FREQ=DAILY;FOO=1']) {
      expect(() => ICAL.Recur.fromString(rule)).not.toThrow();
      const parsed = await parse(cal(...vevent('UID:r', 'DTSTART;VALUE=DATE:20261201', `RRULE:${rule}`, 'SUMMARY:Blocked')));
      expect([rule, parsed.skipped.map((entry) => entry.reason)]).toEqual([rule, ['calendar.skipped.badRule']]);
    }
  });

  it('DTSTART that the rule would not give: ical.js leaves it out; RFC 5545 (and the reader) count it first, COUNT included', async () => {
    // 3 December 2026 is a Thursday.
    expect(firstOccurrences('FREQ=WEEKLY;BYDAY=MO', '2026-12-03', 2)).toEqual(['2026-12-07', '2026-12-14']);
    const parsed = await parse(cal(...vevent('UID:w', 'DTSTART;VALUE=DATE:20261203', 'RRULE:FREQ=WEEKLY;BYDAY=MO;COUNT=3', 'SUMMARY:Blocked')));
    expect(parsed.events.map((e) => e.checkinDay)).toEqual(['2026-12-03', '2026-12-07', '2026-12-14']);
  });

  it('a day some months or years lack: ical.js rolls it over (29 February to 1 March, "BYMONTHDAY=30" in February to 2 March); the reader skips those years', async () => {
    expect(firstOccurrences('FREQ=YEARLY', '2028-02-29', 2)).toEqual(['2028-02-29', '2029-03-01']);
    expect(firstOccurrences('FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30', '2026-12-01', 1)).toEqual(['2027-03-02']);
    const leap = await parse(cal(...vevent('UID:l', 'DTSTART;VALUE=DATE:20280229', 'RRULE:FREQ=YEARLY', 'SUMMARY:Owner stay')), { horizonDays: 2400 });
    expect(leap.events.map((e) => e.checkinDay)).toEqual(['2028-02-29', '2032-02-29']);
    const never = await parse(cal(...vevent('UID:n', 'DTSTART;VALUE=DATE:20261201', 'RRULE:FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30', 'SUMMARY:Owner stay')));
    expect(never.events.map((e) => e.checkinDay)).toEqual(['2026-12-01']);
  });

  it('rules on which ical.js never returns (it loops for ever): refused, or read as DTSTART alone, at once', async () => {
    const started = Date.now();
    // WEEKLY with BYWEEKNO (RFC 5545 allows BYWEEKNO only in YEARLY rules).
    const weekNo = await parse(cal(...vevent('UID:a', 'DTSTART;VALUE=DATE:20261201', 'RRULE:FREQ=WEEKLY;BYWEEKNO=3', 'SUMMARY:Blocked')));
    expect(weekNo.skipped.map((entry) => entry.reason)).toEqual(['calendar.skipped.badRule']);
    // DAILY on a day February never has: nothing but DTSTART.
    const noDay = await parse(cal(...vevent('UID:b', 'DTSTART;VALUE=DATE:20261201', 'RRULE:FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30', 'SUMMARY:Blocked')));
    expect(noDay.events.map((e) => e.checkinDay)).toEqual(['2026-12-01']);
    // An ordinal weekday in a DAILY rule ("the first Monday" has no meaning within a day): every Monday.
    const ordinal = await parse(cal(...vevent('UID:c', 'DTSTART;VALUE=DATE:20261207', 'RRULE:FREQ=DAILY;BYDAY=1MO;COUNT=3', 'SUMMARY:Blocked')));
    expect(ordinal.events.map((e) => e.checkinDay)).toEqual(['2026-12-07', '2026-12-14', '2026-12-21']);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('a rule that started decades ago: ical.js can only walk it from its start; the reader starts it a little before the window, in phase', async () => {
    // Every other Monday since 1990: the phase of the weeks is kept.
    const parsed = await parse(cal(...vevent('UID:o', 'DTSTART;VALUE=DATE:19900101', 'RRULE:FREQ=WEEKLY;INTERVAL=2', 'SUMMARY:Blocked')), { horizonDays: 30 });
    const mondays = parsed.events.map((e) => e.checkinDay).filter((day) => day >= '2026-11-25');
    expect(mondays).toEqual(['2026-11-30', '2026-12-14']);
    expect(mondays.every((day) => (Date.parse(day) - Date.UTC(1990, 0, 1)) % (14 * 86_400_000) === 0)).toBe(true);
  });
});
