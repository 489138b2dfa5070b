// What the first screen needs before React draws it (issue 19's and issue 21's budgets on a phone).
//
// Drawing the app while its inputs arrive one by one costs a render per arrival: the session check,
// the language catalogue, the lazily loaded shell and screen, the company, then the screen's data,
// each re-rendering the tree. Updates from SWR (useSyncExternalStore) and i18next render
// synchronously, in one long task each, which is what Lighthouse's Total Blocking Time counted.
// Instead, main.tsx starts everything at once, waits for it here (never longer than BOOT_WAIT_MS),
// and then renders once, inside a transition, which React splits into 5 ms slices.
import { mutate } from 'swr';
import i18n from '../lib/i18n';
import { apiGetPreloadable, swrFetcher } from '../lib/api-client';
import { isManagerRole, isOwnerRole } from '#shared/enums';
import { paths } from '../config/paths';
import { CURRENT_USER_KEY } from '../features/auth/api/get-current-user';
import { COMPANIES_KEY } from '../features/companies/api/get-companies';
import type { FirstReadsUser } from '../lib/first-reads';
import { markSeeded } from '../lib/seeded-reads';
import { warmUpDateFormats } from '../lib/intl';
import { yieldToBrowser } from '../lib/yield';
import { isOwnerPortalPath, preloadScreenFor } from './router';
import { isPublicPath } from './screens';
import { BOOT_WAIT_EXPIRED, BOOT_WAIT_MS } from './boot-wait';

function languageReady(): Promise<void> {
  if (i18n.isInitialized) return Promise.resolve();
  return new Promise((resolve) => i18n.on('initialized', () => resolve()));
}

/** Fetches `key` and puts the answer in SWR's cache, so the first render already has it. */
async function seed<T>(key: string, read: (key: string) => Promise<T>): Promise<T | undefined> {
  try {
    const data = await read(key);
    await mutate(key, data, { revalidate: false });
    markSeeded(key);
    return data;
  } catch {
    // Not signed in, offline or refused: the screen's own hook asks again and shows the answer.
    return undefined;
  }
}

/**
 * My day's offline queue (IndexedDB), loaded and first sent for the member before the first render:
 * each step of that start-up otherwise re-renders the whole day synchronously.
 */
async function prepareOfflineQueue(user: Promise<{ id?: string } | undefined>): Promise<void> {
  const userId = (await user)?.id;
  if (!userId) return;
  const { offlineEngine } = await import('../lib/offline/engine');
  const engine = offlineEngine();
  await new Promise<void>((resolve) => {
    let quiet: ReturnType<typeof setTimeout> | undefined;
    const settle = () => {
      clearTimeout(quiet);
      const { loaded, syncing } = engine.getSnapshot();
      // Settled: loaded, not sending, and nothing changed for a moment (the send's last reload).
      if (loaded && !syncing) quiet = setTimeout(done, 50);
    };
    const unsubscribe = engine.subscribe(settle);
    function done() {
      unsubscribe();
      resolve();
    }
    engine.setUser(userId);
    settle();
  });
}

/**
 * Starts the first screen's downloads and reads and resolves when they are in (or after
 * BOOT_WAIT_MS). The reads of a signed-in screen are sent together with the session check, not
 * after it: a visitor who is not signed in gets 401s that nothing shows.
 */
export async function prepareFirstScreen(pathname: string): Promise<void> {
  const inputs: Array<Promise<unknown>> = [languageReady(), yieldToBrowser().then(warmUpDateFormats)];
  // A public screen's code and texts (app/route-catalogues.ts); it reads nothing.
  if (isPublicPath(pathname)) inputs.push(preloadScreenFor(pathname));
  else {
    const user = seed(CURRENT_USER_KEY, apiGetPreloadable<FirstReadsUser>);
    const preloaded = preloadScreenFor(pathname);
    // Staff who open `/` land on their day (the router sends them there): that screen's chunk,
    // reads and offline queue, not the office dashboard's.
    // Owners land on their portal from any address (the router sends them there), members never do.
    const landing = user.then((signedIn) => {
      if (signedIn && isOwnerRole(signedIn.role)) return isOwnerPortalPath(pathname) ? pathname : paths.ownerPortal;
      const path = signedIn && isOwnerPortalPath(pathname) ? paths.home : pathname;
      return signedIn && path === paths.home && !isManagerRole(signedIn.role) ? paths.myDay : path;
    });
    // The shell's and the screen's own reads (their `firstReads`), once their chunks and the
    // session are in: each key fetched once, whatever asks for it.
    const screenReads = Promise.all([preloaded, user, landing]).then(async ([preloadedReads, signedIn, landingPath]) => {
      if (!signedIn) return undefined;
      const reads = landingPath === pathname ? preloadedReads : await preloadScreenFor(landingPath);
      const location = { pathname: landingPath, search: landingPath === pathname ? window.location.search : '' };
      const wanted = new Map<string, () => Promise<unknown>>();
      for (const read of reads.flatMap((firstReads) => firstReads(location, signedIn))) {
        const [key, load] = typeof read === 'string' ? [read, () => swrFetcher(read)] : [read.key, read.load];
        if (key !== CURRENT_USER_KEY && key !== COMPANIES_KEY && !wanted.has(key)) wanted.set(key, load);
      }
      return Promise.all([...wanted].map(([key, load]) => seed(key, load)));
    });
    inputs.push(
      user,
      seed(COMPANIES_KEY, swrFetcher),
      screenReads,
      landing.then((landingPath) => (landingPath === paths.myDay ? prepareOfflineQueue(user) : undefined)),
    );
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(() => {
      // Named on the page's timeline (performance.getEntriesByName): the first screen drew without
      // all its inputs, so it will read again what it lacks.
      performance.mark(BOOT_WAIT_EXPIRED);
      resolve();
    }, BOOT_WAIT_MS);
  });
  await Promise.race([Promise.allSettled(inputs), timeout]);
  clearTimeout(timer);
}
