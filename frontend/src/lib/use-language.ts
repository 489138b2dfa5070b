import { useSyncExternalStore } from 'react';
import type { UiLanguage } from '#shared/enums';
import i18n, { currentLanguage } from './i18n';

function subscribe(onChange: () => void) {
  i18n.on('languageChanged', onChange);
  return () => i18n.off('languageChanged', onChange);
}

/**
 * The interface language (en | pt | es), re-rendering on change. Unlike `useTranslation` it never
 * suspends, so it also works above the i18n Suspense boundary (theme, providers). Use it for
 * `Intl` formatting: `new Intl.NumberFormat(language, …)`.
 */
export function useLanguage(): UiLanguage {
  return useSyncExternalStore(subscribe, currentLanguage, currentLanguage);
}
