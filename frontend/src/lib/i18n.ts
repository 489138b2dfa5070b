// i18next set-up. Catalogues live in `src/locales/{en,pt,es}.json`, one file per language, keys
// grouped by feature (`nav.*`, `shell.*`, `landing.*`, `errors.*`, `toast.*`, `common.*`, then one
// group per feature: `dashboard.*`, `tasks.*`…). The server/validation messages of
// `shared/messages.ts` are merged into the same (default) namespace by key, so the keys that zod
// schemas carry (`company.nameRequired`, `validation.email`…) translate with a plain `t(key)`; each
// language's share of them comes with its catalogue (`virtual:shared-messages/<language>`, made by
// build/shared-messages.ts), not all three with the start-up.
//
// Only the active language (plus English, the fallback) is downloaded, and of it at first only the
// core catalogue and the texts of the features the first screen uses (app/route-catalogues.ts):
// the backend below hands i18next the core, `loadTexts` adds a screen's features with its code, and
// `loadAllTexts` the rest once the first screen is drawn. The first screen's download and start-up
// work then do not grow with the app's other screens.
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
 * feature's group), so features can grow without editing one shared file. Each is a chunk of its
 * own (the signed-in shell's few share one, vite.config.ts), loaded when a screen that uses it is
 * (`loadTexts`, called by the router's loaders: app/route-catalogues.ts names what each needs), and
 * all of them in the background once the first screen is drawn (`loadAllTexts`, main.tsx).
 */
const featureCatalogues = import.meta.glob<{ default: Catalogue }>('../features/*/locales/*.json');

/** The feature's catalogue loader for a language, by feature folder name. */
function featureLoader(feature: string, language: UiLanguage): (() => Promise<{ default: Catalogue }>) | undefined {
  return featureCatalogues[`../features/${feature}/locales/${language}.json`];
}

/** Every feature with a catalogue. */
const ALL_FEATURES = [...new Set(Object.keys(featureCatalogues).map((file) => file.split('/')[2]))];

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

/** Deep merge into a new tree (neither input is changed); values of `override` win. */
function mergeCatalogues(base: Catalogue, override: Catalogue): Catalogue {
  const result: Catalogue = { ...base };
  for (const [key, value] of Object.entries(override)) {
    const current = result[key];
    result[key] =
      typeof value === 'object' ? mergeCatalogues(typeof current === 'object' ? current : {}, value) : value;
  }
  return result;
}

/** The features whose texts the app has asked for so far (every language loaded gets them). */
const wantedFeatures = new Set<string>();
/** By language: the features whose texts are in i18next's store (or on their way into it). */
const featuresIn = new Map<UiLanguage, Set<string>>();
/** By language: its core catalogue's load, once the backend has been asked for it (settles once i18next has it). */
const coreLoads = new Map<UiLanguage, Promise<void>>();
/** Whether a text was looked up and not found since texts were last added: then adding them re-renders. */
let missedSinceAdded = false;

function loadFeatures(language: UiLanguage, features: Iterable<string>): Promise<Catalogue[]> {
  const loads: Array<Promise<{ default: Catalogue }>> = [];
  for (const feature of features) {
    const load = featureLoader(feature, language);
    if (load) loads.push(load());
  }
  return Promise.all(loads).then((modules) => modules.map((module) => module.default));
}

/**
 * A language's core catalogue (the shared messages overlaid by `src/locales/<language>.json`) with
 * the texts of every feature wanted so far, as i18next's backend hands it over.
 */
export async function loadCatalogue(language: UiLanguage): Promise<Catalogue> {
  const features = [...wantedFeatures];
  const [{ default: catalogue }, { default: shared }, ...featureTrees] = await Promise.all([
    catalogueLoaders[language](),
    sharedMessageLoaders[language](),
    loadFeatures(language, features),
  ]).then(([core, messages, trees]) => [core, messages, ...trees] as const);
  // Evaluating the language's chunk, merging the catalogues and i18next's own copy of the result
  // each take a few milliseconds (four times that on a phone): separate tasks, not one long one.
  await yieldToBrowser();
  for (const key of Object.keys(shared)) sharedMessageKeys.add(key);
  let full = mergeCatalogues(messageTree(shared), catalogue as Catalogue);
  for (const tree of featureTrees as Catalogue[]) full = mergeCatalogues(full, tree);
  const loaded = featuresIn.get(language) ?? new Set<string>();
  features.forEach((feature) => loaded.add(feature));
  featuresIn.set(language, loaded);
  // Features asked for while these loaded (a screen's loader) come in the same hand-over.
  const late = [...wantedFeatures].filter((feature) => !loaded.has(feature));
  if (late.length) {
    late.forEach((feature) => loaded.add(feature));
    for (const tree of await loadFeatures(language, late)) full = mergeCatalogues(full, tree);
  }
  await yieldToBrowser();
  return full;
}

/** Adds texts to a language already in i18next's store: a re-render only if a text was missed meanwhile. */
function addTexts(language: UiLanguage, tree: Catalogue): void {
  const silent = !missedSinceAdded;
  missedSinceAdded = false;
  i18n.addResourceBundle(language, 'translation', tree, true, true, { silent, skipCopy: true });
}

/**
 * Loads the texts of `features` into every language the app has loaded (the interface's and the
 * English fallback), and into any language loaded later. Resolves once they are in i18next's store:
 * the router's loaders wait for it with the screen's code, so a screen never draws a raw key.
 */
export async function loadTexts(features: readonly string[]): Promise<void> {
  features.forEach((feature) => wantedFeatures.add(feature));
  await Promise.all(
    [...coreLoads].map(async ([language, coreLoad]) => {
      await coreLoad;
      const loaded = featuresIn.get(language) ?? new Set<string>();
      featuresIn.set(language, loaded);
      const missing = features.filter((feature) => !loaded.has(feature));
      if (!missing.length) return;
      missing.forEach((feature) => loaded.add(feature));
      try {
        const trees = await loadFeatures(language, missing);
        addTexts(language, trees.reduce<Catalogue>((all, tree) => mergeCatalogues(all, tree), {}));
      } catch (error) {
        // Not in: a later call (the screen's retry) loads them again.
        missing.forEach((feature) => loaded.delete(feature));
        throw error;
      }
    }),
  );
}

/** Resolves when the browser is idle (at the latest after a second). */
function browserIdle(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: 1_000 });
    else setTimeout(resolve, 50);
  });
}

/**
 * The texts of every feature, one feature at a time and each when the browser is idle (so a click's
 * work, a dialog's code, goes first, and no chunk's evaluation and merge is a long task on a phone):
 * called once the first screen is drawn, so that the next screen, a dialog or a text of another
 * feature finds its texts there.
 */
export async function loadAllTexts(): Promise<void> {
  for (const feature of ALL_FEATURES) {
    await browserIdle();
    await loadTexts([feature]).catch(() => undefined);
  }
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
    const load = loadCatalogue(language).then(
      (catalogue) => callback(null, catalogue as ResourceKey),
      (error: unknown) => {
        featuresIn.delete(language);
        coreLoads.delete(language);
        callback(error instanceof Error ? error : new Error(String(error)), false);
      },
    );
    coreLoads.set(language, load);
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
    // A screen's texts arrive with its code (`loadTexts`): a text missed before they did is drawn
    // again when they are added (`addTexts` then sends i18next's 'added' event).
    react: { useSuspense: true, bindI18nStore: 'added' },
    parseMissingKeyHandler: (key: string, defaultValue?: unknown) => {
      // A call with its own fallback (an API error code) drew no raw key: nothing to draw again.
      if (defaultValue === undefined) missedSinceAdded = true;
      return missingText(key, defaultValue);
    },
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
