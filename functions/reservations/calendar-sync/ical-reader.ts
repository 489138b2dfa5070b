// The text layer of an iCalendar file (RFC 5545 section 3): bytes to unfolded content lines to a
// tree of components.
// - Lines are unfolded on the bytes (CRLF or LF followed by a space or a tab), before decoding, so
//   a fold that splits a UTF-8 multi-byte character decodes right.
// - The charset comes from a BOM, then from the HTTP Content-Type; without either, UTF-8 when the
//   bytes are valid UTF-8, else Windows-1252 (a superset of ISO-8859-1 for printable text). A body
//   declared UTF-8 that is not valid UTF-8 is read as Windows-1252 too (a common server mistake).
// - A file that does not start with BEGIN:VCALENDAR is not iCal; one whose components are not all
//   closed (no END:VCALENDAR) was cut short.

export class IcalShapeError extends Error {
  constructor(readonly kind: 'not-ical' | 'truncated') {
    super(kind);
    this.name = 'IcalShapeError';
  }
}

export interface ContentLine {
  name: string;
  params: Record<string, string>;
  value: string;
}

export interface Component {
  name: string;
  lines: ContentLine[];
  children: Component[];
}

const SP = 0x20;
const HT = 0x09;
const CR = 0x0d;
const LF = 0x0a;

/** Removes folds (CRLF / LF / CR followed by SP or HT) from the raw bytes. */
export function unfoldBytes(bytes: Uint8Array): Buffer {
  const out = Buffer.allocUnsafe(bytes.length);
  let length = 0;
  for (let i = 0; i < bytes.length; i += 1) {
    const byte = bytes[i];
    if (byte === CR && bytes[i + 1] === LF && (bytes[i + 2] === SP || bytes[i + 2] === HT)) {
      i += 2;
      continue;
    }
    if ((byte === LF || byte === CR) && (bytes[i + 1] === SP || bytes[i + 1] === HT)) {
      i += 1;
      continue;
    }
    out[length++] = byte;
  }
  return out.subarray(0, length);
}

const CHARSET_ALIASES: Record<string, string> = {
  'utf-8': 'utf-8',
  utf8: 'utf-8',
  'us-ascii': 'utf-8',
  ascii: 'utf-8',
  'iso-8859-1': 'windows-1252',
  'iso8859-1': 'windows-1252',
  latin1: 'windows-1252',
  'latin-1': 'windows-1252',
  'windows-1252': 'windows-1252',
  cp1252: 'windows-1252',
  'x-cp1252': 'windows-1252',
};

export function charsetOf(contentType: string | null | undefined): string | null {
  const match = /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(contentType ?? '');
  return match ? match[1].toLowerCase() : null;
}

/** Windows-1252's 0x80-0x9F (undefined ones stay as their C1 code points). */
const CP1252_HIGH = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d, 0x17d, 0x8f,
  0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a, 0x153, 0x9d, 0x17e, 0x178,
];

/**
 * Windows-1252 by hand: Node 20's TextDecoder('windows-1252') decodes as ISO-8859-1 (0x96 comes
 * out as a control character instead of "–").
 */
export function decodeWindows1252(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 8192) {
    const chunk = bytes.subarray(i, i + 8192);
    out += String.fromCharCode(...Array.from(chunk, (b) => (b >= 0x80 && b <= 0x9f ? CP1252_HIGH[b - 0x80] : b)));
  }
  return out;
}

function decode(label: string, bytes: Uint8Array): string | null {
  const name = CHARSET_ALIASES[label] ?? label;
  if (name === 'windows-1252') return decodeWindows1252(bytes);
  try {
    return new TextDecoder(name).decode(bytes);
  } catch {
    return null;
  }
}

/** The file's text, unfolded: BOM, then Content-Type charset, then UTF-8 if valid, else Windows-1252. */
export function decodeIcal(input: Buffer | Uint8Array | string, contentType?: string | null): string {
  let bytes: Uint8Array = typeof input === 'string' ? Buffer.from(input, 'utf8') : input;
  let declared = typeof input === 'string' ? 'utf-8' : charsetOf(contentType);
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    bytes = bytes.subarray(3);
    declared = 'utf-8';
  } else if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    // UTF-16 (some Windows exports): to UTF-8 first, so the byte-level unfolding applies.
    const text = new TextDecoder(bytes[0] === 0xff ? 'utf-16le' : 'utf-16be').decode(bytes.subarray(2));
    bytes = Buffer.from(text, 'utf8');
    declared = 'utf-8';
  }
  const unfolded = unfoldBytes(bytes);
  const label = declared ? (CHARSET_ALIASES[declared] ?? declared) : null;
  if (label && label !== 'utf-8') {
    const text = decode(label, unfolded);
    if (text !== null) return text;
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(unfolded);
  } catch {
    return decodeWindows1252(unfolded);
  }
}

/** name *(";" param) ":" value, with quoted parameter values (which may hold ; : ,). */
export function parseContentLine(line: string): ContentLine | null {
  let i = 0;
  while (i < line.length && /[A-Za-z0-9_.-]/.test(line[i])) i += 1;
  if (i === 0) return null;
  // A group prefix ("item1.SUMMARY") is not part of the name.
  const name = line.slice(0, i).replace(/^.*\./, '').toUpperCase();
  const params: Record<string, string> = {};
  while (line[i] === ';') {
    i += 1;
    const eq = line.indexOf('=', i);
    if (eq < 0) return null;
    const param = line.slice(i, eq).trim().toUpperCase();
    i = eq + 1;
    const values: string[] = [];
    for (;;) {
      if (line[i] === '"') {
        const close = line.indexOf('"', i + 1);
        if (close < 0) return null;
        values.push(line.slice(i + 1, close));
        i = close + 1;
      } else {
        let j = i;
        while (j < line.length && line[j] !== ';' && line[j] !== ':' && line[j] !== ',') j += 1;
        values.push(line.slice(i, j).trim());
        i = j;
      }
      if (line[i] === ',') {
        i += 1;
        continue;
      }
      break;
    }
    params[param] = values.join(',');
  }
  if (line[i] !== ':') return null;
  return { name, params, value: line.slice(i + 1) };
}

/** TEXT value escapes (RFC 5545 3.3.11). */
export function unescapeText(value: string): string {
  return value.replace(/\\([\\;,nN])/g, (_, c: string) => (c === 'n' || c === 'N' ? '\n' : c));
}

/**
 * The calendars of the file (usually one). Throws IcalShapeError('not-ical') when the first line
 * is not BEGIN:VCALENDAR, ('truncated') when a component is still open at the end.
 */
export function readComponents(text: string): Component[] {
  const lines = text.split(/\r\n|\n|\r/);
  let first = 0;
  while (first < lines.length && lines[first].trim() === '') first += 1;
  if (first >= lines.length || lines[first].trim().toUpperCase() !== 'BEGIN:VCALENDAR') throw new IcalShapeError('not-ical');
  const calendars: Component[] = [];
  const stack: Component[] = [];
  for (let n = first; n < lines.length; n += 1) {
    const raw = lines[n];
    if (raw.trim() === '') continue;
    const line = parseContentLine(raw.replace(/^\s+/, ''));
    if (!line) continue;
    if (line.name === 'BEGIN') {
      const name = line.value.trim().toUpperCase();
      // A VEVENT left open before the next one starts: close it (its own checks decide on it).
      if (name === 'VEVENT' && stack.length && stack[stack.length - 1].name === 'VEVENT') stack.pop();
      // Real files nest three or four deep (VCALENDAR > VEVENT > VALARM); hundreds is an attack.
      if (stack.length >= MAX_DEPTH) throw new IcalShapeError('not-ical');
      const component: Component = { name, lines: [], children: [] };
      if (stack.length) stack[stack.length - 1].children.push(component);
      else if (name === 'VCALENDAR') calendars.push(component);
      else continue; // text between calendars
      stack.push(component);
    } else if (line.name === 'END') {
      const name = line.value.trim().toUpperCase();
      for (let at = stack.length - 1; at >= 0; at -= 1) {
        if (stack[at].name === name) {
          stack.length = at;
          break;
        }
      }
    } else if (stack.length) {
      stack[stack.length - 1].lines.push(line);
    }
  }
  if (stack.length > 0) throw new IcalShapeError('truncated');
  return calendars;
}

const MAX_DEPTH = 50;

export const lineOf = (component: Component, name: string): ContentLine | undefined => component.lines.find((line) => line.name === name);
export const linesOf = (component: Component, name: string): ContentLine[] => component.lines.filter((line) => line.name === name);
