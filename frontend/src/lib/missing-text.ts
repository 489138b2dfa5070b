// A text the catalogues lack, as i18next's `parseMissingKeyHandler` (lib/i18n.ts). Its own module, with
// no imports, so the browser tests can name the console line without loading the app.

/** What the console says of a text the catalogues lack (the browser tests fail on it: e2e/support/app.ts). */
export const MISSING_TEXT_PREFIX = '[i18n] missing text:';

/**
 * A key found in no catalogue (not even English) shows as itself, `tasks.somethingNew`, to the
 * reader: said on the console, so the browser tests catch every one a screen draws. A call that
 * gives its own fallback (`defaultValue`: an API error code the catalogues may not know) is no bug.
 */
export function missingText(key: string, defaultValue: unknown): string {
  if (defaultValue !== undefined) return String(defaultValue);
  console.error(`${MISSING_TEXT_PREFIX} ${key}`);
  return key;
}
