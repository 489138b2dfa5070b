// Intl formatters, made once per locale and options. Constructing an Intl.DateTimeFormat or
// NumberFormat costs far more than formatting with one (ICU loads the locale's patterns each time):
// on the dashboard's first render, the per-call constructors alone were ~40 ms of a 4×-throttled
// phone's main thread. Every screen formats through these.

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

/** The browser's own time zone (read once: it does not change while a page is open in practice). */
export function browserTimeZone(): string {
  browserZone ??= new Intl.DateTimeFormat().resolvedOptions().timeZone;
  return browserZone;
}
