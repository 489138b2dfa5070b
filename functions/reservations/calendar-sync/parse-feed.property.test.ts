// Properties of the iCal parser over generated calendars (fast-check):
// - folding anywhere (inside multi-byte UTF-8 characters too) changes nothing;
// - the same calendar in UTF-8 (with or without BOM), ISO-8859-1 or Windows-1252 reads the same;
// - recurring all-day events give exactly the days an independent, brute-force day count gives;
// - one broken event among good ones costs that event only.
// The process runs in UTC+14 (Pacific/Kiritimati) so nothing leans on the server's zone.
const originalTz = process.env.TZ;
process.env.TZ = 'Pacific/Kiritimati';

import fc from 'fast-check';
import { parseFeed, type ParseOptions } from './parse-feed';

afterAll(() => {
  process.env.TZ = originalTz;
});

const NOW = new Date('2026-11-25T12:00:00Z');
const TODAY = Date.UTC(2026, 10, 25) / 86_400_000;
const DAY_MS = 86_400_000;
const iso = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
const compact = (day: number) => iso(day).replace(/-/g, '');
const options = (extra: Partial<ParseOptions> = {}): ParseOptions => ({ source: 'vrbo', timeZone: 'Europe/Lisbon', now: NOW, ...extra });

interface Stay {
  uid: string;
  start: number;
  nights: number;
  guest: string;
}

const eventLines = (stay: Stay) => [
  'BEGIN:VEVENT',
  `UID:${stay.uid}`,
  'DTSTAMP:20261120T000000Z',
  `DTSTART;VALUE=DATE:${compact(stay.start)}`,
  `DTEND;VALUE=DATE:${compact(stay.start + stay.nights)}`,
  `SUMMARY:Reserved - ${stay.guest.replace(/[\\;,]/g, (c) => `\\${c}`)}`,
  'END:VEVENT',
];
const calendarLines = (events: string[][]) => ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//HomeAway.com, Inc.//EN', ...events.flat(), 'END:VCALENDAR'];

// Guest names with accents, non-Latin scripts and emoji (multi-byte in UTF-8).
const nameChar = fc.constantFrom(...'aeiouxyz AEIOU-çãõáéíóúâêôàèìòùäöüßñÇÃÉÑÖÜøåæœŒ€–‘’Łść漢字日本ДжЖ🙂🏖️'.match(/./gu)!);
const guestName = fc.array(nameChar, { minLength: 1, maxLength: 24 }).map((chars) => chars.join('').trim() || 'Ana');
const stays = fc
  .uniqueArray(fc.record({ start: fc.integer({ min: TODAY - 200, max: TODAY + 600 }), nights: fc.integer({ min: 1, max: 400 }), guest: guestName }), {
    minLength: 1,
    maxLength: 8,
    selector: (s) => s.start,
  })
  .map((list) => list.map((s, i) => ({ ...s, uid: `uid-${i}@example.com` })));

const expected = (list: Stay[]) =>
  list
    // Names are read with their runs of white space collapsed.
    .map((s) => ({ uid: s.uid, checkinDay: iso(s.start), checkoutDay: iso(s.start + s.nights), guestName: s.guest.replace(/\s+/g, ' ') }))
    .sort((a, b) => a.checkinDay.localeCompare(b.checkinDay));
const seen = async (body: Buffer, extra: Partial<ParseOptions> = {}) =>
  (await parseFeed(body, options(extra))).events.map(({ uid, checkinDay, checkoutDay, guestName }) => ({ uid, checkinDay, checkoutDay, guestName }));

describe('folding', () => {
  it('a fold (CRLF or LF, then a space or a tab) at any byte of any line changes nothing', async () => {
    await fc.assert(
      fc.asyncProperty(stays, fc.array(fc.tuple(fc.nat(), fc.nat(), fc.constantFrom('\r\n ', '\r\n\t', '\n ', '\n\t')), { maxLength: 40 }), async (list, folds) => {
        const original = calendarLines(list.map(eventLines)).map((line) => Buffer.from(line, 'utf8'));
        // Fold points are bytes of the original line (between any two octets, RFC 5545 3.1).
        const points = original.map(() => new Map<number, string>());
        for (const [lineIndex, at, fold] of folds) {
          const index = lineIndex % original.length;
          if (original[index].length >= 2) points[index].set(1 + (at % (original[index].length - 1)), fold);
        }
        const lines = original.map((line, index) => {
          const cuts = [...points[index].keys()].sort((a, b) => a - b);
          const pieces: Buffer[] = [];
          let from = 0;
          for (const cut of cuts) {
            pieces.push(line.subarray(from, cut), Buffer.from(points[index].get(cut)!));
            from = cut;
          }
          pieces.push(line.subarray(from));
          return Buffer.concat(pieces);
        });
        const body = Buffer.concat(lines.flatMap((line) => [line, Buffer.from('\r\n')]));
        expect(await seen(body)).toEqual(expected(list));
      }),
      { numRuns: 150 },
    );
  });
});

// ---- Encodings ----
const CP1252_HIGH: Record<number, number> = { 0x20ac: 0x80, 0x2013: 0x96, 0x2014: 0x97, 0x2018: 0x91, 0x2019: 0x92, 0x201c: 0x93, 0x201d: 0x94, 0x152: 0x8c, 0x153: 0x9c, 0x160: 0x8a, 0x161: 0x9a };
function encodeCp1252(text: string): Buffer {
  return Buffer.from(Array.from(text, (c) => CP1252_HIGH[c.codePointAt(0)!] ?? c.codePointAt(0)!));
}
const latinChar = fc.constantFrom(...'abcdeABCDE -çãõáéíóúâêôàèìòùäöüßñÇÃÉÑÖÜøåæÿ'.split(''));
const cp1252Char = fc.oneof(latinChar, fc.constantFrom('€', '–', '—', '‘', '’', 'œ', 'Œ', 'š', 'Š'));
const named = (char: fc.Arbitrary<string>) =>
  fc.uniqueArray(fc.record({ start: fc.integer({ min: TODAY, max: TODAY + 300 }), nights: fc.integer({ min: 1, max: 30 }), guest: fc.array(char, { minLength: 1, maxLength: 20 }).map((c) => c.join('').trim() || 'Rui') }), {
    minLength: 1,
    maxLength: 6,
    selector: (s) => s.start,
  }).map((list) => list.map((s, i) => ({ ...s, uid: `enc-${i}` })));

describe('encodings', () => {
  it('the same calendar reads the same in UTF-8 (BOM or not, charset or not), ISO-8859-1 and Windows-1252', async () => {
    await fc.assert(
      fc.asyncProperty(named(latinChar), fc.constantFrom('utf8', 'utf8-bom', 'utf8-declared', 'latin1', 'latin1-as-utf8', 'cp1252', 'cp1252-undeclared'), async (list, encoding) => {
        const text = calendarLines(list.map(eventLines)).join('\r\n') + '\r\n';
        const variants: Record<string, [Buffer, string | undefined]> = {
          utf8: [Buffer.from(text, 'utf8'), undefined],
          'utf8-bom': [Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')]), 'text/calendar; charset=ISO-8859-1'],
          'utf8-declared': [Buffer.from(text, 'utf8'), 'text/calendar; charset="UTF-8"'],
          latin1: [Buffer.from(text, 'latin1'), 'text/calendar;charset=iso-8859-1'],
          // Served as UTF-8 by a misconfigured server: not valid UTF-8, so read as Windows-1252.
          'latin1-as-utf8': [Buffer.from(text, 'latin1'), /[^\x00-\x7f]/.test(text) ? 'text/calendar; charset=utf-8' : undefined],
          cp1252: [encodeCp1252(text), 'text/calendar; charset=windows-1252'],
          'cp1252-undeclared': [encodeCp1252(text), undefined],
        };
        const [body, contentType] = variants[encoding];
        // Without a charset, bytes that happen to be valid UTF-8 are read as UTF-8 (the rule).
        const validUtf8 = (() => {
          try {
            new TextDecoder('utf-8', { fatal: true }).decode(body);
            return true;
          } catch {
            return false;
          }
        })();
        fc.pre(!(encoding === 'cp1252-undeclared' || encoding === 'latin1-as-utf8') || !validUtf8 || !/[^\x00-\x7f]/.test(text));
        expect(await seen(body, { contentType })).toEqual(expected(list));
      }),
      { numRuns: 200 },
    );
  });

  it('Windows-1252 only characters (€ – ‘ ’ œ) decode right, with or without a charset', async () => {
    await fc.assert(
      fc.asyncProperty(named(cp1252Char), fc.boolean(), async (list, declared) => {
        const text = calendarLines(list.map(eventLines)).join('\r\n') + '\r\n';
        const body = encodeCp1252(text);
        let valid = true;
        try {
          new TextDecoder('utf-8', { fatal: true }).decode(body);
        } catch {
          valid = false;
        }
        fc.pre(declared || !valid || !/[^\x00-\x7f]/.test(text));
        expect(await seen(body, { contentType: declared ? 'text/calendar; charset=cp1252' : undefined })).toEqual(expected(list));
      }),
      { numRuns: 100 },
    );
  });
});

// ---- Recurrence against an independent day count ----
const civil = (day: number) => {
  const d = new Date(day * DAY_MS);
  return { y: d.getUTCFullYear(), m: d.getUTCMonth() + 1, d: d.getUTCDate() };
};
const mondayIndex = (day: number) => (((day + 3) % 7) + 7) % 7; // 0 = Monday
const monthLen = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();
const CODES = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'];

type Rule =
  | { freq: 'DAILY'; interval: number }
  | { freq: 'WEEKLY'; interval: number; days: number[] }
  | { freq: 'MONTHLY'; interval: number; monthDay: number }
  | { freq: 'YEARLY'; interval: number };

const rules: fc.Arbitrary<Rule> = fc.oneof(
  fc.record({ freq: fc.constant('DAILY' as const), interval: fc.integer({ min: 1, max: 10 }) }),
  fc.record({ freq: fc.constant('WEEKLY' as const), interval: fc.integer({ min: 1, max: 4 }), days: fc.uniqueArray(fc.integer({ min: 0, max: 6 }), { minLength: 1, maxLength: 7 }) }),
  fc.record({ freq: fc.constant('MONTHLY' as const), interval: fc.integer({ min: 1, max: 6 }), monthDay: fc.oneof(fc.integer({ min: 1, max: 31 }), fc.integer({ min: -3, max: -1 })) }),
  fc.record({ freq: fc.constant('YEARLY' as const), interval: fc.integer({ min: 1, max: 2 }) }),
);

const ruleText = (rule: Rule) => {
  const base = `FREQ=${rule.freq};INTERVAL=${rule.interval}`;
  if (rule.freq === 'WEEKLY') return `${base};BYDAY=${rule.days.map((d) => CODES[d]).join(',')}`;
  if (rule.freq === 'MONTHLY') return `${base};BYMONTHDAY=${rule.monthDay}`;
  return base;
};

/** Does `day` belong to the rule started at `start` (brute force, no shared code with the parser)? */
function matches(rule: Rule, start: number, day: number): boolean {
  const a = civil(start);
  const b = civil(day);
  switch (rule.freq) {
    case 'DAILY':
      return (day - start) % rule.interval === 0;
    case 'WEEKLY': {
      const weeks = Math.round((day - mondayIndex(day) - (start - mondayIndex(start))) / 7);
      return weeks % rule.interval === 0 && rule.days.includes(mondayIndex(day));
    }
    case 'MONTHLY': {
      const months = (b.y - a.y) * 12 + b.m - a.m;
      const wanted = rule.monthDay > 0 ? rule.monthDay : monthLen(b.y, b.m) + rule.monthDay + 1;
      return months % rule.interval === 0 && b.d === wanted;
    }
    case 'YEARLY':
      return (b.y - a.y) % rule.interval === 0 && b.m === a.m && b.d === a.d;
  }
}

describe('recurrence', () => {
  it('an all-day recurring block takes exactly the days a brute-force count gives (COUNT, UNTIL, EXDATE, horizon)', async () => {
    await fc.assert(
      fc.asyncProperty(
        rules,
        fc.integer({ min: TODAY - 300, max: TODAY + 300 }),
        fc.integer({ min: 1, max: 3 }),
        fc.oneof(fc.constant({ kind: 'none' as const }), fc.record({ kind: fc.constant('count' as const), n: fc.integer({ min: 1, max: 60 }) }), fc.record({ kind: fc.constant('until' as const), days: fc.integer({ min: 0, max: 900 }) })),
        fc.integer({ min: 30, max: 800 }),
        fc.array(fc.nat(), { maxLength: 4 }),
        async (rule, start, nights, end, horizonDays, exPicks) => {
          const horizonEnd = TODAY + horizonDays;
          // Brute force: DTSTART first (RFC 5545: it always counts), then every matching day.
          let days = [start];
          for (let day = start + 1; day <= horizonEnd; day += 1) if (matches(rule, start, day)) days.push(day);
          if (end.kind === 'count') days = days.slice(0, end.n);
          if (end.kind === 'until') days = days.filter((d) => d <= start + end.days);
          const excluded = new Set(exPicks.filter(() => days.length > 0).map((p) => days[p % days.length]));
          days = days.filter((d) => !excluded.has(d));
          const lines = [
            'BEGIN:VEVENT',
            'UID:rec@example.com',
            `DTSTART;VALUE=DATE:${compact(start)}`,
            `DTEND;VALUE=DATE:${compact(start + nights)}`,
            `RRULE:${ruleText(rule)}${end.kind === 'count' ? `;COUNT=${end.n}` : end.kind === 'until' ? `;UNTIL=${compact(start + end.days)}` : ''}`,
            ...(excluded.size ? [`EXDATE;VALUE=DATE:${[...excluded].map(compact).join(',')}`] : []),
            'SUMMARY:Blocked',
            'END:VEVENT',
          ];
          const parsed = await parseFeed(Buffer.from(calendarLines([lines]).join('\r\n')), options({ horizonDays, maxEvents: 100_000 }));
          expect(parsed.skipped).toEqual([]);
          expect(parsed.events.map((e) => e.checkinDay)).toEqual(days.map(iso));
          expect(parsed.events.every((e) => e.kind === 'block' && e.key === `rec@example.com#${e.checkinDay}`)).toBe(true);
          expect(parsed.events.every((e, i) => e.checkoutDay === iso(days[i] + nights))).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('timed recurrence across daylight-saving changes', () => {
  it('a weekly event at a wall time in its TZID keeps its weekday in that zone, whatever the server zone', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('Europe/Lisbon', 'Europe/Berlin', 'America/New_York', 'Australia/Sydney', 'America/Sao_Paulo'),
        fc.integer({ min: TODAY - 30, max: TODAY + 30 }),
        fc.integer({ min: 0, max: 23 }),
        fc.integer({ min: 0, max: 59 }),
        fc.integer({ min: 1, max: 5 }),
        async (zone, start, hour, minute, hours) => {
          const time = `T${String(hour).padStart(2, '0')}${String(minute).padStart(2, '0')}00`;
          // Over a night (a timed event within one day takes none: see the next property).
          const endHour = (hour + hours) % 24;
          const endDay = start + 1;
          const lines = [
            'BEGIN:VEVENT',
            'UID:timed',
            `DTSTART;TZID=${zone}:${compact(start)}${time}`,
            `DTEND;TZID=${zone}:${compact(endDay)}T${String(endHour).padStart(2, '0')}${String(minute).padStart(2, '0')}00`,
            'RRULE:FREQ=WEEKLY;COUNT=60',
            'SUMMARY:Blocked',
            'END:VEVENT',
          ];
          const parsed = await parseFeed(Buffer.from(calendarLines([lines]).join('\r\n')), options({ timeZone: zone }));
          const days = parsed.events.map((e) => Date.parse(`${e.checkinDay}T00:00:00Z`) / DAY_MS);
          expect(days).toEqual(Array.from({ length: 60 }, (_, i) => start + i * 7));
        },
      ),
      { numRuns: 100 },
    );
  });
});

describe('timed events within one day', () => {
  it('take no night: a repeating one is skipped once, with how often it repeats, and nothing becomes a stay', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('Europe/Lisbon', 'America/New_York', 'Australia/Sydney', 'UTC'),
        fc.integer({ min: TODAY - 30, max: TODAY + 30 }),
        fc.integer({ min: 0, max: 22 }),
        fc.integer({ min: 1, max: 59 }),
        fc.constantFrom('DAILY', 'WEEKLY'),
        async (zone, start, hour, minutes, freq) => {
          const at = (h: number, m: number) => `T${String(h).padStart(2, '0')}${String(m).padStart(2, '0')}00`;
          const end = hour * 60 + minutes + 30 < 24 * 60 ? at(Math.floor((hour * 60 + minutes + 30) / 60), (minutes + 30) % 60) : at(23, 59);
          const lines = ['BEGIN:VEVENT', 'UID:sync', `DTSTART;TZID=${zone}:${compact(start)}${at(hour, minutes)}`, `DTEND;TZID=${zone}:${compact(start)}${end}`, `RRULE:FREQ=${freq};COUNT=40`, 'SUMMARY:Daily Sync', 'END:VEVENT'];
          const parsed = await parseFeed(Buffer.from(calendarLines([lines]).join('\r\n')), options({ timeZone: zone }));
          expect(parsed.events).toEqual([]);
          expect(parsed.skipped).toEqual([{ uid: 'sync', summary: 'Daily Sync', reason: 'calendar.skipped.noNightRepeating', params: { start: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/), count: 40 } }]);
          // Counted as no stay; the calendar still passes as a booking calendar only because its PRODID names a channel.
          expect(parsed.kind).toEqual({ looksLikeBookings: true, events: 1, notStays: 1, examples: ['Daily Sync'] });
        },
      ),
      { numRuns: 60 },
    );
  });
});

// ---- One broken event among good ones ----
const BREAKAGES: Array<{ name: string; lines: (uid: string) => string[]; skipped: string | null }> = [
  { name: 'invalid FREQ', lines: (uid) => ['BEGIN:VEVENT', `UID:${uid}`, 'DTSTART;VALUE=DATE:20261201', 'RRULE:FREQ=INVALID', 'SUMMARY:Reserved', 'END:VEVENT'], skipped: 'calendar.skipped.badRule' },
  { name: 'bad BYDAY', lines: (uid) => ['BEGIN:VEVENT', `UID:${uid}`, 'DTSTART;VALUE=DATE:20261201', 'RRULE:FREQ=WEEKLY;BYDAY=XX', 'SUMMARY:Reserved', 'END:VEVENT'], skipped: 'calendar.skipped.badRule' },
  { name: 'RSCALE', lines: (uid) => ['BEGIN:VEVENT', `UID:${uid}`, 'DTSTART;VALUE=DATE:20261201', 'RRULE:RSCALE=CHINESE;FREQ=YEARLY', 'SUMMARY:Reserved', 'END:VEVENT'], skipped: 'calendar.skipped.unsupportedRule' },
  { name: 'no DTSTART', lines: (uid) => ['BEGIN:VEVENT', `UID:${uid}`, 'DTEND;VALUE=DATE:20261201', 'SUMMARY:Reserved', 'END:VEVENT'], skipped: 'calendar.skipped.noStart' },
  { name: 'impossible date', lines: (uid) => ['BEGIN:VEVENT', `UID:${uid}`, 'DTSTART;VALUE=DATE:20261332', 'SUMMARY:Reserved', 'END:VEVENT'], skipped: 'calendar.skipped.badDate' },
  { name: 'garbage DTSTART', lines: (uid) => ['BEGIN:VEVENT', `UID:${uid}`, 'DTSTART:next tuesday', 'SUMMARY:Reserved', 'END:VEVENT'], skipped: 'calendar.skipped.badDate' },
  { name: 'ends before it starts', lines: (uid) => ['BEGIN:VEVENT', `UID:${uid}`, 'DTSTART;VALUE=DATE:20261210', 'DTEND;VALUE=DATE:20261201', 'SUMMARY:Reserved', 'END:VEVENT'], skipped: 'calendar.skipped.endBeforeStart' },
  { name: 'bad DURATION', lines: (uid) => ['BEGIN:VEVENT', `UID:${uid}`, 'DTSTART;VALUE=DATE:20261210', 'DURATION:P', 'SUMMARY:Reserved', 'END:VEVENT'], skipped: 'calendar.skipped.badDate' },
  { name: 'a line of garbage', lines: (uid) => ['BEGIN:VEVENT', `UID:${uid}`, 'this is not a content line', 'DTSTART;VALUE=DATE:20261210', 'SUMMARY:Reserved - Fine', 'END:VEVENT'], skipped: null },
];

describe('a broken event among good ones', () => {
  it('costs that event only, listed with its reason', async () => {
    await fc.assert(
      fc.asyncProperty(stays, fc.constantFrom(...BREAKAGES), fc.nat(), async (list, breakage, at) => {
        const good = list.map(eventLines);
        const position = at % (good.length + 1);
        const all = [...good.slice(0, position), breakage.lines('broken@example.com'), ...good.slice(position)];
        const parsed = await parseFeed(Buffer.from(calendarLines(all).join('\r\n')), options());
        const goodSeen = parsed.events.filter((e) => e.uid !== 'broken@example.com').map(({ uid, checkinDay, checkoutDay, guestName }) => ({ uid, checkinDay, checkoutDay, guestName }));
        expect(goodSeen).toEqual(expected(list));
        if (breakage.skipped) expect(parsed.skipped).toEqual([expect.objectContaining({ uid: 'broken@example.com', reason: breakage.skipped })]);
        else expect(parsed.skipped).toEqual([]);
      }),
      { numRuns: 150 },
    );
  });
});
