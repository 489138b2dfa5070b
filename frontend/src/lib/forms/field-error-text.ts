import type { TFunction } from 'i18next';
import { isMessageKey } from '../i18n';

/**
 * The text of a field's error: client checks carry a key of shared/messages.ts (translated here, so
 * it follows a language switch), a server's 400 carries text already in the request's language.
 */
export function fieldErrorText(message: string | undefined, t: TFunction): string | undefined {
  if (!message) return undefined;
  return isMessageKey(message) ? t(message) : message;
}
