// Intl formatters, made once per locale and options. Constructing an Intl.DateTimeFormat or
// NumberFormat costs far more than formatting with one (ICU loads the locale's patterns each time):
// on the dashboard's first render, the per-call constructors alone were ~40 ms of a 4×-throttled
// phone's main thread. Every screen formats through these, in the interface language's locale.
import type { UiLanguage } from '#shared/enums';
import { fromCents } from '#shared/rules';

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();
const pluralRules = new Map<string, Intl.PluralRules>();

function cached<T>(cache: Map<string, T>, locale: string | undefined, options: object | undefined, make: () => T): T {
  const key = `${locale ?? ''}\u0000${options ? JSON.stringify(options) : ''}`;
  let formatter = cache.get(key);
  if (!formatter) {
    formatter = make();
    cache.set(key, formatter);
  }
  return formatter;
}

/** `new Intl.DateTimeFormat(locale, options)`, made once. */
export function dateTimeFormat(locale?: string, options?: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return cached(dateTimeFormats, locale, options, () => new Intl.DateTimeFormat(locale, options));
}

/** `new Intl.NumberFormat(locale, options)`, made once. */
export function numberFormat(locale?: string, options?: Intl.NumberFormatOptions): Intl.NumberFormat {
  return cached(numberFormats, locale, options, () => new Intl.NumberFormat(locale, options));
}

/** `new Intl.PluralRules(locale, options)`, made once. */
export function pluralRulesFor(locale?: string, options?: Intl.PluralRulesOptions): Intl.PluralRules {
  return cached(pluralRules, locale, options, () => new Intl.PluralRules(locale, options));
}

let browserZone: string | undefined;

/**
 * Has ICU load its date and time-zone data, in a task of its own: a page's first
 * Intl.DateTimeFormat costs 12-21 ms on a desktop (4x on a phone) whatever its locale and options,
 * and every one after it under a millisecond. Made in the first render (the property calendar's
 * zone, the reports' period), it lengthened that render's longest task; made while the first
 * screen's data is on its way (app/boot.ts), it holds up nothing.
 */
export function warmUpDateFormats(): void {
  browserTimeZone();
}

/** The browser's own time zone (read once: it does not change while a page is open in practice). */
export function browserTimeZone(): string {
  browserZone ??= new Intl.DateTimeFormat().resolvedOptions().timeZone;
  return browserZone;
}

/** The locale each interface language formats dates, numbers and money in. */
export const LOCALES: Record<UiLanguage, string> = { en: 'en-US', pt: 'pt-BR', es: 'es-ES' };

/** The locale of an interface language ('pt' -> 'pt-BR'); English's for anything else. */
export function localeOf(language: string | undefined): string {
  return LOCALES[(language ?? 'en') as UiLanguage] ?? LOCALES.en;
}

/**
 * Money is shown in US dollars (SPEC) in the interface language: $7,430.50, US$ 7.430,50,
 * 7430,50 US$. Exact: the decimal text of the integer cents is formatted, never a float sum.
 */
export function formatCents(cents: number, language: string | undefined): string {
  return usdFormat(language, 2).format(fromCents(cents) as unknown as number);
}

/** Whole dollars (a plan's price) or `fractionDigits` decimals, in the interface language. */
export function formatDollars(amount: number, language: string | undefined, fractionDigits = 0): string {
  return usdFormat(language, fractionDigits).format(amount);
}

/** The US dollar's sign in the interface language: "$" in English, "US$" in Portuguese and Spanish. */
export function dollarSign(language: string | undefined): string {
  return usdFormat(language, 0).formatToParts(0).find((part) => part.type === 'currency')?.value ?? '$';
}

/** 0 with two decimals as the interface language writes it ("0.00", "0,00"): an amount field's hint. */
export function zeroAmount(language: string | undefined): string {
  return numberFormat(localeOf(language), { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(0);
}

function usdFormat(language: string | undefined, fractionDigits: number): Intl.NumberFormat {
  return numberFormat(localeOf(language), { style: 'currency', currency: 'USD', minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits });
}

/**
 * A wall-clock time "HH:MM" (a shift's window) as the interface language writes it: "8:00 AM",
 * "08:00". Not an instant: no time zone is involved. Text that is no time is returned as is.
 */
export function formatClock(hhmm: string, language: string | undefined): string {
  const match = /^(\d{1,2}):(\d{2})$/.exec(hhmm);
  if (!match || Number(match[1]) > 24 || Number(match[2]) > 59) return hhmm;
  const at = new Date(Date.UTC(2000, 0, 1, Number(match[1]), Number(match[2])));
  return dateTimeFormat(localeOf(language), { ...clockOptions(language), timeZone: 'UTC' }).format(at);
}

/** How a time of day is written: "8:00 AM" in English, "08:00" in Portuguese and Spanish. */
export function clockOptions(language: string | undefined): Intl.DateTimeFormatOptions {
  return localeOf(language) === LOCALES.en ? { hour: 'numeric', minute: '2-digit' } : { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };
}
