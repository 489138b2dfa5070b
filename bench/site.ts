// Site: the initial JavaScript a visitor downloads (gzipped), and Lighthouse performance and
// accessibility scores of signed-in screens, in Debian's Chromium.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtempSync, rmSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { loadLighthouse } from './tools';

/** The built site the bench measures: BENCH_DIST=<dir> (a build of one's own), else frontend/dist. */
export const DIST = path.resolve(process.env.BENCH_DIST ?? 'frontend/dist');

/** The initial shell's scripts (initialScripts): what loads before any route chunk. */
export function initialJavaScript(): { files: number; rawKb: number; gzipKb: number } {
  const refs = initialScripts();
  let raw = 0;
  let gzip = 0;
  for (const ref of refs) {
    const content = readFileSync(path.join(DIST, ref));
    raw += content.length;
    gzip += gzipSync(content, { level: 9 }).length;
  }
  return { files: refs.size, rawKb: raw / 1024, gzipKb: gzip / 1024 };
}

export interface LighthouseRow {
  page: string;
  mobile: boolean;
  performance: number;
  accessibility: number;
  /** The metrics behind the performance score, in ms (CLS unitless), of the median run. */
  metrics: { fcp: number; lcp: number; tbt: number; cls: number; si: number };
  /** The audits that cost points: failed accessibility checks and the performance metrics below par. */
  findings: string[];
}

/** A page to measure; `mobile` uses Lighthouse's default (mobile) profile, otherwise its desktop one. */
export interface LighthousePage {
  name: string;
  path: string;
  mobile?: boolean;
  /** Runs for this page (the median is reported); else the `runs` of runLighthouse. */
  runs?: number;
  /** A very first visit: no service worker and no Cache Storage either (else only the HTTP cache is emptied). */
  cold?: boolean;
  /** The session cookie to use instead of the default one. */
  cookie?: { name: string; value: string };
  /** The server to measure the page on, instead of runLighthouse's (BENCH_LH_AB: the other build). */
  origin?: string;
}

/**
 * The script paths of the initial shell: what index.html loads itself, and the chunks its entry
 * loads as it starts (main.tsx imports React, the theme, i18next, the boot module and the app in
 * stages, each a dynamic import; Vite lists them with their dependencies in the entry's
 * `__vite__mapDeps`).
 */
export function initialScripts(): Set<string> {
  const html = readFileSync(path.join(DIST, 'index.html'), 'utf8');
  const scripts = new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]));
  const entry = [...html.matchAll(/<script[^>]+src="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]);
  for (const file of entry) {
    const code = readFileSync(path.join(DIST, file), 'utf8');
    const deps = /__vite__mapDeps=[\s\S]*?\[([^\]]*)\]/.exec(code)?.[1] ?? '';
    for (const dep of deps.matchAll(/"(assets\/[^"]+\.js)"/g)) scripts.add(`/${dep[1]}`);
  }
  return scripts;
}

/**
 * A screen's own JavaScript: its route chunk (the built file whose name starts with `chunk`) and
 * every chunk it imports statically, beyond the initial shell; gzipped KB, as sent. Chunks it
 * loads later on demand (a dialog opened by a tap) are not counted.
 */
export function routeJavaScript(chunk: string): { files: number; gzipKb: number } {
  const assets = path.join(DIST, 'assets');
  const shell = initialScripts();
  const start = readdirSync(assets).find((file) => file.startsWith(`${chunk}-`) && file.endsWith('.js'));
  if (!start) throw new Error(`No built chunk named ${chunk}-*.js in ${assets}`);
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file) || shell.has(`/assets/${file}`)) return;
    seen.add(file);
    const code = readFileSync(path.join(assets, file), 'utf8');
    for (const match of code.matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)) visit(match[1]);
  };
  visit(start);
  const gzip = [...seen].reduce((sum, file) => sum + gzipSync(readFileSync(path.join(assets, file))).length, 0);
  return { files: seen.size, gzipKb: gzip / 1024 };
}

/**
 * A throwaway key and self-signed certificate for localhost (openssl, as Debian ships it), for the
 * bench's HTTPS server; Chromium is told to accept it.
 */
export function localhostCertificate(): { key: Buffer; cert: Buffer } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'rentalops-tls-'));
  try {
    const key = path.join(dir, 'key.pem');
    const cert = path.join(dir, 'cert.pem');
    execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-keyout', key, '-out', cert, '-days', '2', '-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1'], { stdio: 'ignore' });
    return { key: readFileSync(key), cert: readFileSync(cert) };
  } catch (error) {
    throw new Error(`The bench serves the site over HTTPS and needs openssl (apt-get install -y openssl), or run it with BENCH_LH_PROTOCOL=http1: ${(error as Error).message}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Lighthouse runs per page: BENCH_LH_RUNS, else `fallback` (three: the median of three, as
 * Lighthouse advises). On this two-core machine one run of a screen scores up to 5 points below its
 * median (the main thread's share of the CPU varies), so a target judged on single runs failed
 * screens whose medians met it. Every screen on both profiles, three times, is about 17 minutes;
 * BENCH_LH_RUNS=1 for a quick look.
 */
export function lighthouseRuns(fallback = 3): number {
  const runs = Number(process.env.BENCH_LH_RUNS ?? fallback);
  return Number.isInteger(runs) && runs > 0 ? runs : fallback;
}

/**
 * Each screen is measured as a first visit (the browser's HTTP cache emptied, the session cookie
 * kept; the service worker installed beforehand unless the page is `cold`), `runs` times; the run with the median performance score is reported, as Lighthouse's own
 * guidance on variability advises.
 */
export async function runLighthouse(baseUrl: string, cookie: { name: string; value: string }, pages: LighthousePage[], runs = lighthouseRuns()): Promise<LighthouseRow[]> {
  const { lighthouse, desktopConfig } = await loadLighthouse();
  const userDataDir = mkdtempSync(path.join(os.tmpdir(), 'rentalops-lh-'));
  const port = 9300 + Math.floor(Math.random() * 500);
  // Every run gets a browser of its own, started on the same profile (the service worker and its
  // caches persist on disk; the HTTP cache is emptied, the cookies set again). Runs sharing one
  // browser measured each other: Lighthouse's instrumentation walks the heap of the renderer it
  // attaches to before navigating (enabling the debugger and coverage), and a renderer still holding
  // an earlier run's page made that a 50-140 ms task at the start of the next run's trace, which no
  // visitor's phone has. (Within one browser, Chromium also reuses a same-site renderer for each new
  // tab unless ProcessPerSiteUpToMainFrameThreshold is off.)
  const launch = () =>
    chromium.launchPersistentContext(userDataDir, {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--ignore-certificate-errors', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-features=ProcessPerSiteUpToMainFrameThreshold', `--remote-debugging-port=${port}`],
    });
  let context = await launch();
  try {
    await context.addCookies([{ ...cookie, url: baseUrl, httpOnly: true, sameSite: 'Lax' }]);
    // Every run but the `cold` ones is a returning visitor's: the HTTP cache is emptied, but the
    // offline service worker a first visit installs is there (for the staff app, the usual case).
    const installServiceWorker = async () => {
      const tab = context.pages()[0] ?? (await context.newPage());
      await tab.goto(`${baseUrl}/login`);
      await tab.evaluate(() => Promise.race([navigator.serviceWorker?.ready, new Promise((resolve) => setTimeout(resolve, 15_000))]));
      await tab.goto('about:blank');
    };
    if (pages[0] && !pages[0].cold) await installServiceWorker();
    /** One Lighthouse run of a page in a browser of its own, its HTTP cache (and when cold its worker) emptied. */
    const measure = async (page: LighthousePage) => {
      // (A browser that died under the last run has nothing left to close.)
      await context.close().catch(() => undefined);
      context = await launch();
      const origin = page.origin ?? baseUrl;
      await context.addCookies([{ ...(page.cookie ?? cookie), url: origin, httpOnly: true, sameSite: 'Lax' }]);
      const devtools = await context.newCDPSession(context.pages()[0] ?? (await context.newPage()));
      await devtools.send('Network.clearBrowserCache');
      if (page.cold) await devtools.send('Storage.clearDataForOrigin', { origin: new URL(origin).origin, storageTypes: 'service_workers,cache_storage' });
      // BENCH_LH_PROFILE=1: V8's sampling profiler in the trace too (which functions each long task
      // ran; read the kept traces, BENCH_LH_TRACE). It costs the page a little CPU: for reading, not for scores.
      const profiled = process.env.BENCH_LH_PROFILE === '1';
      const flags = { port, output: 'json' as const, logLevel: 'error' as const, onlyCategories: ['performance', 'accessibility'], disableStorageReset: true };
      const config = page.mobile ? { extends: 'lighthouse:default' as const, settings: {} } : desktopConfig;
      const withProfiler = { ...config, settings: { ...config.settings, additionalTraceCategories: 'disabled-by-default-v8.cpu_profiler' } };
      return lighthouse(origin + page.path, flags, profiled ? withProfiler : config);
    };
    /**
     * A run again when Lighthouse fails (its browser's connection closed under it once in a 25-minute
     * bench, taking the whole bench down) or returns no performance score: at most twice, said on
     * stderr; a page that fails three times in a row fails the bench.
     */
    const measureWithRetry = async (page: LighthousePage) => {
      for (let attempt = 1; ; attempt++) {
        try {
          const result = await measure(page);
          if (typeof result?.lhr.categories.performance?.score === 'number' || attempt === 3) return result;
          console.error(`Lighthouse ${page.name}: no performance score; measuring again`);
        } catch (error) {
          if (attempt === 3) throw error;
          console.error(`Lighthouse ${page.name}: ${error instanceof Error ? error.message : String(error)}; measuring again`);
        }
      }
    };
    // One run thrown away first: the first Lighthouse run of a bench scored 20-30 points below the
    // same page measured later (dashboard and tasks on the desktop profile 59 first, 90 and 95 after
    // another screen; the screen measured first instead lost 11), Lighthouse and Chromium's own first
    // start, not the site's. BENCH_LH_WARMUP=0 skips it.
    if (pages[0] && process.env.BENCH_LH_WARMUP !== '0') await measure(pages[0]);
    const rows: LighthouseRow[] = [];
    for (const [index, page] of pages.entries()) {
      const results = [];
      const contention: string[] = [];
      for (let run = 0; run < (page.runs ?? runs); run++) {
        const result = await measureWithRetry(page);
        if (result?.lhr) results.push(result.lhr);
        const observed = process.env.BENCH_VERBOSE && mainThreadTime((result?.artifacts as { Trace?: { traceEvents?: TraceEvent[] } } | undefined)?.Trace?.traceEvents, page.mobile ? 4 : 1);
        if (observed) contention.push(observed);
        // BENCH_LH_TRACE=<dir> keeps each run's trace (open it in Chrome's Performance panel).
        // (Named with the time too: an A/B bench measures each page once per turn, so every run is run 1.)
        const traceDir = process.env.BENCH_LH_TRACE;
        const stamp = new Date().toISOString().slice(11, 19).replace(/:/g, '');
        const trace = (result?.artifacts as { Trace?: unknown } | undefined)?.Trace;
        if (traceDir && trace) writeFileSync(path.join(traceDir, `${page.name.replace(/\W+/g, '-')}-${run + 1}-${stamp}.trace.json`), JSON.stringify(trace));
        // BENCH_LH_KEEP=<dir> keeps each run's Lighthouse report (its JSON: audits, long tasks, LCP phases).
        const keepDir = process.env.BENCH_LH_KEEP;
        if (keepDir && result?.lhr) writeFileSync(path.join(keepDir, `${page.name.replace(/\W+/g, '-')}-${run + 1}-${stamp}.lhr.json`), JSON.stringify(result.lhr));
      }
      const next = pages[index + 1];
      if (page.cold && next && !next.cold) await installServiceWorker();
      results.sort((a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0));
      const lhr = results[Math.floor(results.length / 2)];
      const categories = lhr?.categories;
      const findings: string[] = [];
      for (const category of ['performance', 'accessibility'] as const) {
        for (const ref of categories?.[category]?.auditRefs ?? []) {
          const audit = lhr?.audits[ref.id];
          if (!ref.weight || audit?.score === null || audit?.score === undefined || audit.score >= 0.9) continue;
          const items = (audit.details as { items?: Array<{ node?: { snippet?: string; explanation?: string } }> } | undefined)?.items ?? [];
          const where = items
            .slice(0, 3)
            .map((item) => [item.node?.snippet, process.env.BENCH_VERBOSE ? item.node?.explanation?.replace(/\s+/g, ' ') : undefined].filter(Boolean).join(' — '))
            .filter(Boolean)
            .join(' ');
          const lcp = ref.id === 'largest-contentful-paint' ? lcpElement(lhr?.audits['largest-contentful-paint-element']?.details) : '';
          findings.push(`${category}: ${ref.id} (${audit.displayValue ?? `score ${audit.score}`})${where ? ` ${where}` : ''}${lcp ? ` element ${lcp}` : ''}`);
        }
      }
      const metric = (id: string) => Number(lhr?.audits[id]?.numericValue ?? Number.NaN);
      const metrics = {
        fcp: metric('first-contentful-paint'),
        lcp: metric('largest-contentful-paint'),
        tbt: metric('total-blocking-time'),
        cls: metric('cumulative-layout-shift'),
        si: metric('speed-index'),
      };
      if (process.env.BENCH_VERBOSE) {
        const scores = results.map((r) => Math.round((r.categories.performance?.score ?? 0) * 100)).join(', ');
        const host = (lhr as { environment?: { benchmarkIndex?: number } } | undefined)?.environment?.benchmarkIndex;
        findings.push(`host benchmark index ${host === undefined ? '?' : Math.round(host)}${lhr?.runWarnings?.length ? `; warnings: ${lhr.runWarnings.join(' / ')}` : ''}`);
        findings.push(`runs: ${scores}; median run FCP ${Math.round(metrics.fcp)} ms, LCP ${Math.round(metrics.lcp)} ms, TBT ${Math.round(metrics.tbt)} ms, CLS ${metrics.cls.toFixed(3)}, SI ${Math.round(metrics.si)} ms`);
        for (const line of contention) findings.push(line);
        const tasks = (lhr?.audits['long-tasks']?.details as { items?: Array<{ url: string; duration: number; startTime: number }> } | undefined)?.items ?? [];
        for (const item of tasks.slice(0, 8)) findings.push(`long task: ${item.url.replace(page.origin ?? baseUrl, '')} ${Math.round(item.duration)} ms at ${Math.round(item.startTime)} ms`);
        const bootup = (lhr?.audits['bootup-time']?.details as { items?: Array<{ url: string; total: number; scripting: number }> } | undefined)?.items ?? [];
        for (const item of bootup.slice(0, 8)) findings.push(`bootup: ${item.url.replace(page.origin ?? baseUrl, '')} total ${Math.round(item.total)} ms, scripting ${Math.round(item.scripting)} ms`);
        const work = (lhr?.audits['mainthread-work-breakdown']?.details as { items?: Array<{ groupLabel: string; duration: number }> } | undefined)?.items ?? [];
        for (const item of work.slice(0, 6)) findings.push(`main thread: ${item.groupLabel} ${Math.round(item.duration)} ms`);
      }
      rows.push({
        page: page.name,
        mobile: Boolean(page.mobile),
        metrics,
        performance: Math.round((categories?.performance?.score ?? 0) * 100),
        accessibility: Math.round((categories?.accessibility?.score ?? 0) * 100),
        findings,
      });
    }
    return rows;
  } finally {
    await context.close();
    rmSync(userDataDir, { recursive: true, force: true });
  }
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

/**
 * How long the page's main thread held the CPU in the tasks Lighthouse counts as long (those over
 * 50 ms once its CPU slowdown is applied), against how long those tasks lasted: Lighthouse takes a
 * task's wall time, and on a loaded two-core machine a task also lasts while its thread waits for a
 * core that Chromium's other processes or the server hold. For reading a run, not a target.
 */
function mainThreadTime(events: TraceEvent[] | undefined, slowdown: number): string | undefined {
  if (!events?.length) return undefined;
  const perThread = new Map<string, number>();
  for (const event of events) perThread.set(`${event.pid}:${event.tid}`, (perThread.get(`${event.pid}:${event.tid}`) ?? 0) + 1);
  const main = events
    .filter((event) => event.ph === 'M' && event.name === 'thread_name' && event.args?.name === 'CrRendererMain')
    .map((event) => `${event.pid}:${event.tid}`)
    .sort((a, b) => (perThread.get(b) ?? 0) - (perThread.get(a) ?? 0))[0];
  if (!main) return undefined;
  const long = events.filter((event) => event.name === 'RunTask' && event.ph === 'X' && `${event.pid}:${event.tid}` === main && (event.dur ?? 0) * slowdown > 50_000);
  const wall = long.reduce((sum, event) => sum + (event.dur ?? 0), 0) / 1000;
  const cpu = long.reduce((sum, event) => sum + (event.tdur ?? 0), 0) / 1000;
  return `main thread: ${long.length} long tasks, ${Math.round(wall)} ms long (unthrottled), ${Math.round(cpu)} ms of it on a CPU (${wall ? Math.round((100 * cpu) / wall) : 0}%)`;
}

/** The largest-contentful-paint element and its phases, from Lighthouse's audit details. */
function lcpElement(details: unknown): string {
  const tables = (details as { items?: Array<{ items?: Array<{ node?: { snippet?: string }; phase?: string; timing?: number }> }> } | undefined)?.items ?? [];
  const element = tables[0]?.items?.[0]?.node?.snippet ?? '';
  const phases = (tables[1]?.items ?? []).map((item) => `${item.phase} ${Math.round(item.timing ?? 0)} ms`).join(', ');
  return [element, phases].filter(Boolean).join(' — ');
}
