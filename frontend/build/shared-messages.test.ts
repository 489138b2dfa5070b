// shared/messages.ts as the browser gets it (build/shared-messages.ts): one module per language, each
// with every key in that language only.
import type { Plugin } from 'vite';
import { UI_LANGUAGES } from '#shared/enums';
import { MESSAGES } from '#shared/messages';
import { messagesIn, sharedMessages } from './shared-messages';

type Hook = (this: { error: (message: string) => never }, id: string) => string | undefined;
const plugin = sharedMessages() as Plugin & { resolveId: Hook; load: Hook };
const context = { error: (message: string): never => { throw new Error(message); } };

describe('the shared messages of one language', () => {
  it.each(UI_LANGUAGES)('%s: every key, in that language', (language) => {
    const messages = messagesIn(language);
    expect(Object.keys(messages)).toEqual(Object.keys(MESSAGES));
    for (const [key, texts] of Object.entries(MESSAGES)) expect(messages[key]).toBe(texts[language]);
  });

  it("is a virtual module holding that language's texts and no other's", () => {
    const id = plugin.resolveId.call(context, 'virtual:shared-messages/pt');
    expect(id).toBe('\0virtual:shared-messages/pt');
    const code = plugin.load.call(context, id!)!;
    const messages = JSON.parse(code.replace(/^export default /, '').replace(/;$/, '')) as Record<string, string>;
    expect(messages['validation.required']).toBe(MESSAGES['validation.required'].pt);
    expect(code).not.toContain(JSON.stringify(MESSAGES['validation.required'].es));
    expect(code).not.toContain(JSON.stringify(MESSAGES['company.nameRequired'].en));
  });

  it('leaves other modules alone and refuses a language the app does not have', () => {
    expect(plugin.resolveId.call(context, './locales/en.json')).toBeUndefined();
    expect(plugin.load.call(context, '/src/lib/i18n.ts')).toBeUndefined();
    expect(() => plugin.load.call(context, '\0virtual:shared-messages/fr')).toThrow(/no such language/);
  });
});
