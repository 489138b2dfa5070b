// The notices' word lists: each notice module keeps its texts beside it, in pt, en and es; this is
// their one type and the one way to fill them in ({{name}} from the parameters).
import type { NotificationLanguage } from '#shared/enums';

export type Texts = Record<NotificationLanguage, string>;

/** A `say` for one module's texts: the reader's language, each {{name}} from `params` (absent: empty). */
export function textsSayer<K extends string>(texts: Record<K, Texts>) {
  return (key: K, language: NotificationLanguage, params: Record<string, string | number> = {}): string =>
    texts[key][language].replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));
}

/** Words the notices to and about a property's owner share (stays they ask for, repairs they approve). */
export const OWNER_NOTICE_TEXTS = {
  note: { en: ' Note: {{note}}', pt: ' Observação: {{note}}', es: ' Nota: {{note}}' },
  owner: { en: 'The owner', pt: 'O proprietário', es: 'El propietario' },
} satisfies Record<string, Texts>;
