import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { preloadScreenFor } from './app/router';
import './lib/i18n';

preloadScreenFor(window.location.pathname);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// The offline service worker, in the built site only, once the page has loaded (off the first paint).
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => void import('./lib/offline/register-sw').then((sw) => sw.registerServiceWorker()), { once: true });
}

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
