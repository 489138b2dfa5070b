// Issue 21 point 5: every office screen renders once, with its data. A screen (and the shell) names
// the reads its first render shows (`firstReads`, lib/first-reads.ts) and app/boot.ts fetches them
// before React draws. Checked here in a real browser, on every screen: once the first render has
// replaced the boot placeholder, no API read goes out that was not fetched before it (a read the
// screen forgot), and none fetched before it goes out again as the screen mounts (a hook's own
// `revalidateIfStale` check of an answer a moment old: lib/seeded-reads.ts).
import type { Page } from 'playwright-core';
import { STARTUP_TIMEOUT_MS, startTestApp, type TestApp } from './support/app';
import { loadAllHandlers } from '../local/api-adapter';
import { BOOT_WAIT_EXPIRED } from '../frontend/src/app/boot-wait';

const CEO = 'ceo@demo.rentalops.test';
const STAFF = 'staff@demo.rentalops.test';


let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
  // Every handler loaded first, as a warm API is: on a fresh server a screen's session check waited
  // for its handler's first import. (The built files are compressed by startTestApp; a load whose
  // boot wait still expired is measured again: readsOf.)
  await loadAllHandlers();
}, STARTUP_TIMEOUT_MS);
afterAll(async () => app?.close());

interface Reads {
  /** API reads sent before the first render (the seeded ones, and the session check). */
  before: string[];
  /** API reads sent after it. */
  after: string[];
  /** Boot stopped waiting for the first screen's inputs (BOOT_WAIT_MS) and drew without them. */
  expired: boolean;
}

/**
 * The reads of `path`, measured again (up to three times in all) when boot's wait expired: on a
 * loaded machine a first load can outlast it, and then the screen rightly reads after drawing. That
 * says the machine was slow, not that the screen forgot a read; three expiries in a row fail.
 */
async function readsOf(page: Page, path: string): Promise<Reads> {
  let reads = await readsOnce(page, path);
  for (let attempt = 1; attempt < 3 && reads.expired; attempt++) reads = await readsOnce(page, path);
  return reads;
}

/**
 * A page signed in as `email` that records, in every document it loads, each API read with whether
 * React's first commit had replaced the boot placeholder yet (a hook's read starts in an effect of
 * that commit, after its DOM changes).
 */
async function recordingPage(email: string): Promise<Page> {
  const page: Page = await app.signedInPage(email, { viewport: { width: 1366, height: 900 } });
  await page.addInitScript(() => {
    const log: Array<{ url: string; rendered: boolean }> = [];
    (window as unknown as { __reads: typeof log }).__reads = log;
    const original = window.fetch.bind(window);
    window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, window.location.href);
      const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
      const root = document.getElementById('root');
      if (url.pathname.startsWith('/api/') && method === 'GET') log.push({ url: url.pathname + url.search, rendered: !!root && !root.querySelector('.boot-wait') });
      return original(input, init);
    };
  });
  return page;
}

/**
 * Loads `path` in `page` (a new document: the app starts again, with nothing in memory from the
 * screen before) and sorts its API reads into before and after the first render.
 */
async function readsOnce(page: Page, path: string): Promise<Reads> {
  await page.goto(path);
  await page.waitForFunction(() => !document.querySelector('#root .boot-wait'));
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
  const { log, expired } = await page.evaluate((mark) => ({ log: (window as unknown as { __reads: Array<{ url: string; rendered: boolean }> }).__reads, expired: performance.getEntriesByName(mark).length > 0 }), BOOT_WAIT_EXPIRED);
  return { before: log.filter((read) => !read.rendered).map((read) => read.url), after: log.filter((read) => read.rendered).map((read) => read.url), expired };
}

/**
 * Reads that need another read's answer to name them, which a first read cannot know: the property's
 * default checklist, offered on an open task that has none (its key needs the task's property), and
 * the stay a turnover belongs to (its key needs the task's reservation).
 */
const DEPENDENT_READS = [/^\/api\/properties\/[^/]+\/checklist-template$/, /^\/api\/reservations\/[^/]+$/];

/** Reads after the first render that were not fetched before it, and seeded reads sent again after it. */
function problems({ before, after, expired }: Reads, path: string): string[] {
  const seeded = new Set(before);
  const found: string[] = expired ? [`boot's wait for the first screen's inputs (BOOT_WAIT_MS) expired in three loads in a row`] : [];
  const seen = new Map<string, number>();
  for (const url of after) {
    seen.set(url, (seen.get(url) ?? 0) + 1);
    const dependent = path.startsWith('/tasks/') && DEPENDENT_READS.some((pattern) => pattern.test(url));
    if (!seeded.has(url) && !dependent) found.push(`not fetched before the first render: ${url}`);
  }
  for (const [url, count] of seen) if (seeded.has(url)) found.push(`fetched again ${count === 1 ? 'once' : `${count} times`} after the first render: ${url}`);
  return [...new Set(found)];
}

async function ids(): Promise<{ taskId: string; propertyId: string }> {
  const page = await app.signedInPage(CEO);
  const tasks = (await (await page.request.get('/api/tasks?limit=1')).json()) as Array<{ id: string }>;
  const properties = (await (await page.request.get('/api/properties?limit=1')).json()) as Array<{ id: string }>;
  await page.context().close();
  return { taskId: tasks[0]!.id, propertyId: properties[0]!.id };
}

test('every office screen has its reads before its first render', async () => {
  const { taskId, propertyId } = await ids();
  const screens: Array<[string, string]> = [
    [CEO, '/'],
    [CEO, '/tasks'],
    [CEO, '/tasks?status=pending&type=cleaning'],
    [CEO, `/tasks/${taskId}`],
    [CEO, '/properties'],
    [CEO, `/properties/${propertyId}`],
    [CEO, '/dispatch'],
    [CEO, '/team'],
    [CEO, '/shifts'],
    [CEO, '/financials'],
    [CEO, '/reports'],
    [CEO, '/notifications'],
    [CEO, '/pricing'],
    [STAFF, '/my-day'],
    // Staff who open `/` are sent to their day: its reads, not the dashboard's, come first.
    [STAFF, '/'],
    [STAFF, '/tasks'],
    [STAFF, '/properties'],
    [STAFF, '/shifts'],
  ];
  // Two screens at a time: a screen spends most of its time in the quiet second after its load that
  // shows no read comes late, and the other one loads meanwhile. Each of the two keeps one page per
  // account and loads its screens in it one after another, as a user opening each screen's address
  // would (a new context per screen, 18 of them, cost Chromium a new renderer process each).
  const found: string[][] = screens.map(() => []);
  let next = 0;
  const worker = async () => {
    const pages = new Map<string, Page>();
    for (let index = next++; index < screens.length; index = next++) {
      const [email, path] = screens[index]!;
      let page = pages.get(email);
      if (!page) pages.set(email, (page = await recordingPage(email)));
      const reads = await readsOf(page, path);
      if (process.env.FIRST_READS_VERBOSE) console.log(`${email} ${path}\n  before: ${reads.before.join(' ')}\n  after: ${reads.after.join(' ')}`);
      found[index] = problems(reads, path).map((problem) => `${email} ${path}: ${problem}`);
    }
    for (const page of pages.values()) await page.context().close();
  };
  await Promise.all([worker(), worker()]);
  expect(found.flat()).toEqual([]);
});

test("a first visit asks for the screen's chunks and catalogue with the start-up ones, before boot has run", async () => {
  const page = await app.signedInPage(CEO, { language: 'pt', viewport: { width: 1366, height: 900 }, serviceWorkers: 'allow' });
  const requests: string[] = [];
  page.on('request', (request) => requests.push(new URL(request.url()).pathname));
  // When React's first commit replaced the boot placeholder (a mutation observer runs right after it).
  await page.addInitScript(() => {
    new MutationObserver((_records, observer) => {
      if (document.getElementById('root') && !document.querySelector('#root .boot-wait')) {
        (window as unknown as { __drawnAt: number }).__drawnAt = performance.now();
        observer.disconnect();
      }
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto('/tasks');
  await page.waitForFunction(() => !document.querySelector('#root .boot-wait'));
  const index = (pattern: RegExp) => requests.findIndex((path) => pattern.test(path));
  // The boot stage's first read (the company list) goes out once boot has been evaluated.
  const bootRead = index(/^\/api\/companies$/);
  expect(bootRead).toBeGreaterThan(0);
  for (const chunk of [/\/assets\/TasksPage-[^/]+\.js$/, /\/assets\/AuthenticatedLayout-[^/]+\.js$/, /\/assets\/locale-pt-[^/]+\.js$/, /\/assets\/locale-en-[^/]+\.js$/, /\/assets\/boot-[^/]+\.js$/]) {
    expect({ chunk: String(chunk), at: index(chunk) < bootRead && index(chunk) >= 0 }).toEqual({ chunk: String(chunk), at: true });
  }
  // The offline service worker's registration waits for the first screen, then comes.
  await page.waitForFunction(() => navigator.serviceWorker?.controller != null);
  const { drawnAt, registeredAt } = await page.evaluate(() => ({
    drawnAt: (window as unknown as { __drawnAt: number }).__drawnAt,
    registeredAt: performance.getEntriesByType('resource').find((entry) => /\/assets\/register-sw-[^/]+\.js$/.test(entry.name))?.startTime,
  }));
  expect(drawnAt).toBeGreaterThan(0);
  expect(registeredAt).toBeGreaterThan(drawnAt);
  await page.context().close();
});
