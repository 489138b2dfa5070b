import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { prepareFirstScreen } from './app/boot';
import './lib/i18n';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// The offline service worker, in the built site only, once the page has loaded (off the first paint).
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => void import('./lib/offline/register-sw').then((sw) => sw.registerServiceWorker()), { once: true });
}

// The session check, the catalogue, the shell's and the screen's chunks and data load together
// (app/boot.ts); then one render, in a transition: React yields to the browser every few
// milliseconds instead of holding the main thread for the whole tree (no long tasks on a phone).
const root = createRoot(container);
void prepareFirstScreen(window.location.pathname)
  .catch(() => undefined)
  .then(() =>
    startTransition(() =>
      root.render(
        <StrictMode>
          <App />
        </StrictMode>,
      ),
    ),
  );
