import type { TFunction } from 'i18next';

/**
 * A validation message: the zod schemas carry i18n keys (shared/messages.ts), while the server's
 * 400 `errors` are texts it already translated. Keys are translated, texts shown as they are.
 */
export function translateMessage(t: TFunction, i18nExists: (key: string) => boolean, message: string | undefined): string | undefined {
  if (!message) return undefined;
  return i18nExists(message) ? t(message) : message;
}
