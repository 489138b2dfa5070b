// Browser-test harness: the whole product (built frontend + local API over the stand-ins started by
// the global setup) on a free port, Debian's Chromium through playwright-core, demo data, and
// helpers to open a page signed in as a demo account in a given language.
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { existsSync, mkdirSync, readFileSync, readdirSync, statfsSync } from 'node:fs';
import path from 'node:path';
import type { UiLanguage } from '../../shared/enums';
import { startDevServer, type DevServer } from '../../local/dev-server';
import { seedDemoData } from '../../local/seed';
import { apiRuntime, bundleRuntime, stopBundleRuntime } from '../../local/bundles/runtime';
import { loadHandler } from '../../local/api-adapter';
import { findUserByEmail } from '../../functions/data/repositories/users';
import { createSession } from '../../functions/data/repositories/sessions';
import { SESSION_COOKIE } from '../../functions/lib/cookies';
import { ROUTES } from '../../functions/routes';
import { MISSING_TEXT_PREFIX } from '../../frontend/src/lib/missing-text';

/**
 * Debian's headless-only Chromium (`chromium-headless-shell`, scripts/ensure-chromium.sh): the same
 * Blink and V8 as the desktop `chromium`, without its browser layers, for about a third fewer CPU-s per
 * file (docs/test-time.md). CHROMIUM_PATH=/usr/bin/chromium runs the tests in the desktop build.
 */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';

/** V8 flags for the test browser (see startTestApp); E2E_JS_FLAGS= (empty) runs V8 as shipped. */
const JS_FLAGS = process.env.E2E_JS_FLAGS ?? '--no-opt --no-maglev';
const CHROMIUM_JS_FLAGS = JS_FLAGS ? [`--js-flags=${JS_FLAGS}`] : [];

/** E2E_TIMING=1: where a file's time goes (see stopwatch below). */
const TIMING = process.env.E2E_TIMING === '1';

/**
 * Chromium keeps its renderers' shared memory in /dev/shm; where that is small (a container's 64 MB
 * default) it is told to use /tmp instead, which costs disk writes for every frame, so only there.
 */
function smallSharedMemory(): boolean {
  try {
    const { bsize, blocks } = statfsSync('/dev/shm');
    return bsize * blocks < 512 * 2 ** 20;
  } catch {
    return true;
  }
}

// ---- Content-Security-Policy -----------------------------------------------------------------------
// The local server sends the production security headers (shared/security-headers.ts), and every
// browser test fails on a CSP violation: each page reports `securitypolicyviolation` events, and the
// console's "Refused to ... Content Security Policy" lines (workers, preloads) are caught as well.
const cspViolations: string[] = [];

/** The CSP violations seen since the last check (cleared by reading). */
export function takeCspViolations(): string[] {
  return cspViolations.splice(0, cspViolations.length);
}

function assertNoCspViolations(when: string): void {
  const seen = takeCspViolations();
  if (seen.length) throw new Error(`Content-Security-Policy violations ${when}:\n  ${[...new Set(seen)].join('\n  ')}`);
}

// Registered for every test file that uses this harness: the test that caused a violation fails.
if (typeof afterEach === 'function') afterEach(() => assertNoCspViolations('in this test'));

// ---- Texts the catalogues lack -------------------------------------------------------------------
// A key found in no catalogue shows to the reader as the key itself; the app says so on the console
// (frontend/src/lib/missing-text.ts), and the test whose page drew one fails.
const missingTexts: string[] = [];

function assertNoMissingTexts(when: string): void {
  const seen = missingTexts.splice(0, missingTexts.length);
  if (seen.length) throw new Error(`Texts missing from every catalogue ${when} (the page showed the key):\n  ${[...new Set(seen)].join('\n  ')}`);
}

if (typeof afterEach === 'function') afterEach(() => assertNoMissingTexts('in this test'));

// The browser contexts a test opened are closed when it ends (those a file's beforeAll opened stay
// until the file's last test). An open page keeps running: its timers, its polls (the bell's inbox
// every minute), its animations; a file's earlier pages used to run on until the file ended.
const openedInTest: BrowserContext[] = [];
let inTest = false;
let testStartedCpu: ReturnType<typeof chromiumCpu> | undefined;
if (typeof beforeEach === 'function') {
  beforeEach(() => {
    inTest = true;
    if (TIMING) testStartedCpu = chromiumCpu();
  });
}
if (typeof afterEach === 'function' && TIMING) {
  afterEach(() => {
    const now = chromiumCpu();
    const before = testStartedCpu;
    if (!now || !before) return;
    const spent = Object.entries(now).map(([kind, seconds]) => `${kind} ${(seconds - (before[kind] ?? 0)).toFixed(1)}`);
    process.stderr.write(`[e2e timing] ${path.basename(expect.getState().testPath ?? '')} test CPU-s (Chromium's live processes): ${spent.join(', ')} | ${expect.getState().currentTestName}\n`);
  });
}

/**
 * E2E_TIMING: the CPU seconds so far of this process's Chromium processes by kind (browser, renderer,
 * gpu-process, utility, zygote), from /proc (Linux); processes that ended are not counted.
 */
function chromiumCpu(): Record<string, number> | undefined {
  try {
    const parents = new Map<number, number>();
    const cpu = new Map<number, number>();
    for (const name of readdirSync('/proc')) {
      if (!/^\d+$/.test(name)) continue;
      try {
        const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        parents.set(Number(name), Number(fields[1]));
        cpu.set(Number(name), (Number(fields[11]) + Number(fields[12])) / 100);
      } catch {
        // (the process ended meanwhile)
      }
    }
    const tree = new Set([process.pid]);
    for (let grew = true; grew; ) {
      grew = false;
      for (const [pid, parent] of parents) if (tree.has(parent) && !tree.has(pid)) grew = tree.add(pid).size > 0;
    }
    const byKind: Record<string, number> = {};
    for (const pid of tree) {
      if (pid === process.pid) continue;
      let command = '';
      try {
        command = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      } catch {
        continue;
      }
      if (!command.includes('chrom')) continue;
      const kind = /--type=([\w-]+)/.exec(command)?.[1] ?? 'browser';
      byKind[kind] = (byKind[kind] ?? 0) + (cpu.get(pid) ?? 0);
    }
    return byKind;
  } catch {
    return undefined;
  }
}
if (typeof afterEach === 'function') {
  afterEach(async () => {
    inTest = false;
    const opened = openedInTest.splice(0, openedInTest.length);
    // A context of an app started with `reusePages` goes back to its pool when the test left it clean
    // (see recycle below); any other is closed.
    await Promise.all(opened.map(async (context) => ((await recyclers.get(context)?.().catch(() => false)) ? undefined : context.close().catch(() => undefined))));
  });
}

/** For a context an app with `reusePages` may lend again: cleans it and returns it to the pool (true), or false (then it is closed). */
const recyclers = new WeakMap<BrowserContext, () => Promise<boolean>>();

/**
 * What a test may do to a page or its context that cleaning cannot undo (scripts for every document,
 * exposed functions, emulation, permissions, the network taken offline, a fake clock): a context
 * that did any of it is closed after the test, never lent again.
 */
const LASTING_CONTEXT_CHANGES = ['addInitScript', 'exposeBinding', 'exposeFunction', 'route', 'routeFromHAR', 'routeWebSocket', 'setOffline', 'grantPermissions', 'clearPermissions', 'setGeolocation', 'setExtraHTTPHeaders', 'setHTTPCredentials', 'setDefaultTimeout', 'setDefaultNavigationTimeout', 'newPage', 'on', 'once', 'addListener', 'prependListener', 'waitForEvent', 'newCDPSession'] as const;
const LASTING_PAGE_CHANGES = ['addInitScript', 'exposeBinding', 'exposeFunction', 'emulateMedia', 'setExtraHTTPHeaders', 'setDefaultTimeout', 'setDefaultNavigationTimeout', 'routeFromHAR', 'routeWebSocket', 'addLocatorHandler'] as const;
const CLOCK_CHANGES = ['install', 'fastForward', 'pauseAt', 'resume', 'runFor', 'setFixedTime', 'setSystemTime'] as const;

/** What Playwright's event emitters have beyond their typings' on/off. */
interface Listeners {
  eventNames(): Array<string | symbol>;
  rawListeners(name: string | symbol): unknown[];
  removeListener(name: string | symbol, listener: unknown): void;
}

/** Wraps the named methods of `target` so that calling any of them runs `touched` first. */
function onCall(target: object, methods: readonly string[], touched: () => void): void {
  const object = target as Record<string, unknown>;
  for (const method of methods) {
    const original = object[method];
    if (typeof original !== 'function') continue;
    object[method] = (...args: unknown[]) => {
      touched();
      return (original as (...a: unknown[]) => unknown).apply(target, args);
    };
  }
}

/** Collects what a page's console and events say of CSP violations and texts missing from the catalogues. */
async function watchPage(context: BrowserContext): Promise<void> {
  await context.exposeBinding('__rentalopsCspViolation', (_source, violation: string) => {
    cspViolations.push(violation);
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __rentalopsCspViolation?: (v: string) => void }).__rentalopsCspViolation;
      report?.(`${event.violatedDirective} blocked ${event.blockedURI || '(inline)'} on ${event.documentURI}${event.sourceFile ? ` (${event.sourceFile}:${event.lineNumber})` : ''}`);
    });
  });
  context.on('console', (message) => {
    if (message.type() !== 'error') return;
    const text = message.text();
    if (/Content Security Policy/i.test(text)) cspViolations.push(text);
    if (text.startsWith(MISSING_TEXT_PREFIX)) missingTexts.push(`${text.slice(MISSING_TEXT_PREFIX.length).trim()} on ${message.page()?.url() ?? '?'}`);
  });
}

/**
 * E2E_TIMING=1 prints where a file's time goes to stderr (its start-up steps, each screenshot's wait
 * for the page to settle, the bundles' cold starts; jest --verbose gives each test's length), for
 * finding what makes a browser file slow; off, it costs nothing. (TIMING is declared at the top.)
 */
function stopwatch(what: string): (step: string) => void {
  let last = Date.now();
  return (step) => {
    if (!TIMING) return;
    const now = Date.now();
    process.stderr.write(`[e2e timing] ${path.basename(expect.getState().testPath ?? '')} ${what} ${step} ${now - last} ms\n`);
    last = now;
  };
}

export const SCREENSHOT_DIR = path.resolve('test-results', 'screenshots');

export interface PageOptions {
  language?: UiLanguage;
  viewport?: { width: number; height: number };
  /** The browser's time zone (the machine's when absent). */
  timezoneId?: string;
  /**
   * The offline service worker is kept out of the page unless a test asks for it ('allow': the
   * offline and My day tests), so page.route() sees every request (requests a service worker
   * answers bypass it) and each test reads the server, not a copy a worker kept.
   */
  serviceWorkers?: 'allow' | 'block';
  /**
   * The system's motion setting the page sees (`prefers-reduced-motion`). 'reduce' unless a test says
   * otherwise: the app then opens dialogs, menus and toasts at once (app/theme.ts), so a step waits
   * for no fade. (Measured with closing each test's contexts: the two longest files 294 -> 249 s,
   * 524 -> 414 CPU-s in one A/B; the whole browser project 1,257 s before and 1,264 s after, within
   * this machine's run-to-run spread.) The turnover loop and the motion test (dashboard-tasks) use
   * 'no-preference', what most users have.
   */
  reducedMotion?: 'reduce' | 'no-preference';
  /**
   * A new browser context even in a file that lends pages (reusePages): for a test that checks what a
   * browser meeting the app for the first time gets (a first sign-in, a cold load).
   */
  fresh?: boolean;
}

/** A page's viewport unless a test asks for another: a desktop's. */
const DESKTOP_VIEWPORT = { width: 1366, height: 900 };

/**
 * The options that make pages interchangeable for reusePages (service-worker pages are never lent).
 * Not the viewport: a lent page is resized to the one asked for (the contexts emulate nothing else
 * of a device, so a resized page is the page a context of that viewport makes).
 */
function poolKey({ language = 'en', timezoneId, reducedMotion = 'reduce' }: PageOptions): string {
  return JSON.stringify([language, timezoneId ?? '', reducedMotion]);
}

export interface StartOptions {
  /**
   * Lend a test's pages again to the file's later tests that ask for the same options (language,
   * time zone, motion; a lent page is resized to the viewport asked for), instead of a new browser
   * context and page each time: after the test, its page is taken to a blank same-origin document
   * (/api/health), its cookies and the origin's storage (local and session storage, IndexedDB,
   * caches) are cleared and its routes and listeners removed; signedInPage then sets the new
   * session's cookie.
   * The next test's first page.goto is then a navigation in a renderer that has already run the app
   * (V8 keeps the compiled scripts) instead of a new renderer process compiling about 1 MB of
   * JavaScript: measured on the loaded 2-core machine, 0.8 CPU-s for the page load instead of 2.3
   * for a new context, page and load (Chromium's processes summed). A page a test closed, or whose
   * context it changed for good (LASTING_CONTEXT_CHANGES), a service-worker page, and pages opened
   * outside a test are never lent again. Not for files that check a first visit (a cold load).
   */
  reusePages?: boolean;
}

export interface TestApp {
  url: string;
  browser: Browser;
  /** A fresh browser context (own cookies and storage) with the UI language preset. */
  newPage(options?: PageOptions): Promise<Page>;
  /** A page already signed in as the given account (a session created server-side). */
  signedInPage(email: string, options?: PageOptions): Promise<Page>;
  /**
   * A page signed in as `email` with the interface in `language` at `viewport`, made from an English
   * desktop page (in a file with reusePages, one an earlier test left) by switchPage, instead of a
   * new browser context running the app for the first time. The caller's first page.goto loads it so.
   */
  switchedPage(email: string, to: SwitchTo): Promise<Page>;
  close(): Promise<void>;
}

export interface SwitchTo {
  language?: UiLanguage;
  viewport?: { width: number; height: number };
}

/**
 * Readies `page` for `language` at `viewport` as a user switches them (the window resized, the
 * language chosen as the app's language menu stores it), about a third of the CPU of a new page
 * running the app for the first time (docs/test-time.md). The browser's own locale stays the page's;
 * the app's API calls ask for `language`. The next page.goto (or reload) loads the app so.
 */
export async function switchPage(page: Page, { language, viewport }: SwitchTo): Promise<Page> {
  // Storage needs a document of the app's origin: a page lent again is on one, a new page on about:blank.
  if (page.url() === 'about:blank') await page.goto('/api/health');
  if (viewport) await page.setViewportSize(viewport);
  if (language) await page.evaluate((chosen) => window.localStorage.setItem('language', chosen), language);
  return page;
}

/**
 * The browser files that run against the bundles `cdk synth` uploads (API_RUNTIME=bundles for the
 * file's own server: local/bundles/, docs/bundles.md): those named in E2E_BUNDLES (file names without
 * .test.ts, comma- or space-separated; scripts/test.sh sets it), or every file when the run itself
 * has API_RUNTIME=bundles.
 */
function useBundles(): boolean {
  const file = path.basename(expect.getState().testPath ?? '').replace(/\.test\.ts$/, '');
  return (process.env.E2E_BUNDLES ?? '').split(/[\s,]+/).includes(file);
}

/**
 * How long a browser file's beforeAll may take to start its app. The first file of a run seeds the
 * demo company and compresses every built file; on a loaded 2-core machine (the two lanes, the
 * bundles' cold starts) that took over a minute, and a file whose beforeAll timed out left its seed
 * running beside the next file's (which then found the demo e-mails taken).
 */
export const STARTUP_TIMEOUT_MS = 240_000;

/** Debian's Chromium, headless, as every browser file drives it. */
function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      // V8 without its optimising compilers (TurboFan, Maglev): a test's page lives seconds, and
      // compiling its hot functions for speed cost more than they then saved. Same JavaScript, same
      // results. Measured on the loaded 2-core machine (issue 42), CPU-s of the whole file's process
      // tree: reservations 113 -> 108 (renderers 50 -> 45), auth 150 -> 138 (renderers 69 -> 59).
      ...CHROMIUM_JS_FLAGS,
      ...(smallSharedMemory() ? ['--disable-dev-shm-usage'] : []),
    ],
  });
}

/** What every signed-in page asks the API for as it boots (the session, the company, the sidebar and bell). */
const BOOT_CALLS = ['GET /api/auth/user', 'GET /api/companies', 'GET /api/companies/{id}/settings', 'GET /api/usage', 'GET /api/dashboard/metrics', 'GET /api/me/inbox'];

/** Loads the boot calls' handlers as the server would on their first call (see startTestApp). */
async function loadBootHandlers(): Promise<void> {
  const names = BOOT_CALLS.map((call) => {
    const route = ROUTES.find((candidate) => `${candidate.method} ${candidate.path}` === call);
    if (!route) throw new Error(`No route ${call} in functions/routes.ts (e2e/support/app.ts BOOT_CALLS)`);
    return route.handler;
  });
  // A handler that fails to load is not this step's to report: the route that calls it fails with its name.
  if (apiRuntime() === 'bundles') await Promise.allSettled(names.map((name) => bundleRuntime().warm(name)));
  else await Promise.allSettled(names.map((name) => loadHandler(name)));
}

// A file's app is closed when the file ends even when its beforeAll gave up waiting for it (the
// STARTUP_TIMEOUT_MS hook timeout): the start-up runs on, and the server, stand-in work and browser
// it then leaves open kept Jest from exiting after the run and ran beside the next file's.
const started: Promise<TestApp>[] = [];
if (typeof afterAll === 'function') {
  afterAll(async () => {
    const apps = started.splice(0, started.length);
    for (const app of apps) await (await app.catch(() => undefined))?.close();
  }, STARTUP_TIMEOUT_MS);
}

/** The whole product and a browser for one test file (closed by `close()`, or when the file ends). */
export function startTestApp(options: StartOptions = {}): Promise<TestApp> {
  const app = openTestApp(options);
  started.push(app);
  return app;
}

async function openTestApp(options: StartOptions): Promise<TestApp> {
  // E2E_REUSE_PAGES=0 gives every test new contexts in every file (for an A/B, or to rule the pool out).
  const reusePages = (options.reusePages ?? false) && process.env.E2E_REUSE_PAGES !== '0';
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM}. Run: bash scripts/ensure-chromium.sh (apt-get install -y chromium-headless-shell)`);
  // Each test file has its own process.env (Jest), so this file's server alone serves the bundles.
  if (useBundles()) process.env.API_RUNTIME = 'bundles';
  const mark = stopwatch('startTestApp');
  // The browser starts while the demo data and the server come up (its launch is a process start
  // of a second or more on a loaded machine: every file paid it after the server was up).
  const launching = launchBrowser();
  launching.catch(() => undefined); // (awaited below; a launch failing meanwhile is not left unhandled)
  // Whatever fails below, the browser launched beside it is closed (jest would wait on it).
  const closeBrowser = () => launching.then((browser) => browser.close()).catch(() => undefined);
  let server: DevServer | undefined;
  try {
    await seedDemoData();
    mark('seed');
    server = await startDevServer({ port: 0, frontend: 'static', distDir: process.env.E2E_DIST });
    mark('server');
    // Every built file compressed before the first page, as a CDN edge holds them (kept on disk, so
    // only the run's first file pays it): a first page compressing ~70 chunks as it asked for them
    // could outlast boot's wait for the first screen's inputs on a loaded machine.
    await server.precompress?.();
    mark('precompress');
    // A file named in E2E_BUNDLES must meet the bundles, not fall back to the modules unnoticed.
    if (process.env.API_RUNTIME === 'bundles') {
      const health = (await (await fetch(`${server.url}/api/health`)).json()) as { runtime?: string };
      if (health.runtime !== 'bundles') throw new Error(`API_RUNTIME=bundles, but /api/health says runtime ${health.runtime} (local/bundles/runtime.ts)`);
    }
    // The handlers every signed-in page calls are loaded while the browser is still launching,
    // instead of one after another behind the file's first page: under API_RUNTIME=bundles each
    // function's environment starts (its cold start: the bundle's module init in a worker thread),
    // otherwise its TypeScript module is imported. Each is still loaded once, as on its first call.
    await Promise.all([launching.catch(() => undefined), loadBootHandlers()]);
    mark('boot handlers loaded');
    // The page and the API carry the production security headers, so the tests meet the real CSP.
    const served = await fetch(server.url);
    if (!served.headers.get('content-security-policy')?.includes("frame-ancestors 'none'")) {
      throw new Error('The local server sends no Content-Security-Policy (shared/security-headers.ts via local/dev-server.ts)');
    }
  } catch (error) {
    await closeBrowser();
    await server?.close();
    throw error;
  }
  const browser = await launching.catch(async (error: unknown) => {
    await server!.close();
    throw error;
  });
  mark('browser');
  const running: DevServer = server;
  const contexts: BrowserContext[] = [];
  let closing: Promise<void> | undefined;
  /** reusePages: clean pages waiting for a later test that asks for the same options. */
  const idle = new Map<string, Page[]>();
  /** A clean page of the pool for these options, its context handed to the running test, or undefined. */
  const lend = async (options: PageOptions): Promise<Page | undefined> => {
    if (!reusePages || !inTest || options.serviceWorkers === 'allow' || options.fresh) return undefined;
    const page = idle.get(poolKey(options))?.pop();
    if (!page) return undefined;
    openedInTest.push(page.context());
    const viewport = options.viewport ?? DESKTOP_VIEWPORT;
    const size = page.viewportSize();
    if (size?.width !== viewport.width || size.height !== viewport.height) await page.setViewportSize(viewport);
    if (TIMING) process.stderr.write(`[e2e timing] ${path.basename(expect.getState().testPath ?? '')} page lent again ${poolKey(options)} at ${viewport.width}x${viewport.height}\n`);
    return page;
  };
  const newContext = async ({ language = 'en', viewport = DESKTOP_VIEWPORT, timezoneId, serviceWorkers = 'block', reducedMotion = 'reduce' }: PageOptions) => {
    const context = await browser.newContext({ baseURL: server.url, viewport, timezoneId, serviceWorkers, reducedMotion, locale: language === 'pt' ? 'pt-BR' : language === 'es' ? 'es-ES' : 'en-US' });
    await context.addInitScript((lang) => {
      if (!window.localStorage.getItem('language')) window.localStorage.setItem('language', lang);
    }, language);
    // What a page waits for before a step fails: generous, since a loaded machine is slow, not broken.
    context.setDefaultTimeout(30_000);
    await watchPage(context);
    contexts.push(context);
    if (inTest) openedInTest.push(context);
    return context;
  };
  /** The page of a new context, watched so that the test's end can return it to the pool if it stays clean. */
  const newContextPage = async (options: PageOptions) => {
    const context = await newContext(options);
    const page = await context.newPage();
    if (TIMING) process.stderr.write(`[e2e timing] ${path.basename(expect.getState().testPath ?? '')} new context ${poolKey(options)}${inTest ? '' : ' (beforeAll)'}${reusePages ? '' : ' (no pool)'}\n`);
    if (reusePages && inTest && options.serviceWorkers !== 'allow') poolable(page, options);
    return page;
  };
  function poolable(page: Page, options: PageOptions): void {
    const context = page.context();
    const openCdp = context.newCDPSession.bind(context);
    let lasting = false;
    const touched = () => {
      lasting = true;
    };
    onCall(context, LASTING_CONTEXT_CHANGES, touched);
    onCall(page, LASTING_PAGE_CHANGES, touched);
    onCall(page.clock, CLOCK_CHANGES, touched);
    onCall(context.clock, CLOCK_CHANGES, touched);
    // The page's own listeners (Playwright's, on its close and crash) stay; those a test adds go with it.
    const emitter = page as unknown as Listeners;
    const own = new Set(emitter.eventNames().flatMap((name) => emitter.rawListeners(name)));
    let cdp: Awaited<ReturnType<BrowserContext['newCDPSession']>> | undefined;
    recyclers.set(context, async () => {
      if (lasting || page.isClosed() || context.pages().length !== 1 || closing) return false;
      for (const name of emitter.eventNames()) for (const listener of emitter.rawListeners(name)) if (!own.has(listener)) emitter.removeListener(name, listener);
      await page.unrouteAll({ behavior: 'ignoreErrors' });
      // (The viewport stays as the test left it: lend() sizes a page for the test that takes it.)
      // A document of the same origin that runs nothing (the renderer stays the app's), then no trace of the test.
      await page.goto('/api/health', { timeout: 15_000 });
      await context.clearCookies();
      cdp ??= await openCdp(page);
      await cdp.send('Storage.clearDataForOrigin', { origin: running.url, storageTypes: 'local_storage,indexeddb,cache_storage,service_workers,file_systems,websql,shared_storage,storage_buckets' });
      await page.evaluate(() => window.sessionStorage.clear());
      if (lasting || page.isClosed()) return false;
      const key = poolKey(options);
      idle.set(key, [...(idle.get(key) ?? []), page]);
      if (TIMING) process.stderr.write(`[e2e timing] ${path.basename(expect.getState().testPath ?? '')} page back in the pool ${key}\n`);
      return true;
    });
  }
  async function signedInPage(email: string, options: PageOptions = {}): Promise<Page> {
    const user = await findUserByEmail(email);
    if (!user) throw new Error(`No demo user ${email}`);
    const session = await createSession({ userId: user.id, companyId: user.companyId, email: user.email, role: user.role });
    const page = (await lend(options)) ?? (await newContextPage(options));
    await page.context().addCookies([{ name: SESSION_COOKIE, value: session.sid, url: running.url, httpOnly: true, sameSite: 'Lax' }]);
    return page;
  }
  return {
    url: server.url,
    browser,
    async newPage(options = {}) {
      return (await lend(options)) ?? newContextPage(options);
    },
    signedInPage,
    async switchedPage(email, to) {
      return switchPage(await signedInPage(email, { language: 'en' }), to);
    },
    close() {
      // Once, whoever calls it first (the file's afterAll or this harness's).
      closing ??= closeAll();
      return closing;
    },
  };
  async function closeAll(): Promise<void> {
    if (TIMING && process.env.API_RUNTIME === 'bundles') {
      const starts = bundleRuntime().coldStarts;
      mark(`bundles: ${starts.length} cold starts, ${Math.round(starts.reduce((sum, start) => sum + start.initMs, 0))} ms of module init`);
    }
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser.close();
    await running.close();
    await stopBundleRuntime();
    assertNoCspViolations('after the last test');
    assertNoMissingTexts('after the last test');
  }
}

/**
 * Whether screenshots are written: yes unless RENTALOPS_SCREENSHOTS=0 (CI sets it: nobody looks at a
 * CI machine's files, and encoding a few hundred PNGs was minutes of its two cores). The page is
 * still brought to rest first, so a test walks the same steps either way.
 */
const CAPTURE = process.env.RENTALOPS_SCREENSHOTS !== '0';

/**
 * A pause for a picture's sake (a toast or a dialog finishing its fade, a ripple) before a
 * screenshot: only when screenshots are written. A step that needs the page in some state waits for
 * that state, never for time, so skipping this changes nothing a test checks.
 */
export async function settleForScreenshot(page: Page, ms: number): Promise<void> {
  if (CAPTURE) await page.waitForTimeout(ms);
}

/**
 * Saves a screenshot under test-results/screenshots for a person to look at: the whole page, or
 * what the viewport shows (`fullPage: false`: a dialog, a phone's first screen).
 */
export async function screenshot(page: Page, name: string, { fullPage = true }: { fullPage?: boolean } = {}): Promise<string> {
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  // What a person sees once things have settled: a dialog that has finished fading in, not half of it
  // (looping animations, a spinner, are left running: at most 2 s of waiting).
  const started = Date.now();
  await page
    .waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().iterations === Infinity), undefined, { timeout: 2_000 })
    .catch(() => undefined);
  if (TIMING) process.stderr.write(`[e2e timing] ${path.basename(expect.getState().testPath ?? '')} screenshot settle ${name} ${Date.now() - started} ms\n`);
  if (!CAPTURE) return file;
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: file, fullPage, timeout: 60_000 });
  return file;
}
