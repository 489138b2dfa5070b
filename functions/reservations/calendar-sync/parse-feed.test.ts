// The iCal parser over the fixture files: calendars as the channels (Airbnb, Booking.com, Vrbo,
// Abritel, Spanish / German / Italian channels, a small PMS) and calendar programs (Google,
// Outlook / Exchange, Apple, Thunderbird) write them, in the encodings they come in, and broken or
// cut-short ones. The process runs in a far-off zone (UTC+14) so nothing can lean on the server's
// clock. See fixtures/README.md for where each shape comes from.
const originalTz = process.env.TZ;
process.env.TZ = 'Pacific/Kiritimati';

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { translateMessage } from '#shared/messages';
import { FeedFetchError } from './fetch-feed';
import { renderFixture } from './fixtures/feed-server';
import { parseFeed, type FeedEvent, type ParseOptions } from './parse-feed';
import { channelGuestName, effectiveSource, isChannelGuestName, readSummary, sourceFromProdId, sourceFromUrl } from './sources';

afterAll(() => {
  process.env.TZ = originalTz;
});

const NOW = new Date('2026-11-25T12:00:00Z');
const fixture = (name: string) => readFileSync(path.join(__dirname, 'fixtures', name));
const parse = (name: string | Buffer, options: Partial<ParseOptions> = {}) =>
  parseFeed(typeof name === 'string' ? fixture(name) : name, { source: 'ical', timeZone: 'Europe/Lisbon', now: NOW, ...options });
/** [kind, status, checkin, checkout, guest] per stay, in order. */
const stays = (events: FeedEvent[]) => events.map((e) => [e.kind, e.status, e.checkinDay, e.checkoutDay, e.guestName]);
const cal = (...lines: string[]) => ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Test//EN', ...lines, 'END:VCALENDAR'].join('\r\n');
const vevent = (...lines: string[]) => ['BEGIN:VEVENT', ...lines, 'END:VEVENT'];

describe('channel exports', () => {
  it('Airbnb: "Reserved" with folded descriptions, "Airbnb (Not available)", a block of more than a year; PRODID with a parameter', async () => {
    const parsed = await parse('airbnb-export.ics');
    expect(parsed.channel).toBe('airbnb');
    expect(stays(parsed.events)).toEqual([
      ['booking', 'confirmed', '2026-12-02', '2026-12-06', 'Airbnb guest'],
      ['booking', 'confirmed', '2026-12-20', '2026-12-31', 'Airbnb guest'],
      ['block', 'confirmed', '2027-01-05', '2027-01-10', 'Airbnb guest'],
      ['block', 'confirmed', '2027-02-01', '2028-03-01', 'Airbnb guest'],
    ]);
    expect(parsed.events[0].key).toBe('1418fb94e984-1c5e7a2b9d3f4e6a8b0c2d4e6f8a0b1c@airbnb.com');
    expect(parsed.events.every((e) => !e.ambiguous)).toBe(true);
    expect(parsed).toMatchObject({ skipped: [], warnings: [] });
  });

  it('Booking.com: every "CLOSED - Not available" stretch is a block that may be a booking (ambiguous)', async () => {
    // Configured as a plain iCal feed: the PRODID says Booking.com.
    const parsed = await parse('booking-export.ics', { source: 'ical' });
    expect(parsed.channel).toBe('booking');
    expect(parsed.events.map((e) => [e.kind, e.ambiguous, e.checkinDay, e.checkoutDay, e.guestName])).toEqual([
      ['block', true, '2026-12-03', '2026-12-07', 'Booking.com guest'],
      ['block', true, '2026-12-15', '2026-12-16', 'Booking.com guest'],
    ]);
    // A manager who says it is another channel is believed.
    const overridden = await parse('booking-export.ics', { source: 'vrbo', sourceIsOverride: true });
    expect(overridden.events.map((e) => [e.ambiguous, e.guestName])).toEqual([
      [false, 'Vrbo guest'],
      [false, 'Vrbo guest'],
    ]);
  });

  it('Vrbo: "Reserved - Ana Costa", "Blocked", "Reserved"', async () => {
    const parsed = await parse('vrbo-export.ics', { source: 'vrbo' });
    expect(parsed.channel).toBe('vrbo');
    expect(stays(parsed.events)).toEqual([
      ['booking', 'confirmed', '2026-12-10', '2026-12-14', 'Ana Costa'],
      ['block', 'confirmed', '2026-12-18', '2026-12-20', 'Vrbo guest'],
      ['booking', 'confirmed', '2027-01-02', '2027-01-06', 'Vrbo guest'],
    ]);
  });

  it('Abritel (French): "Réservée - …", "Indisponible", "Provisoire - …"', async () => {
    const parsed = await parse('abritel-fr.ics');
    expect(parsed.channel).toBe('vrbo');
    expect(stays(parsed.events)).toEqual([
      ['booking', 'confirmed', '2026-12-24', '2026-12-29', 'Mélanie'],
      ['booking', 'confirmed', '2027-01-01', '2027-01-24', 'M & Mme'],
      ['block', 'confirmed', '2027-02-26', '2027-03-05', 'Vrbo guest'],
      ['booking', 'confirmed', '2027-03-13', '2027-03-24', 'Vrbo guest'],
      ['booking', 'tentative', '2027-04-15', '2027-04-20', 'Sylvie'],
    ]);
  });

  it.each([
    ['spanish-channel-es.ics', [
      ['booking', 'confirmed', '2026-12-05', '2026-12-08', 'Lucía Fernández'],
      ['block', 'confirmed', '2026-12-11', '2026-12-13', 'iCal guest'],
      ['block', 'confirmed', '2026-12-15', '2026-12-18', 'iCal guest'],
      ['booking', 'tentative', '2027-01-04', '2027-01-07', 'Pedro Gómez'],
    ]],
    ['fewo-direkt-de.ics', [
      ['booking', 'confirmed', '2026-12-01', '2026-12-05', 'Jürgen Müller'],
      ['block', 'confirmed', '2026-12-07', '2026-12-09', 'iCal guest'],
      ['block', 'confirmed', '2026-12-10', '2026-12-12', 'iCal guest'],
      ['booking', 'tentative', '2026-12-14', '2026-12-16', 'Anna Schmidt'],
    ]],
    ['italian-channel-it.ics', [
      ['booking', 'confirmed', '2026-12-01', '2026-12-04', 'Marco Rossi'],
      ['block', 'confirmed', '2026-12-06', '2026-12-08', 'iCal guest'],
      ['block', 'confirmed', '2026-12-10', '2026-12-11', 'iCal guest'],
      ['booking', 'tentative', '2026-12-13', '2026-12-15', 'Giulia Bianchi'],
    ]],
  ])('%s: reserved / blocked / unavailable / closed / tentative in the channel\'s language', async (name, expected) => {
    const parsed = await parse(name, { sourceIsOverride: true });
    expect(stays(parsed.events)).toEqual(expected);
  });

  it('a small PMS (Smoobu style): names with the channel before or after, floating times in X-WR-TIMEZONE', async () => {
    const parsed = await parse('pms-smoobu-style.ics');
    expect(parsed.timeZone).toBe('Europe/Berlin');
    expect(stays(parsed.events)).toEqual([
      ['booking', 'confirmed', '2026-12-03', '2026-12-06', 'Hans Becker'],
      ['booking', 'confirmed', '2026-12-06', '2026-12-09', 'Emma Wilson'],
      ['block', 'confirmed', '2026-12-12', '2026-12-14', 'iCal guest'],
      ['booking', 'confirmed', '2026-12-15', '2026-12-18', 'Sophie Martin'],
    ]);
  });
});

describe('calendars that are not booking calendars', () => {
  // Written as Google, Apple and a fixtures site export them ({{+N}}: N days after NOW); see fixtures/README.md.
  const rendered = (name: string) => Buffer.from(renderFixture(name, NOW));
  const words = (parsed: { skipped: Array<{ summary: string | null; reason: string; params?: Record<string, string | number> }> }, language: 'en' | 'pt' | 'es' = 'en') =>
    parsed.skipped.map((entry) => `${entry.summary}: ${translateMessage(entry.reason, language, entry.params)}`);

  it('a work calendar of meetings ("Daily Sync" every weekday): no night taken, each meeting skipped once with its reason, the calendar flagged', async () => {
    const parsed = await parse(rendered('google-meetings.ics'));
    expect(parsed.channel).toBeNull();
    // The two-day offsite is the only event that spans a night.
    expect(stays(parsed.events)).toEqual([['booking', 'confirmed', '2026-12-10', '2026-12-11', 'Offsite Porto']]);
    expect(words(parsed)).toEqual([
      expect.stringMatching(/^Daily Sync: Repeating event within a single day \(\d{3} times, first 2026-11-26 09:30\): it takes no night, so it is no stay: not imported$/),
      expect.stringMatching(/^1:1 Marta \/ Rui: Repeating event within a single day \(\d{2} times, first 2026-11-28 14:00\)/),
      'Team lunch: Event within a single day (starts 2026-11-30 13:00): it takes no night, so it is no stay: not imported',
      'Quarterly review: Event within a single day (starts 2026-12-04 10:00): it takes no night, so it is no stay: not imported',
    ]);
    expect(words(parsed, 'pt')[2]).toBe('Team lunch: Evento dentro de um só dia (começa 2026-11-30 13:00): não ocupa nenhuma noite, então não é uma estadia: não importado');
    expect(words(parsed, 'es')[3]).toBe('Quarterly review: Evento dentro de un solo día (empieza 2026-12-04 10:00): no ocupa ninguna noche, así que no es una estancia: no importado');
    expect(parsed.kind).toEqual({ looksLikeBookings: false, events: 5, notStays: 4, examples: ['Daily Sync', '1:1 Marta / Rui', 'Team lunch'] });
  });

  it('a personal calendar (appointments, a weekly class, a yearly birthday, a holiday away) is flagged', async () => {
    const parsed = await parse(rendered('personal-calendar.ics'));
    expect(parsed.kind).toMatchObject({ looksLikeBookings: false, events: 6, notStays: 5 });
    expect(parsed.skipped.map((entry) => [entry.summary, entry.reason])).toEqual([
      ['Dentista', 'calendar.skipped.noNight'],
      ['Yoga', 'calendar.skipped.noNightRepeating'],
      ['Jantar com a Sofia', 'calendar.skipped.noNight'],
      ['Voo TP1903 LIS → FAO', 'calendar.skipped.noNight'],
    ]);
  });

  it('a public-holiday calendar (one all-day day each, a night by shape) is flagged though every day reads', async () => {
    const parsed = await parse(fixture('holidays-pt.ics'));
    expect(parsed.skipped).toEqual([]);
    expect(parsed.events).toHaveLength(12);
    expect(parsed.kind).toEqual({ looksLikeBookings: false, events: 12, notStays: 12, examples: ['Dia da Restauração da Independência', 'Dia da Imaculada Conceição', 'Dia de Natal'] });
  });

  it('a club\'s fixtures (two-hour matches in UTC) take no night in any company zone, and are flagged', async () => {
    for (const timeZone of ['Europe/Lisbon', 'Asia/Tokyo', 'America/Sao_Paulo']) {
      const parsed = await parse(fixture('sports-fixtures.ics'), { timeZone });
      expect(parsed.events).toEqual([]);
      expect(parsed.skipped.map((entry) => entry.reason)).toEqual(Array(7).fill('calendar.skipped.noNight'));
      expect(parsed.kind).toMatchObject({ looksLikeBookings: false, events: 7, notStays: 7 });
    }
  });

  it('channel exports and calendars of stays kept in calendar programs are not flagged', async () => {
    for (const name of ['airbnb-export.ics', 'booking-export.ics', 'vrbo-export.ics', 'abritel-fr.ics', 'google-calendar.ics', 'outlook-exchange.ics', 'apple-calendar.ics', 'thunderbird.ics', 'pms-smoobu-style.ics', 'owner-maintenance.ics']) {
      const parsed = await parse(name);
      expect([name, parsed.kind.looksLikeBookings]).toEqual([name, true]);
    }
    for (const name of ['icloud-shared.ics', 'direct-site-utc.ics', 'php-uniqid-export.ics']) expect((await parse(rendered(name))).kind.looksLikeBookings).toBe(true);
    // A PMS's yearly owner week is a block, not a birthday; one-night stays named as bookings are stays.
    const pms = await parse(
      Buffer.from(
        cal(
          ...vevent('UID:tent', 'DTSTART;VALUE=DATE:20261216', 'DTEND;VALUE=DATE:20261219', 'SUMMARY:Provisoire - Marie Lefèvre', 'STATUS:TENTATIVE'),
          ...vevent('UID:owner', 'DTSTART;VALUE=DATE:20261226', 'DTEND;VALUE=DATE:20261228', 'SUMMARY:Owner stay', 'RRULE:FREQ=YEARLY'),
          ...vevent('UID:one-1', 'DTSTART;VALUE=DATE:20270105', 'DTEND;VALUE=DATE:20270106', 'SUMMARY:Reserved - Guest 1'),
          ...vevent('UID:one-2', 'DTSTART;VALUE=DATE:20270107', 'DTEND;VALUE=DATE:20270108', 'SUMMARY:Reserved - Guest 2'),
        ),
      ),
    );
    expect(pms.kind).toEqual({ looksLikeBookings: true, events: 4, notStays: 0, examples: [] });
  });

  it('a channel never writes a stay within one day: a timed event within a day is skipped wherever it comes from; over midnight it takes its night', async () => {
    const parsed = await parse(
      Buffer.from(cal(
        ...vevent('UID:short', 'DTSTART:20261210T150000Z', 'DTEND:20261210T220000Z', 'SUMMARY:Reserved - Day guest'),
        ...vevent('UID:instant', 'DTSTART:20261211T150000Z', 'SUMMARY:Reserved - No end'),
        ...vevent('UID:overnight', 'DTSTART:20261212T230000Z', 'DTEND:20261213T010000Z', 'SUMMARY:Reserved - Late'),
      )),
    );
    expect(stays(parsed.events)).toEqual([['booking', 'confirmed', '2026-12-12', '2026-12-13', 'Late']]);
    expect(parsed.skipped.map((entry) => [entry.uid, entry.reason, entry.params])).toEqual([
      ['short', 'calendar.skipped.noNight', { start: '2026-12-10 15:00', count: 1 }],
      ['instant', 'calendar.skipped.noNight', { start: '2026-12-11 15:00', count: 1 }],
    ]);
  });
});

describe('broken calendars told in words', () => {
  const said = async (lines: string[], language: 'en' | 'pt' | 'es' = 'en') => {
    const parsed = await parse(Buffer.from(cal(...lines, ...vevent('UID:good', 'DTSTART;VALUE=DATE:20261210', 'DTEND;VALUE=DATE:20261212', 'SUMMARY:Reserved - Ana'))));
    // The good event always imports; nothing broken ever throws.
    expect(stays(parsed.events)).toContainEqual(['booking', 'confirmed', '2026-12-10', '2026-12-12', 'Ana']);
    return [...parsed.skipped.map((entry) => translateMessage(entry.reason, language, entry.params)), ...parsed.warnings.map((warning) => translateMessage(warning.code, language, warning.params))];
  };

  it('durations: impossible lengths, negative and garbage durations', async () => {
    expect(await said(vevent('UID:a', 'DTSTART:20261201T150000Z', 'DURATION:P99999999W', 'SUMMARY:x'))).toEqual([
      'Event that would last more than 10 years (P99999999W): its end or duration cannot be right: not imported',
    ]);
    expect(await said(vevent('UID:a', 'DTSTART;VALUE=DATE:20261201', 'DURATION:P99999999999D', 'SUMMARY:x'), 'pt')).toEqual([
      'Evento que duraria mais de 10 anos (P99999999999D): o fim ou a duração não pode estar certo: não importado',
    ]);
    expect(await said(vevent('UID:a', 'DTSTART:20261201T150000Z', 'DURATION:PT99999999999999H', 'SUMMARY:x'), 'es')).toEqual([
      'Evento que duraría más de 10 años (PT99999999999999H): su final o su duración no puede ser correcto: no importado',
    ]);
    expect(await said(vevent('UID:a', 'DTSTART:20261201T150000Z', 'DURATION:-P2D', 'SUMMARY:x'))).toEqual(['Event with a date that does not exist (-P2D): not imported']);
    expect(await said(vevent('UID:a', 'DTSTART:20261201T150000Z', 'DURATION:three days', 'SUMMARY:x'))).toEqual(['Event with a date that does not exist (three days): not imported']);
    expect(await said(vevent('UID:a', 'DTSTART;VALUE=DATE:20261201', 'DTEND;VALUE=DATE:99991231', 'SUMMARY:x'))).toEqual([
      'Event that would last more than 10 years (99991231): its end or duration cannot be right: not imported',
    ]);
  });

  it('dates: days that do not exist, garbage, an end before the start', async () => {
    expect(await said(vevent('UID:a', 'DTSTART;VALUE=DATE:20270230', 'DTEND;VALUE=DATE:20270302', 'SUMMARY:x'))).toEqual(['Event with a date that does not exist (20270230): not imported']);
    expect(await said(vevent('UID:a', 'DTSTART:20261201T256100Z', 'SUMMARY:x'), 'pt')).toEqual(['Evento com uma data que não existe (20261201T256100Z): não importado']);
    expect(await said(vevent('UID:a', 'DTSTART;VALUE=DATE:20261215', 'DTEND;VALUE=DATE:20261201', 'SUMMARY:x'))).toEqual(['Event that ends (2026-12-01) before it starts (2026-12-15): not imported']);
    expect(await said(vevent('UID:a', 'SUMMARY:no start'), 'es')).toEqual(['Evento sin fecha de inicio (DTSTART): no importado']);
  });

  it('rules: unreadable, unsupported, from too far back', async () => {
    expect(await said(vevent('UID:a', 'DTSTART;VALUE=DATE:20261201', 'RRULE:FREQ=SOMETIMES', 'SUMMARY:x'))).toEqual(['Event with a repeat rule that cannot be read (FREQ=SOMETIMES): not imported']);
    expect(await said(vevent('UID:a', 'DTSTART;VALUE=DATE:20261201', 'RRULE:FREQ=WEEKLY;BYDAY=XX', 'SUMMARY:x'), 'pt')).toEqual(['Evento com uma regra de repetição ilegível (FREQ=WEEKLY;BYDAY=XX): não importado']);
    expect((await said(vevent('UID:a', 'DTSTART:20261201T100000Z', 'DTEND:20261202T100000Z', 'RRULE:FREQ=HOURLY', 'SUMMARY:x')))[0]).toMatch(/^Event with a repeat rule that is not supported \(FREQ=HOURLY/);
  });

  it('time zones: an unknown TZID and a broken VTIMEZONE are read in the calendar\'s zone (the stay still imports), and said so', async () => {
    expect(await said(vevent('UID:a', 'DTSTART;TZID=Nowhere/Land:20261201T150000', 'DTEND;TZID=Nowhere/Land:20261203T110000', 'SUMMARY:Reserved - Rui'))).toEqual([
      'The calendar names a time zone that is not known ("Nowhere/Land"): its times were read in Europe/Lisbon',
    ]);
    const broken = ['BEGIN:VTIMEZONE', 'TZID:Broken', 'BEGIN:STANDARD', 'DTSTART:16010101T000000', 'TZOFFSETFROM:+9999', 'TZOFFSETTO:+9999', 'END:STANDARD', 'END:VTIMEZONE'];
    expect(await said([...broken, ...vevent('UID:a', 'DTSTART;TZID=Broken:20261201T150000', 'DTEND;TZID=Broken:20261203T110000', 'SUMMARY:Reserved - Rui')], 'es')).toEqual([
      'El calendario usa una zona horaria desconocida ("Broken"): sus horas se leyeron en Europe/Lisbon',
    ]);
  });
});

describe('calendars other software writes', () => {
  it('Google Calendar: X-WR-TIMEZONE, a weekly block with EXDATE and a moved occurrence (RECURRENCE-ID), STATUS:TENTATIVE', async () => {
    const parsed = await parse('google-calendar.ics');
    expect(parsed.timeZone).toBe('Europe/Lisbon');
    expect(parsed.channel).toBeNull();
    expect(stays(parsed.events)).toEqual([
      ['booking', 'confirmed', '2026-12-04', '2026-12-07', 'Joana Silva'],
      ['block', 'confirmed', '2026-12-05', '2026-12-06', 'iCal guest'],
      ['booking', 'tentative', '2026-12-10', '2026-12-13', 'Peter Jones'],
      // 12 December moved to the 13th; 26 December excluded; until 30 January.
      ['block', 'confirmed', '2026-12-13', '2026-12-14', 'iCal guest'],
      ['block', 'confirmed', '2026-12-19', '2026-12-20', 'iCal guest'],
      ...['2027-01-02', '2027-01-09', '2027-01-16', '2027-01-23', '2027-01-30'].map((d) => ['block', 'confirmed', d, `2027-01-${String(Number(d.slice(8)) + 1).padStart(2, '0')}`, 'iCal guest']),
    ]);
    const keys = parsed.events.filter((e) => e.kind === 'block').map((e) => e.key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys[0]).toBe('7h6g5f4e3d2c1b0a9z8y7x6w5v@google.com#2026-12-05');
  });

  it('Outlook / Exchange: quoted custom TZID from its own VTIMEZONE, spaces in BYDAY, no UID, Windows zone names', async () => {
    const parsed = await parse('outlook-exchange.ics', { timeZone: 'Europe/Madrid' });
    expect(parsed.skipped).toEqual([]);
    const weekend = ['12', '13', '19', '20', '26', '27'].map((d) => `2026-12-${d}`).concat(['2027-01-02', '2027-01-03', '2027-01-09', '2027-01-10']);
    expect(stays(parsed.events)).toEqual([
      ['booking', 'confirmed', '2026-12-01', '2026-12-05', 'Carmen López'],
      ...weekend.map((d) => ['block', 'confirmed', d, new Date(Date.parse(`${d}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10), 'iCal guest']),
      ['booking', 'confirmed', '2027-01-16', '2027-01-20', 'Late Arrival'],
    ]);
    // No UID: a stable generated one, the same on every read.
    const again = await parse('outlook-exchange.ics', { timeZone: 'Europe/Madrid' });
    expect(again.events.map((e) => e.key)).toEqual(parsed.events.map((e) => e.key));
    expect(parsed.events[0].uid).toMatch(/^generated-[0-9a-f]{32}$/);
  });

  it('Outlook\'s midnight-to-midnight weekend block is those days in any company zone (not Friday 23:00 in Lisbon)', async () => {
    // Saturday 00:00 to Sunday 00:00 at +01:00 is the Saturday its author blocked (Outlook writes
    // whole days so), though those instants start at 23:00 on Friday in Lisbon.
    const parsed = await parse('outlook-exchange.ics', { timeZone: 'Europe/Lisbon' });
    expect(parsed.events.find((e) => e.kind === 'block')).toMatchObject({ checkinDay: '2026-12-12', checkoutDay: '2026-12-13' });
  });

  it('Apple Calendar: all-day stay, a monthly "first Tuesday" owner block in Europe/Madrid', async () => {
    const parsed = await parse('apple-calendar.ics', { timeZone: 'Europe/Madrid' });
    expect(parsed.timeZone).toBe('Europe/Madrid');
    expect(stays(parsed.events)).toEqual([
      ['block', 'confirmed', '2026-12-01', '2026-12-02', 'iCal guest'],
      ['booking', 'confirmed', '2026-12-06', '2026-12-09', 'Miguel Ángel Ruiz'],
      ['block', 'confirmed', '2027-01-05', '2027-01-06', 'iCal guest'],
      ['block', 'confirmed', '2027-02-02', '2027-02-03', 'iCal guest'],
    ]);
  });

  it('Thunderbird: /mozilla.org/ TZIDs, RDATE, a floating late check-in in the calendar\'s one VTIMEZONE', async () => {
    const parsed = await parse('thunderbird.ics', { timeZone: 'America/New_York' });
    expect(parsed.timeZone).toBe('Europe/Lisbon');
    const byGuest = Object.fromEntries(parsed.events.map((e) => [`${e.summary}@${e.checkinDay}`, [e.checkinDay, e.checkoutDay]]));
    // 15:00 Lisbon is 10:00 in New York; 23:30 floating (Lisbon) is 18:30 in New York.
    expect(byGuest['Reservado - Rui Patrício@2026-12-08']).toEqual(['2026-12-08', '2026-12-11']);
    expect(byGuest['Late floating check-in@2026-12-20']).toEqual(['2026-12-20', '2026-12-22']);
    expect(parsed.events.filter((e) => e.kind === 'block').map((e) => e.checkinDay)).toEqual(['2026-12-15', '2027-01-12', '2027-02-09']);
  });

  it('a calendar with no events parses to no events', async () => {
    await expect(parse('empty-calendar.ics')).resolves.toMatchObject({ events: [], skipped: [], warnings: [], channel: 'airbnb' });
  });
});

describe('encodings and folding', () => {
  it('reads Latin-1 by its Content-Type charset, and guesses Windows-1252 when no charset is given', async () => {
    const latin1 = await parse('latin1.ics', { contentType: 'text/calendar; charset=ISO-8859-1' });
    expect(stays(latin1.events)).toEqual([
      ['booking', 'confirmed', '2026-12-02', '2026-12-05', 'José Gonçalves'],
      ['block', 'confirmed', '2026-12-07', '2026-12-09', 'iCal guest'],
    ]);
    // Declared UTF-8 but not valid UTF-8 (a common server mistake): still read right.
    expect((await parse('latin1.ics', { contentType: 'text/calendar; charset=utf-8' })).events[0].guestName).toBe('José Gonçalves');
    // No charset; 0x96 is Windows-1252's en dash.
    expect((await parse('windows1252.ics')).events[0]).toMatchObject({ guestName: 'Zoë Lefèvre', summary: 'Réservé – Zoë Lefèvre' });
  });

  it('unfolds on bytes, so a fold inside a UTF-8 character decodes right; honours the BOM', async () => {
    const parsed = await parse('utf8-bom-folded.ics', { contentType: 'text/calendar; charset=windows-1252' });
    expect(parsed.events[0].guestName).toBe('Conceição Gonçalves Magalhães');
  });

  it('reads LF-only files and a string input', async () => {
    const body = cal(...vevent('UID:x', 'DTSTART;VALUE=DATE:20261201', 'DTEND;VALUE=DATE:20261203', 'SUMMARY:Reserved - Ana')).replace(/\r\n/g, '\n');
    expect(stays((await parse(Buffer.from(body))).events)).toEqual([['booking', 'confirmed', '2026-12-01', '2026-12-03', 'Ana']]);
    expect((await parseFeed(body, { source: 'airbnb', timeZone: 'UTC', now: NOW })).events).toHaveLength(1);
  });
});

describe('what is not a calendar, or not all of one', () => {
  it('a calendar cut short is truncated; what is not iCal is unparsable', async () => {
    await expect(parse('truncated.ics')).rejects.toMatchObject({ code: 'calendar.error.truncated' });
    const full = fixture('airbnb-export.ics');
    await expect(parse(full.subarray(0, full.length - 30))).rejects.toMatchObject({ code: 'calendar.error.truncated' });
    // A web page answered with 200 says so (a 503 page, a sign-in page, a listing's page pasted by mistake).
    await expect(parse('not-ical.html')).rejects.toMatchObject({ code: 'calendar.error.webPage' });
    await expect(parse(Buffer.from('\r\n  <?xml version="1.0"?><error>Forbidden</error>'))).rejects.toMatchObject({ code: 'calendar.error.webPage' });
    await expect(parse(Buffer.from(''))).rejects.toBeInstanceOf(FeedFetchError);
    await expect(parse(Buffer.from('{"error":"not found"}'))).rejects.toMatchObject({ code: 'calendar.error.unparsable' });
    expect(translateMessage('calendar.error.unparsable', 'en')).toBe('The link did not return an iCal calendar');
  });

  it('one bad event sinks nothing: an invalid RRULE, a missing DTSTART, an impossible date, an end before the start', async () => {
    const parsed = await parse('broken-events.ics');
    expect(stays(parsed.events)).toEqual([
      ['booking', 'confirmed', '2026-12-02', '2026-12-05', 'Airbnb guest'],
      ['block', 'confirmed', '2026-12-12', '2026-12-15', 'Airbnb guest'],
    ]);
    expect(parsed.skipped).toEqual([
      { uid: 'bad-rule@airbnb.com', summary: 'Reserved', reason: 'calendar.skipped.badRule', params: { rule: 'FREQ=INVALID' } },
      { uid: 'no-start@airbnb.com', summary: 'Reserved', reason: 'calendar.skipped.noStart', params: undefined },
      { uid: 'impossible@airbnb.com', summary: 'Reserved', reason: 'calendar.skipped.badDate', params: { value: '20270231' } },
      { uid: 'backwards@airbnb.com', summary: 'Reserved', reason: 'calendar.skipped.endBeforeStart', params: { start: '2027-03-10', end: '2027-03-05' } },
    ]);
    for (const entry of parsed.skipped) for (const language of ['en', 'pt', 'es'] as const) expect(translateMessage(entry.reason, language, entry.params)).not.toMatch(/\{\{/);
  });

  it('RFC 7529 RSCALE: a non-Gregorian rule is skipped with its reason, a Gregorian one is read', async () => {
    const parsed = await parse('rscale.ics');
    expect(parsed.skipped).toEqual([expect.objectContaining({ uid: 'rscale-hebrew@example.com', reason: 'calendar.skipped.unsupportedRule' })]);
    expect(stays(parsed.events)).toEqual([
      ['booking', 'confirmed', '2026-12-05', '2026-12-09', 'Noa Levi'],
      // Monthly on the 31st: months without one are skipped (RFC 5545).
      ['block', 'confirmed', '2026-12-31', '2027-01-01', 'iCal guest'],
      ['block', 'confirmed', '2027-01-31', '2027-02-01', 'iCal guest'],
      ['block', 'confirmed', '2027-03-31', '2027-04-01', 'iCal guest'],
    ]);
  });

  it('events sharing a UID with other dates are separate stays; exact copies are one', async () => {
    const parsed = await parse('colliding-uids.ics');
    expect(parsed.events.map((e) => [e.key, e.guestName])).toEqual([
      ['booking@tinypms.example#2026-12-02', 'Ana Costa'],
      ['booking@tinypms.example#2026-12-10', 'Bruno Dias'],
      ['single@tinypms.example', 'Carla Eça'],
    ]);
  });
});

describe('recurrence, limits and time zones', () => {
  it('a recurring block counts every occurrence up to the horizon, and says the horizon was met', async () => {
    const body = cal(...vevent('UID:weekly', 'DTSTART;VALUE=DATE:20261205', 'DTEND;VALUE=DATE:20261207', 'RRULE:FREQ=WEEKLY', 'SUMMARY:Owner stay'));
    const parsed = await parse(Buffer.from(body), { horizonDays: 60 });
    // From 5 Dec 2026 every Saturday up to 24 Jan 2027 (today + 60 days).
    expect(parsed.events.map((e) => e.checkinDay)).toEqual(['2026-12-05', '2026-12-12', '2026-12-19', '2026-12-26', '2027-01-02', '2027-01-09', '2027-01-16', '2027-01-23']);
    expect(parsed.events.every((e) => e.kind === 'block' && e.recurring && e.checkoutDay > e.checkinDay)).toBe(true);
    expect(parsed.warnings).toEqual([{ code: 'calendar.warning.horizon', params: { days: 60 } }]);
  });

  it('a rule that started years ago is expanded from about a year back, not from its start', async () => {
    const body = cal(...vevent('UID:old', 'DTSTART;VALUE=DATE:19900101', 'RRULE:FREQ=DAILY', 'SUMMARY:Blocked'));
    const parsed = await parse(Buffer.from(body), { horizonDays: 10 });
    expect(parsed.events[0].checkinDay >= '2025-11-01').toBe(true);
    expect(parsed.events[0].checkinDay <= '2025-11-25').toBe(true);
    expect(parsed.events.at(-1)!.checkinDay).toBe('2026-12-05');
  });

  it('meets the events cap with a warning, keeping the stays nearest to today', async () => {
    const body = cal(...vevent('UID:daily', 'DTSTART;VALUE=DATE:20261126', 'RRULE:FREQ=DAILY;COUNT=100', 'SUMMARY:Blocked'), ...vevent('UID:past', 'DTSTART;VALUE=DATE:20260101', 'DTEND;VALUE=DATE:20260105', 'SUMMARY:Reserved'));
    const parsed = await parse(Buffer.from(body), { maxEvents: 10 });
    expect(parsed.events).toHaveLength(10);
    expect(parsed.events[0].checkinDay).toBe('2026-11-26');
    expect(parsed.warnings).toContainEqual({ code: 'calendar.warning.tooManyEvents', params: { max: 10 } });
  });

  it('floating times follow the company\'s zone when the calendar names none, whatever the server\'s zone', async () => {
    const body = cal(...vevent('UID:f', 'DTSTART:20261201T233000', 'DTEND:20261203T003000', 'SUMMARY:Late'));
    expect((await parse(Buffer.from(body), { timeZone: 'America/New_York' })).events[0]).toMatchObject({ checkinDay: '2026-12-01', checkoutDay: '2026-12-03' });
    expect((await parse(Buffer.from(body), { timeZone: 'Asia/Tokyo' })).events[0]).toMatchObject({ checkinDay: '2026-12-01', checkoutDay: '2026-12-03' });
    // UTC times are instants: their day is the company's.
    const utc = cal(...vevent('UID:u', 'DTSTART:20301201T030000Z', 'DTEND:20301204T150000Z', 'SUMMARY:Reserved - Late Arrival'));
    expect((await parse(Buffer.from(utc), { timeZone: 'America/New_York' })).events[0]).toMatchObject({ checkinDay: '2030-11-30', checkoutDay: '2030-12-04', guestName: 'Late Arrival' });
  });

  it('midnight to midnight in the zone written (UTC, a TZID, DURATION in days, a weekly rule) is those days, west of UTC too', async () => {
    const body = cal(
      ...vevent('UID:m1', 'DTSTART:20261201T000000Z', 'DTEND:20261205T000000Z', 'SUMMARY:Reserved - Maria'),
      // Across the end of daylight time in New York: still whole days, not 4 x 24 hours.
      ...vevent('UID:m2', 'DTSTART;TZID=America/New_York:20261030T000000', 'DTEND;TZID=America/New_York:20261103T000000', 'SUMMARY:Reserved - Kim'),
      ...vevent('UID:m3', 'DTSTART:20261210T000000Z', 'DURATION:P2D', 'SUMMARY:Blocked'),
      ...vevent('UID:m4', 'DTSTART:20270104T000000Z', 'DTEND:20270105T000000Z', 'RRULE:FREQ=WEEKLY;COUNT=3', 'EXDATE:20270111T000000Z', 'SUMMARY:Owner stay'),
    );
    for (const timeZone of ['America/Sao_Paulo', 'America/Los_Angeles', 'Asia/Tokyo']) {
      expect(stays((await parse(Buffer.from(body), { timeZone })).events)).toEqual([
        ['booking', 'confirmed', '2026-10-30', '2026-11-03', 'Kim'],
        ['booking', 'confirmed', '2026-12-01', '2026-12-05', 'Maria'],
        ['block', 'confirmed', '2026-12-10', '2026-12-12', 'iCal guest'],
        ['block', 'confirmed', '2027-01-04', '2027-01-05', 'iCal guest'],
        ['block', 'confirmed', '2027-01-18', '2027-01-19', 'iCal guest'],
      ]);
    }
    // Any other time is an instant: its day is the company's.
    const evening = cal(...vevent('UID:e', 'DTSTART:20261201T000000Z', 'DTEND:20261204T150000Z', 'SUMMARY:Reserved - Late'));
    expect((await parse(Buffer.from(evening), { timeZone: 'America/Sao_Paulo' })).events[0]).toMatchObject({ checkinDay: '2026-11-30', checkoutDay: '2026-12-04' });
  });

  it('an override (RECURRENCE-ID) may cancel or move one occurrence, or stand alone when its master is missing', async () => {
    const body = cal(
      ...vevent('UID:w', 'DTSTART;VALUE=DATE:20261201', 'DTEND;VALUE=DATE:20261203', 'RRULE:FREQ=WEEKLY;COUNT=3', 'SUMMARY:Reserved - Ana'),
      ...vevent('UID:w', 'RECURRENCE-ID;VALUE=DATE:20261208', 'STATUS:CANCELLED'),
      ...vevent('UID:w', 'RECURRENCE-ID;VALUE=DATE:20261215', 'DTSTART;VALUE=DATE:20261216', 'DTEND;VALUE=DATE:20261220', 'SUMMARY:Reserved - Ana Maria'),
      ...vevent('UID:lonely', 'RECURRENCE-ID:20261225T100000Z', 'DTSTART:20261225T150000Z', 'DTEND:20261227T100000Z', 'SUMMARY:Reserved - Solo'),
    );
    expect(stays((await parse(Buffer.from(body))).events)).toEqual([
      ['booking', 'confirmed', '2026-12-01', '2026-12-03', 'Ana'],
      ['booking', 'cancelled', '2026-12-08', '2026-12-10', 'Ana'],
      ['booking', 'confirmed', '2026-12-16', '2026-12-20', 'Ana Maria'],
      ['booking', 'confirmed', '2026-12-25', '2026-12-27', 'Solo'],
    ]);
  });

  it('STATUS:CANCELLED is kept as cancelled (kind still read from the words); DURATION instead of DTEND', async () => {
    const body = cal(
      ...vevent('UID:c', 'DTSTART;VALUE=DATE:20261201', 'DURATION:P3D', 'STATUS:CANCELLED', 'SUMMARY:Reserved - Ana'),
      ...vevent('UID:d', 'DTSTART;VALUE=DATE:20261210', 'SUMMARY:Not available'),
    );
    expect(stays((await parse(Buffer.from(body))).events)).toEqual([
      ['booking', 'cancelled', '2026-12-01', '2026-12-04', 'Ana'],
      ['block', 'confirmed', '2026-12-10', '2026-12-11', 'iCal guest'],
    ]);
  });
});

describe('channels and words', () => {
  it('maintenance, works and personal use are blocks, not a guest called "Maintenance" with a cleaning; 8-digit dates without VALUE=DATE are days', async () => {
    const parsed = await parse('owner-maintenance.ics');
    expect(parsed.skipped).toEqual([]);
    expect(stays(parsed.events)).toEqual([
      ['block', 'confirmed', '2026-12-10', '2026-12-12', 'iCal guest'],
      ['booking', 'cancelled', '2026-12-13', '2026-12-14', 'iCal guest'],
      ['block', 'confirmed', '2026-12-15', '2026-12-18', 'iCal guest'],
      ['block', 'confirmed', '2026-12-20', '2026-12-27', 'iCal guest'],
      ['block', 'confirmed', '2027-01-05', '2027-01-07', 'iCal guest'],
      // A guest's name is not a word of a block.
      ['booking', 'confirmed', '2027-01-10', '2027-01-14', 'Ana Reforma'],
    ]);
    for (const words of ['Mantenimiento', 'Manutenzione', 'Wartung', 'Travaux', 'Renovation', 'Fuera de servicio', 'Hors service']) expect(readSummary(words).kind).toBe('block');
  });

  it('"Busy" (a calendar shared as free/busy only: Google, Outlook, Nextcloud\'s confidential events) is a stay with no guest\'s name', async () => {
    const body = cal(...vevent('UID:PPL24TH8UGOWE94XET87ER', 'SUMMARY:Busy', 'CLASS:CONFIDENTIAL', 'DTSTART;VALUE=DATE:20261224', 'DTEND;VALUE=DATE:20261227'));
    expect(stays((await parse(Buffer.from(body))).events)).toEqual([['booking', 'confirmed', '2026-12-24', '2026-12-27', 'iCal guest']]);
    expect(readSummary('Beschäftigt')).toEqual({ kind: 'booking', tentative: false, guestName: null });
  });

  it('tells the channel by PRODID, by URL, and lets a manager override both', () => {
    expect(sourceFromProdId('-//Airbnb Inc//Hosting Calendar 0.8.8//EN')).toBe('airbnb');
    expect(sourceFromProdId('-//admin.booking.com//EN')).toBe('booking');
    expect(sourceFromProdId('-//HomeAway.com, Inc.//EN')).toBe('vrbo');
    expect(sourceFromProdId('-//Google Inc//Google Calendar 70.9054//EN')).toBeNull();
    expect(sourceFromProdId('-//Bookingsync//EN')).toBeNull();
    expect(sourceFromUrl('https://www.abritel.fr/icalendar/abc.ics')).toBe('vrbo');
    expect(effectiveSource({ override: null, detected: 'booking', fromUrl: 'ical' })).toBe('booking');
    expect(effectiveSource({ override: 'airbnb', detected: 'booking', fromUrl: 'ical' })).toBe('airbnb');
    expect(effectiveSource({ detected: null, fromUrl: 'https://www.airbnb.com/calendar/ical/1.ics' })).toBe('airbnb');
  });

  it.each([
    ['Reserved', 'booking', false, null],
    ['Reserved - Ana Costa', 'booking', false, 'Ana Costa'],
    ['Réservée - Mélanie', 'booking', false, 'Mélanie'],
    ['Reservado - João', 'booking', false, 'João'],
    ['Reservada: María', 'booking', false, 'María'],
    ['Prenotazione - Luca', 'booking', false, 'Luca'],
    ['Gebucht - Jan-Erik Ølstad', 'booking', false, 'Jan-Erik Ølstad'],
    ['Jean-Pierre Dupont', 'booking', false, 'Jean-Pierre Dupont'],
    ['Airbnb (Not available)', 'block', false, null],
    ['CLOSED - Not available', 'block', false, null],
    ['Not available', 'block', false, null],
    ['Blocked', 'block', false, null],
    ['Owner block', 'block', false, null],
    ['Indisponível', 'block', false, null],
    ['Não disponível', 'block', false, null],
    ['Bloqueado', 'block', false, null],
    ['Fechado', 'block', false, null],
    ['No disponible', 'block', false, null],
    ['Cerrado', 'block', false, null],
    ['Indisponible', 'block', false, null],
    ['Fermé', 'block', false, null],
    ['Bloqué', 'block', false, null],
    ['Nicht verfügbar', 'block', false, null],
    ['Gesperrt', 'block', false, null],
    ['Non disponibile', 'block', false, null],
    ['Bloccato', 'block', false, null],
    ['Tentative', 'booking', true, null],
    ['Provisoire - Sylvie', 'booking', true, 'Sylvie'],
    ['Provisório - Rita', 'booking', true, 'Rita'],
    ['Pendiente - Luis', 'booking', true, 'Luis'],
    ['Vorläufig - Jonas', 'booking', true, 'Jonas'],
    ['Provvisorio - Sara', 'booking', true, 'Sara'],
  ])('"%s" is a %s (tentative: %s), guest %s', (summary, kind, tentative, guest) => {
    expect(readSummary(summary)).toEqual({ kind, tentative, guestName: guest });
  });

  it('names a stay without a guest\'s name as the channel\'s guest in the company\'s language, and knows those names', async () => {
    const names = async (language: ParseOptions['language']) => (await parse('airbnb-export.ics', { language })).events.map((e) => e.guestName);
    expect(await names('pt')).toEqual(Array(4).fill('Hóspede do Airbnb'));
    expect(await names('es')).toEqual(Array(4).fill('Huésped de Airbnb'));
    // A name the feed gives stays as written, whatever the language.
    expect((await parse('vrbo-export.ics', { source: 'vrbo', language: 'pt' })).events.map((e) => e.guestName)).toEqual(['Ana Costa', 'Hóspede do Vrbo', 'Hóspede do Vrbo']);
    expect(channelGuestName('booking', 'es')).toBe('Huésped de Booking.com');
    for (const name of ['Airbnb guest', 'Hóspede do Vrbo', 'Huésped de Booking.com', 'iCal guest']) expect(isChannelGuestName(name)).toBe(true);
    for (const name of ['Ana Costa', 'Hóspede', 'airbnb guest ', '', null]) expect(isChannelGuestName(name)).toBe(false);
  });
});

describe('hostile input', () => {
  it('stays fast on a huge summary, huge rule lists, thousands of daily rules, deep nesting', async () => {
    const started = Date.now();
    const huge = cal(...vevent('UID:h', 'DTSTART;VALUE=DATE:20261201', `SUMMARY:Reserved ${' -'.repeat(400_000)}x`));
    expect((await parse(Buffer.from(huge))).events).toHaveLength(1);
    const lists = cal(...vevent('UID:l', 'DTSTART;VALUE=DATE:20261201', `RRULE:FREQ=DAILY;BYMONTHDAY=${Array(5000).fill('1').join(',')}`, 'SUMMARY:Blocked'));
    expect((await parse(Buffer.from(lists))).skipped).toEqual([expect.objectContaining({ reason: 'calendar.skipped.badRule' })]);
    const minutes = cal(...vevent('UID:m', 'DTSTART:20261201T100000Z', 'RRULE:FREQ=DAILY;BYHOUR=0,1,2,3,4,5,6,7,8,9,10,11;BYMINUTE=0,1,2,3,4,5,6,7,8,9', 'SUMMARY:Blocked'));
    expect((await parse(Buffer.from(minutes))).skipped).toEqual([expect.objectContaining({ reason: 'calendar.skipped.unsupportedRule' })]);
    const many = cal(...Array.from({ length: 2000 }, (_, i) => vevent(`UID:d${i}`, 'DTSTART;VALUE=DATE:20200101', 'RRULE:FREQ=DAILY', 'SUMMARY:Blocked')).flat());
    const manyParsed = await parse(Buffer.from(many), { maxEvents: 1000 });
    expect(manyParsed.events.length).toBeLessThanOrEqual(1000);
    expect(manyParsed.warnings).toContainEqual({ code: 'calendar.warning.tooManyEvents', params: { max: 1000 } });
    const nested = cal(...Array(20_000).fill('BEGIN:X-THING'), ...Array(20_000).fill('END:X-THING'), ...vevent('UID:n', 'DTSTART;VALUE=DATE:20261201', 'SUMMARY:Reserved - Ana'));
    await expect(parse(Buffer.from(nested))).rejects.toMatchObject({ code: 'calendar.error.unparsable' });
    const unmatched = cal(...Array(20_000).fill('END:X-NOTHING'), ...vevent('UID:n', 'DTSTART;VALUE=DATE:20261201', 'SUMMARY:Reserved\u0000 - Ana'));
    expect((await parse(Buffer.from(unmatched))).events).toHaveLength(1);
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('an open component at the end is a cut-short calendar, not a partial import', async () => {
    const open = ['BEGIN:VCALENDAR', ...vevent('UID:a', 'DTSTART;VALUE=DATE:20261201', 'SUMMARY:Reserved'), 'BEGIN:VEVENT', 'UID:b'].join('\r\n');
    await expect(parse(Buffer.from(open))).rejects.toMatchObject({ code: 'calendar.error.truncated' });
    await expect(parse(Buffer.from('BEGIN:VCALENDAR\r\n'))).rejects.toMatchObject({ code: 'calendar.error.truncated' });
  });
});
