// Build step: the messages the server and the screens share (shared/messages.ts: every text in its
// three languages side by side) reach the browser one language at a time. `virtual:shared-messages/en`
// (pt, es) is a module of that language's texts by key, which vite.config.ts puts in the language's
// catalogue chunk; lib/i18n.ts loads it with the catalogue. Imported whole, the three languages were
// ~47 KB of the start-up's i18n chunk, two thirds of it in languages the page does not show.
import type { Plugin } from 'vite';
import { UI_LANGUAGES, type UiLanguage } from '../../shared/enums';
import { MESSAGES } from '../../shared/messages';

export const SHARED_MESSAGES_MODULE = 'virtual:shared-messages/';

/** One language's shared messages: `{ 'validation.required': 'Obrigatório', ... }`. */
export function messagesIn(language: UiLanguage): Record<string, string> {
  return Object.fromEntries(Object.entries(MESSAGES).map(([key, texts]) => [key, texts[language]]));
}

export function sharedMessages(): Plugin {
  // Rollup's convention for a virtual module: its resolved id starts with \0, so no other plugin
  // tries to read it from disk.
  const resolved = `\0${SHARED_MESSAGES_MODULE}`;
  return {
    name: 'rentalops-shared-messages',
    resolveId(id) {
      return id.startsWith(SHARED_MESSAGES_MODULE) ? `\0${id}` : undefined;
    },
    load(id) {
      if (!id.startsWith(resolved)) return undefined;
      const language = id.slice(resolved.length);
      if (!(UI_LANGUAGES as readonly string[]).includes(language)) this.error(`${id}: no such language (${UI_LANGUAGES.join(', ')})`);
      return `export default ${JSON.stringify(messagesIn(language as UiLanguage))};`;
    },
  };
}
