// Registers the offline service worker (src/sw.ts) of the built site. It takes over the open page
// at once (skipWaiting + clientsClaim), so the first visit already keeps the day for offline use;
// a new version replaces the old one the same way.
import { registerSW } from 'virtual:pwa-register';

export function registerServiceWorker(): void {
  registerSW({ immediate: true });
}
