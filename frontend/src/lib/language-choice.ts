// The interface language a visitor gets before anything is loaded: their stored choice, else the
// browser's language. Small on purpose (no i18next, no catalogue): the entry reads it to fetch the
// right catalogue with the first chunks (app/startup-preload.ts), and lib/i18n.ts starts with it.
import { UI_LANGUAGES, languageFromHeader, type UiLanguage } from '#shared/enums';

/** localStorage key holding the chosen interface language (SPEC point 9). */
export const LANGUAGE_STORAGE_KEY = 'language';
export const FALLBACK_LANGUAGE: UiLanguage = 'en';

export function isUiLanguage(value: unknown): value is UiLanguage {
  return typeof value === 'string' && (UI_LANGUAGES as readonly string[]).includes(value);
}

function readStoredLanguage(): string | null {
  try {
    return window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null; // storage disabled (privacy mode, sandboxed iframe)
  }
}

/** Stored choice, else the browser language (pt or es prefix), else English. */
export function detectLanguage(): UiLanguage {
  const stored = readStoredLanguage();
  if (isUiLanguage(stored)) return stored;
  if (typeof navigator === 'undefined') return FALLBACK_LANGUAGE;
  return languageFromHeader(navigator.language);
}
