// Site: the initial JavaScript a visitor downloads (gzipped), and Lighthouse performance and
// accessibility scores of signed-in screens, in Debian's Chromium.
import { readFileSync } from 'node:fs';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const DIST = path.resolve('frontend/dist');

/** Scripts and module preloads referenced by index.html: what loads before any route chunk. */
export function initialJavaScript(): { files: number; rawKb: number; gzipKb: number } {
  const html = readFileSync(path.join(DIST, 'index.html'), 'utf8');
  const refs = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]);
  let raw = 0;
  let gzip = 0;
  for (const ref of new Set(refs)) {
    const content = readFileSync(path.join(DIST, ref));
    raw += content.length;
    gzip += gzipSync(content, { level: 9 }).length;
  }
  return { files: new Set(refs).size, rawKb: raw / 1024, gzipKb: gzip / 1024 };
}

export interface LighthouseRow {
  page: string;
  performance: number;
  accessibility: number;
  /** The audits that cost points: failed accessibility checks and the performance metrics below par. */
  findings: string[];
  /** JavaScript the page loaded beyond the initial shell (index.html's scripts), KB gzipped as sent. */
  ownScriptKb: number;
}

/** A page to measure; `mobile` uses Lighthouse's default (mobile) profile, otherwise its desktop one. */
export interface LighthousePage {
  name: string;
  path: string;
  mobile?: boolean;
  /** The session cookie to use instead of the default one. */
  cookie?: { name: string; value: string };
}

/** The script paths index.html loads itself (the initial shell). */
function initialScripts(): Set<string> {
  const html = readFileSync(path.join(DIST, 'index.html'), 'utf8');
  return new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]));
}

/**
 * Each screen is measured as a first visit (the browser's HTTP cache emptied, the session cookie
 * kept), `runs` times; the run with the median performance score is reported, as Lighthouse's own
 * guidance on variability advises.
 */
export async function runLighthouse(baseUrl: string, cookie: { name: string; value: string }, pages: LighthousePage[], runs = 3): Promise<LighthouseRow[]> {
  const { default: lighthouse } = await import('lighthouse');
  const { default: desktopConfig } = await import('lighthouse/core/config/desktop-config.js');
  const userDataDir = mkdtempSync(path.join(os.tmpdir(), 'rentalops-lh-'));
  const port = 9300 + Math.floor(Math.random() * 500);
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', `--remote-debugging-port=${port}`],
  });
  try {
    await context.addCookies([{ ...cookie, url: baseUrl, httpOnly: true, sameSite: 'Lax' }]);
    const tab = context.pages()[0] ?? (await context.newPage());
    const devtools = await context.newCDPSession(tab);
    const rows: LighthouseRow[] = [];
    const shell = initialScripts();
    for (const page of pages) {
      const results = [];
      await context.clearCookies();
      await context.addCookies([{ ...(page.cookie ?? cookie), url: baseUrl, httpOnly: true, sameSite: 'Lax' }]);
      for (let run = 0; run < runs; run++) {
        await devtools.send('Network.clearBrowserCache');
        const result = await lighthouse(
          baseUrl + page.path,
          // network-requests belongs to no category: asked for by name, for the page's own JavaScript.
          { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'], onlyAudits: ['network-requests'], disableStorageReset: true },
          page.mobile ? undefined : desktopConfig,
        );
        if (result?.lhr) results.push(result.lhr);
      }
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
      const requests = (lhr?.audits['network-requests']?.details as { items?: Array<{ url: string; resourceType?: string; transferSize?: number }> } | undefined)?.items ?? [];
      const own = requests.filter((request) => request.resourceType === 'Script' && !shell.has(new URL(request.url).pathname));
      rows.push({
        page: page.name,
        performance: Math.round((categories?.performance?.score ?? 0) * 100),
        accessibility: Math.round((categories?.accessibility?.score ?? 0) * 100),
        findings,
        ownScriptKb: own.reduce((sum, request) => sum + (request.transferSize ?? 0), 0) / 1024,
      });
    }
    return rows;
  } finally {
    await context.close();
    rmSync(userDataDir, { recursive: true, force: true });
  }
}

/** The largest-contentful-paint element and its phases, from Lighthouse's audit details. */
function lcpElement(details: unknown): string {
  const tables = (details as { items?: Array<{ items?: Array<{ node?: { snippet?: string }; phase?: string; timing?: number }> }> } | undefined)?.items ?? [];
  const element = tables[0]?.items?.[0]?.node?.snippet ?? '';
  const phases = (tables[1]?.items ?? []).map((item) => `${item.phase} ${Math.round(item.timing ?? 0)} ms`).join(', ');
  return [element, phases].filter(Boolean).join(' — ');
}
