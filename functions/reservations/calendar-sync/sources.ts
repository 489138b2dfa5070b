// The channel of an iCal feed and the words channels write in it.
// - The channel: a manager's choice first, then what the file says it comes from (PRODID), then the
//   URL's host (Airbnb, Vrbo / HomeAway / Abritel, Booking.com); `ical` for any other calendar.
// - Summaries: reserved / blocked / unavailable / closed / tentative in English, Portuguese,
//   Spanish, French, German and Italian ("Réservée - Ana", "Indisponible", "Provisoire - Sylvie",
//   "CLOSED - Not available", "Airbnb (Not available)", "Nicht verfügbar", "Prenotato - Marco",
//   "Maintenance", "Manutenção", "Out of service"), and the
//   guest's name once the channel's prefix is gone.
import { UI_LANGUAGES, type UiLanguage } from '#shared/enums';
import { translateMessage } from '#shared/messages';
import { withoutHiddenCharacters, type FeedSource } from '#shared/schemas';

const HOSTS: Array<[RegExp, FeedSource]> = [
  [/(^|\.)airbnb\.[a-z.]+$/, 'airbnb'],
  [/(^|\.)(vrbo|homeaway|abritel|fewo-direkt|stayz|bookabach)\.[a-z.]+$/, 'vrbo'],
  [/(^|\.)booking\.com$/, 'booking'],
];

export function sourceFromUrl(url: string): FeedSource {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return 'ical';
  }
  return HOSTS.find(([pattern]) => pattern.test(host))?.[1] ?? 'ical';
}

/**
 * The channel a PRODID names ("-//Airbnb Inc//Hosting Calendar 0.8.8//EN", "-//admin.booking.com//EN",
 * "-//HomeAway.com, Inc.//EN"), or null for any other software (Google, Outlook, a PMS…).
 */
export function sourceFromProdId(prodId: string | null | undefined): FeedSource | null {
  const text = (prodId ?? '').toLowerCase();
  if (!text) return null;
  if (/\bairbnb\b/.test(text)) return 'airbnb';
  if (/\bbooking\.com\b/.test(text)) return 'booking';
  if (/\b(homeaway|vrbo|abritel|fewo-direkt|stayz|bookabach)\b/.test(text)) return 'vrbo';
  return null;
}

/**
 * A feed's effective channel: the manager's override, else what the file says (ParsedFeed.channel,
 * from its PRODID), else the URL's host (`fromUrl`: a source, or the URL itself).
 */
export function effectiveSource(input: { override?: FeedSource | null; detected?: FeedSource | null; fromUrl: FeedSource | string }): FeedSource {
  if (input.override) return input.override;
  if (input.detected) return input.detected;
  return (SOURCE_LABELS as Record<string, string>)[input.fromUrl] ? (input.fromUrl as FeedSource) : sourceFromUrl(input.fromUrl);
}

/** The channels' names, as a guest whose feed gives no name is called (Airbnb's "Reserved"). */
export const SOURCE_LABELS: Record<FeedSource, string> = { airbnb: 'Airbnb', vrbo: 'Vrbo', booking: 'Booking.com', ical: 'iCal' };

/** How a stay is named when its feed gives no guest's name: "Airbnb guest", "Hóspede do Airbnb", "Huésped de Airbnb" (the company's language). */
export const channelGuestName = (source: FeedSource, language: UiLanguage): string =>
  translateMessage('calendar.channelGuest', language, { channel: SOURCE_LABELS[source] });

const CHANNEL_GUEST_NAMES = new Set(UI_LANGUAGES.flatMap((language) => (Object.keys(SOURCE_LABELS) as FeedSource[]).map((source) => channelGuestName(source, language))));

/** Whether a name is one the import gave (channelGuestName: any channel, any language), not a guest's own. */
export const isChannelGuestName = (name: string | null | undefined): boolean => CHANNEL_GUEST_NAMES.has(name ?? '');

// ---- Channel words ---------------------------------------------------------------------------------

/** Lower case without accents: "Réservée" → "reservee", "Não disponível" → "nao disponivel". */
export const foldWords = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/\s+/g, ' ')
    .trim();

/** Phrases that mean "not available" wherever they stand. */
const BLOCK_PHRASES = [
  'not available', 'unavailable', 'owner block', 'owner stay', 'owner hold', 'owner use', 'blocked dates', // en
  'nao disponivel', 'indisponivel', 'bloqueio do proprietario', 'uso do proprietario', // pt
  'no disponible', 'bloqueo del propietario', 'uso del propietario', // es
  'indisponible', 'non disponible', 'pas disponible', 'bloque par le proprietaire', // fr
  'nicht verfugbar', 'nicht verfuegbar', 'nicht buchbar', 'eigennutzung', 'eigentumerblockierung', // de
  'non disponibile', 'indisponibile', 'uso proprietario', // it
  // Out of use: maintenance, works, personal use (owners' and PMSs' own words for a block).
  'out of service', 'out of order', 'private use', 'personal use', 'fora de servico', 'uso pessoal', 'uso particular', 'sem disponibilidade',
  'fuera de servicio', 'uso personal', 'sin disponibilidad', 'hors service', 'usage personnel', 'ausser betrieb', 'fuori servizio',
];

/** Words that mean "blocked / closed" at the start or end of a summary. */
const BLOCK_WORDS = [
  'blocked', 'block', 'closed', 'close', 'owner',
  'bloqueado', 'bloqueada', 'bloqueio', 'fechado', 'fechada', 'indisponivel',
  'bloqueo', 'cerrado', 'cerrada',
  'bloque', 'bloquee', 'ferme', 'fermee', 'indisponible',
  'blockiert', 'gesperrt', 'geschlossen', 'blockierung', 'sperre',
  'bloccato', 'bloccata', 'chiuso', 'chiusa', 'indisponibile',
  'maintenance', 'repairs', 'renovation', 'manutencao', 'mantenimiento', 'travaux', 'wartung', 'renovierung', 'manutenzione',
];

/** Words that say "a booking" before the guest's name. */
const RESERVED_WORDS = [
  'reserved', 'reservation', 'booked', 'booking', 'occupied', 'busy', // "Busy": free/busy-only sharing (Google, Outlook, Nextcloud)
  'reservado', 'reservada', 'reserva', 'ocupado', 'ocupada',
  'reserve', 'reservee', 'reservation', 'occupe', 'occupee',
  'reserviert', 'gebucht', 'buchung', 'belegt', 'reservierung', 'beschaftigt',
  'prenotato', 'prenotata', 'prenotazione', 'riservato', 'riservata', 'occupato', 'occupata',
];

/** Words that say "a tentative booking". */
const TENTATIVE_WORDS = [
  'tentative', 'pending', 'provisional', 'on request', 'hold',
  'provisorio', 'provisoria', 'pre-reserva', 'pre reserva', 'prereserva', 'pendente', 'pendiente', 'tentativo', 'tentativa',
  'provisoire', 'option', 'optionnel', 'optionnelle', 'en attente',
  'vorlaufig', 'vorlaeufig', 'vorreservierung', 'vorreserviert', 'angefragt', 'anfrage',
  'provvisorio', 'provvisoria', 'opzione', 'opzionato', 'opzionata', 'in attesa',
];

const CHANNEL_NAMES = 'direct|directo|direta|direkt|airbnb|vrbo|homeaway|abritel|fewo-direkt|booking\\.com|expedia|lodgify|smoobu|beds24|hostaway|guesty|hostfully|tokeet';
const LEADING_CHANNEL = new RegExp(`^(?:${CHANNEL_NAMES})\\b\\s*(?:\\((.*)\\)\\s*$|[-–—:|]\\s*|$)`, 'i');
const TRAILING_CHANNEL = new RegExp(`\\s*(?:[-–—|]\\s*|\\(|\\[)(?:${CHANNEL_NAMES})[)\\]]?\\s*$`, 'i');
/** The first "word - rest" / "word: rest" / "word | rest" / "word (rest)" split of a summary. */
const SPLIT = /^(.*?)(?:\s*[-–—|:]\s+|\s+[-–—]\s*|:\s*|\s*\((.*)\)\s*$)(.*)$/s;

const wordPattern = (words: string[]) => new RegExp(`^(?:${words.map((w) => w.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&')).join('|')})s?$`);
const RESERVED = wordPattern(RESERVED_WORDS);
const TENTATIVE = wordPattern(TENTATIVE_WORDS);
const BLOCK_START = new RegExp(`^(?:${BLOCK_WORDS.join('|')})\\b`);
const BLOCK_END = new RegExp(`\\b(?:${BLOCK_WORDS.join('|')})$`);
const BLOCK_ANYWHERE = new RegExp(`(?:^|[^a-z])(?:${BLOCK_PHRASES.join('|')})(?:$|[^a-z])`);

export interface SummaryReading {
  kind: 'booking' | 'block';
  tentative: boolean;
  /** The guest's name, or null when the summary names none ("Reserved", "Not available"). */
  guestName: string | null;
}

const isBlockText = (folded: string) => BLOCK_ANYWHERE.test(folded) || BLOCK_START.test(folded) || BLOCK_END.test(folded);

/** What a summary says: a booking or a block, tentative or not, and the guest's name. */
export function readSummary(summary: string): SummaryReading {
  // Bounded: the patterns below must never run over a huge hostile summary.
  // Control and text-direction characters go (a name the product shows and puts in subjects).
  let text = withoutHiddenCharacters(summary.slice(0, 500)).replace(/\s+/g, ' ').trim();
  text = text.replace(LEADING_CHANNEL, (_, inner: string | undefined) => inner ?? '').trim();
  text = text.replace(TRAILING_CHANNEL, '').trim();
  const wrapped = /^\((.*)\)$/.exec(text);
  if (wrapped) text = wrapped[1].trim();
  if (!text) return { kind: 'booking', tentative: false, guestName: null };
  const split = SPLIT.exec(text);
  const head = split ? split[1] : text;
  const rest = split ? (split[2] ?? split[3] ?? '').trim() : '';
  const foldedHead = foldWords(head);
  const isReserved = RESERVED.test(foldedHead);
  const isTentative = TENTATIVE.test(foldedHead);
  if (isReserved || isTentative) {
    // "Reserved - Not available" is still a block; "Reserved - Ana Closed" is Ana.
    if (rest && BLOCK_ANYWHERE.test(foldWords(rest)) && foldWords(rest).length < 40) return { kind: 'block', tentative: isTentative, guestName: null };
    return { kind: 'booking', tentative: isTentative, guestName: rest ? rest.slice(0, 200) : null };
  }
  if (isBlockText(foldWords(text))) return { kind: 'block', tentative: false, guestName: null };
  return { kind: 'booking', tentative: false, guestName: text.slice(0, 200) };
}
