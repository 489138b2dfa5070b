import { Suspense, useEffect, useState, type ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { ToastProvider } from '../components/toast/ToastProvider';
import { FullPageSpinner } from '../components/ui/FullPageSpinner';
import { swrConfig } from '../lib/api-client';
import i18n from '../lib/i18n';
import { useLanguage } from '../lib/use-language';
import { cachedThemeForLanguage, loadThemeForLanguage, theme } from './theme';

export interface AppProvidersProps {
  children: ReactNode;
}

/** The theme with MUI's own texts in the interface language (English until pt/es has loaded). */
function useLocalizedTheme() {
  const language = useLanguage();
  const [, setLoaded] = useState<unknown>(null);
  const ready = cachedThemeForLanguage(language);
  useEffect(() => {
    if (!ready) void loadThemeForLanguage(language).then(setLoaded);
  }, [language, ready]);
  return ready ?? theme;
}

/** Theme, i18n, data fetching, toasts and routing, in that order from the outside in. */
export function AppProviders({ children }: AppProvidersProps) {
  return (
    <ThemeProvider theme={useLocalizedTheme()}>
      <CssBaseline />
      <I18nextProvider i18n={i18n}>
        {/* Waits for the language catalogue (loaded on demand) before the first screen. */}
        <Suspense fallback={<FullPageSpinner />}>
          <SWRConfig value={swrConfig}>
            <ToastProvider>
              <BrowserRouter>{children}</BrowserRouter>
            </ToastProvider>
          </SWRConfig>
        </Suspense>
      </I18nextProvider>
    </ThemeProvider>
  );
}
