import { preloadFirstScreen } from './app/startup-preload';
import { yieldToBrowser } from './lib/yield';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// The first screen's chunks and catalogue download with the start-up chunks (index.html preloads
// those), not after the boot stage has worked out which screen this is; a few links per task, beside
// the start-up stages below.
void preloadFirstScreen(window.location.pathname);

/**
 * The offline service worker, in the built site only, once the page has settled: its first screen
 * drawn and nothing more arriving for a second (the screen's deferred sections, their data), at the
 * latest ten seconds after the first screen; then when the browser is idle. Installing it downloads
 * the whole app for offline use, which on a phone's first visit would otherwise share the slow link
 * and the phone's few cores with the screen's own chunks and rendering (Workbox's advice: register
 * after the page has loaded). On the property page it started while the sections below the calendar
 * were still arriving and being drawn.
 */
function registerServiceWorkerWhenSettled(root: HTMLElement): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => void import('./lib/offline/register-sw').then((sw) => sw.registerServiceWorker());
  whenDrawn(root, () => whenQuiet(() => whenIdle(register, 3_000)));
}

/** `run` when the browser is idle, at the latest after `timeout` ms. */
function whenIdle(run: () => void, timeout: number): void {
  if ('requestIdleCallback' in window) window.requestIdleCallback(run, { timeout });
  else setTimeout(run, Math.min(timeout, 1_000));
}

/** `run` once nothing more has arrived for a second (at the latest ten seconds from now). */
function whenQuiet(run: () => void): void {
  let quiet: ReturnType<typeof setTimeout> | undefined;
  // Whichever comes first; it stops the other and the observer, so it runs once.
  const finish = () => {
    clearTimeout(quiet);
    clearTimeout(cap);
    observer?.disconnect();
    run();
  };
  const restart = () => {
    clearTimeout(quiet);
    quiet = setTimeout(finish, 1_000);
  };
  const cap = setTimeout(finish, 10_000);
  let observer: PerformanceObserver | undefined;
  try {
    observer = new PerformanceObserver(restart);
    observer.observe({ type: 'resource' });
  } catch {
    // No resource timing: a second from now.
  }
  restart();
}

/** `run` once React has committed the first screen (it replaces the boot placeholder then). */
function whenDrawn(root: HTMLElement, run: () => void): void {
  const drawn = () => !root.querySelector(':scope > .boot-wait');
  if (drawn()) {
    run();
    return;
  }
  const observer = new MutationObserver(() => {
    if (drawn()) {
      observer.disconnect();
      run();
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
  const i18n = await import('./lib/i18n');
  await yieldToBrowser();
  const boot = await import('./app/boot');
  const ready = boot.prepareFirstScreen(window.location.pathname).catch(() => undefined);
  await yieldToBrowser();
  const { renderApp } = await import('./app/render');
  await ready;
  renderApp(reactDom.createRoot(root));
  // The other screens' texts (the first screen's, with its dialogs' and later sections', came with
  // it: lib/i18n.ts, app/route-catalogues.ts), once it is drawn and has settled (its deferred
  // sections and their data in), so they do not compete with it; a screen opened before then loads
  // its own with its code.
  whenDrawn(root, () => whenQuiet(() => whenIdle(() => void i18n.loadAllTexts(), 2_000)));
  registerServiceWorkerWhenSettled(root);
}

void start(container);
