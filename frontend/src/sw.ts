/// <reference lib="webworker" />
// The offline service worker (Workbox, built by vite-plugin-pwa with injectManifest):
// - precaches the app shell (HTML, scripts, styles, catalogues, icons) so the app opens without signal;
// - every in-app address opens the shell (index.html) from the cache;
// - keeps the last answers of the reads a staff member's day needs (who is signed in, their 7 days of
//   tasks with checklists and property notes, the company) for reading offline: network first, the
//   cached answer when the network is gone or too slow;
// - forgets those answers when the member signs out (/api/logout), so the next person on the phone
//   never reads them.
// Writes are never cached: what is done offline waits in the page's IndexedDB queue (lib/offline).
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { clientsClaim, type WorkboxPlugin } from 'workbox-core';
import { OFFLINE_COPY_HEADER } from './lib/offline/copies';
import { GUEST_PAGE_PATTERN, STATIC_PAGES } from '#shared/static-pages';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

const API_CACHE = 'rentalops-api-v1';

self.skipWaiting();
clientsClaim();
cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

// In-app addresses: the shell. Not the API, the dev outbox, files or the site's own pages (the API reference).
const STATIC_PAGE_ADDRESSES = Object.keys(STATIC_PAGES).map((address) => new RegExp(`^${address}/?$`));
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api\//, /^\/dev\//, /\/[^/?]+\.[^/?]+$/, ...STATIC_PAGE_ADDRESSES, GUEST_PAGE_PATTERN] }));

/** The reads kept for offline use (GET only, same origin). */
const OFFLINE_READS = [/^\/api\/auth\/user$/, /^\/api\/me\/tasks$/, /^\/api\/companies$/, /^\/api\/tasks\/[^/]+(\/checklist)?$/];

/**
 * Marks an answer taken from the cache (NetworkFirst reads it only when the network failed or was
 * too slow) with the time the copy was made, so the page can say it shows the phone's copy
 * (lib/offline/copies.ts).
 */
const markCopy: WorkboxPlugin = {
  cachedResponseWillBeUsed: async ({ cachedResponse }) => {
    if (!cachedResponse) return null;
    const headers = new Headers(cachedResponse.headers);
    headers.set(OFFLINE_COPY_HEADER, cachedResponse.headers.get('date') ?? '');
    return new Response(await cachedResponse.blob(), { status: cachedResponse.status, statusText: cachedResponse.statusText, headers });
  },
};

registerRoute(
  ({ url, request, sameOrigin }) => sameOrigin && request.method === 'GET' && OFFLINE_READS.some((pattern) => pattern.test(url.pathname)),
  new NetworkFirst({
    cacheName: API_CACHE,
    // On a weak signal the day shows from the phone rather than after a long wait.
    networkTimeoutSeconds: 6,
    plugins: [new CacheableResponsePlugin({ statuses: [200] }), new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 14 * 24 * 3600 }), markCopy],
    // The page's language header must not split the cache (the answers are the same data).
    matchOptions: { ignoreVary: true },
  }),
);

// The first visit: the page read who is signed in and their day before this worker took over, so
// those answers are fetched once more now (with the session cookie) and kept.
self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(API_CACHE);
      await Promise.all(
        ['/api/auth/user', '/api/me/tasks?days=7', '/api/companies'].map(async (url) => {
          try {
            const response = await fetch(url, { credentials: 'include', headers: { Accept: 'application/json' } });
            if (response.status === 200) await cache.put(url, response);
          } catch {
            // no signal: the pages' own reads fill the cache later
          }
        }),
      );
    })(),
  );
});

// Signing out: forget the kept answers before the server ends the session.
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname === '/api/logout',
  async ({ request }) => {
    await caches.delete(API_CACHE);
    return fetch(request);
  },
);
