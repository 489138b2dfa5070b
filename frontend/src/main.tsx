import { preloadFirstScreen } from './app/startup-preload';
import { yieldToBrowser } from './lib/yield';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// The first screen's chunks and catalogue download with the start-up chunks (index.html preloads
// those), not after the boot stage has worked out which screen this is; a few links per task, beside
// the start-up stages below.
void preloadFirstScreen(window.location.pathname);

/**
 * The offline service worker, in the built site only, once the first screen is on it and the
 * browser is idle: installing it downloads the whole app for offline use, which on a phone's first
 * visit would otherwise share the slow link with the first screen's own chunks and data.
 */
function registerServiceWorkerAfterFirstScreen(root: HTMLElement): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => void import('./lib/offline/register-sw').then((sw) => sw.registerServiceWorker());
  const whenIdle = () => ('requestIdleCallback' in window ? window.requestIdleCallback(register, { timeout: 3_000 }) : setTimeout(register, 1_000));
  // React replaces the boot placeholder when it commits the first screen.
  const drawn = () => !root.querySelector(':scope > .boot-wait');
  if (drawn()) {
    whenIdle();
    return;
  }
  const observer = new MutationObserver(() => {
    if (drawn()) {
      observer.disconnect();
      whenIdle();
    }
  });
  observer.observe(root, { childList: true });
}

/**
 * The app starts in stages, each its own chunk evaluated in its own task with the browser given the
 * main thread in between: evaluating the whole start-up graph at once (React, MUI and its theme,
 * i18next, the router) was one task of ~50 ms on a desktop, ~200 ms on a phone, which is what
 * Lighthouse's Total Blocking Time counted first. The first screen's session check, catalogue,
 * chunks and data load together (app/boot.ts); then one render, in a transition: React yields to
 * the browser every few milliseconds instead of holding the main thread for the whole tree.
 */
async function start(root: HTMLElement): Promise<void> {
  const reactDom = await import('react-dom/client');
  await yieldToBrowser();
  await import('./app/theme');
  await yieldToBrowser();
  await import('./lib/i18n');
  await yieldToBrowser();
  const boot = await import('./app/boot');
  const ready = boot.prepareFirstScreen(window.location.pathname).catch(() => undefined);
  await yieldToBrowser();
  const { renderApp } = await import('./app/render');
  await ready;
  renderApp(reactDom.createRoot(root));
  registerServiceWorkerAfterFirstScreen(root);
}

void start(container);
