// i18next set-up. Catalogues live in `src/locales/{en,pt,es}.json`, one file per language, keys
// grouped by feature (`nav.*`, `shell.*`, `landing.*`, `errors.*`, `toast.*`, `common.*`, then one
// group per feature: `dashboard.*`, `tasks.*`…). The server/validation messages of
// `shared/messages.ts` are merged into the same (default) namespace by key, so the keys that zod
// schemas carry (`company.nameRequired`, `validation.email`…) translate with a plain `t(key)`; each
// language's share of them comes with its catalogue (`virtual:shared-messages/<language>`, made by
// build/shared-messages.ts), not all three with the start-up.
//
// Only the active language (plus English, the fallback) is downloaded: each catalogue is its own
// chunk, loaded by the small backend below, so the initial bundle does not grow with the app.
import i18n, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { UI_LANGUAGES, type UiLanguage } from '#shared/enums';
import type { MessageKey } from '#shared/messages';
import { LANGUAGE_STORAGE_KEY, FALLBACK_LANGUAGE, isUiLanguage, detectLanguage } from './language-choice';
import { yieldToBrowser } from './yield';
import { missingText } from './missing-text';

export { LANGUAGE_STORAGE_KEY, FALLBACK_LANGUAGE, isUiLanguage, detectLanguage };
export const SUPPORTED_LANGUAGES = UI_LANGUAGES;

type Catalogue = { [key: string]: string | Catalogue };

/**
 * Each feature may keep its own texts in `features/<name>/locales/{en,pt,es}.json` (keys under the
 * feature's group), so features can grow without editing one shared file.
 */
const featureCatalogues = import.meta.glob<{ default: Catalogue }>('../features/*/locales/*.json');

const catalogueLoaders: Record<UiLanguage, () => Promise<{ default: Catalogue }>> = {
  en: () => import('../locales/en.json'),
  pt: () => import('../locales/pt.json'),
  es: () => import('../locales/es.json'),
};

const sharedMessageLoaders: Record<UiLanguage, () => Promise<{ default: Record<string, string> }>> = {
  en: () => import('virtual:shared-messages/en'),
  pt: () => import('virtual:shared-messages/pt'),
  es: () => import('virtual:shared-messages/es'),
};

/** The keys of shared/messages.ts, known once a language's share of them has loaded (before the first screen). */
const sharedMessageKeys = new Set<string>();

/**
 * Whether `value` is a key of shared/messages.ts (a client check's message, or a key the server
 * sent), rather than a text to show as it is.
 */
export function isMessageKey(value: string): value is MessageKey {
  return sharedMessageKeys.has(value);
}

/** `{ 'company.nameRequired': 'x' }` -> `{ company: { nameRequired: 'x' } }`. */
function messageTree(messages: Record<string, string>): Catalogue {
  const tree: Catalogue = {};
  for (const [key, text] of Object.entries(messages)) {
    const parts = key.split('.');
    let node = tree;
    parts.slice(0, -1).forEach((part) => {
      const next = node[part];
      node[part] = typeof next === 'object' ? next : {};
      node = node[part] as Catalogue;
    });
    node[parts[parts.length - 1]] = text;
  }
  return tree;
}

/** Deep merge; values of `override` win. */
function mergeCatalogues(base: Catalogue, override: Catalogue): Catalogue {
  const result: Catalogue = { ...base };
  for (const [key, value] of Object.entries(override)) {
    const current = result[key];
    result[key] =
      typeof value === 'object' && typeof current === 'object' ? mergeCatalogues(current, value) : value;
  }
  return result;
}

/** Full catalogue of a language: shared messages overlaid by the frontend catalogue. */
export async function loadCatalogue(language: UiLanguage): Promise<Catalogue> {
  const features = Object.entries(featureCatalogues)
    .filter(([file]) => file.endsWith(`/${language}.json`))
    .map(([, load]) => load());
  const [{ default: catalogue }, { default: shared }, ...featureModules] = await Promise.all([
    catalogueLoaders[language](),
    sharedMessageLoaders[language](),
    ...features,
  ]);
  // Evaluating the language's chunk, merging the catalogues and i18next's own copy of the result
  // each take a few milliseconds (four times that on a phone): separate tasks, not one long one.
  await yieldToBrowser();
  const merged = featureModules.reduce((all, module) => mergeCatalogues(all, module.default), catalogue);
  for (const key of Object.keys(shared)) sharedMessageKeys.add(key);
  const full = mergeCatalogues(messageTree(shared), merged);
  await yieldToBrowser();
  return full;
}

const lazyCatalogueBackend: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init() {},
  read(language, _namespace, callback) {
    if (!isUiLanguage(language)) {
      callback(null, {});
      return;
    }
    loadCatalogue(language).then(
      (catalogue) => callback(null, catalogue as ResourceKey),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

function syncDocumentLanguage(language: string) {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

i18n.on('languageChanged', syncDocumentLanguage);

void i18n
  .use(lazyCatalogueBackend)
  .use(initReactI18next)
  .init({
    lng: detectLanguage(),
    fallbackLng: FALLBACK_LANGUAGE,
    supportedLngs: [...UI_LANGUAGES],
    load: 'languageOnly',
    ns: ['translation'],
    defaultNS: 'translation',
    interpolation: { escapeValue: false }, // React escapes already
    react: { useSuspense: true },
    parseMissingKeyHandler: missingText,
  });

/** The active interface language, narrowed to en | pt | es. */
export function currentLanguage(): UiLanguage {
  const language = i18n.resolvedLanguage ?? i18n.language;
  // Before the first catalogue has loaded i18next has no language yet: use what it will pick.
  return isUiLanguage(language) ? language : detectLanguage();
}

/** Switch the interface language and remember the choice. */
export async function setLanguage(language: UiLanguage): Promise<void> {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // storage disabled: the choice lasts for this page only
  }
  await i18n.changeLanguage(language);
}

export default i18n;
